/**
 * A short mixed load on the real API (embedded database unless DATABASE_URL is set): shoppers
 * browse, fill baskets, check out with good and declined cards, and poll health, all at once, for
 * `--seconds` (default 45). Fails on any 5xx answer, on any request error, or when the API's
 * resident memory grows by more than `--max-growth-mb` (default 120) between the end of a warm-up
 * and the end of the run.
 *
 *   node --import tsx src/reliability/mixed-load.ts --seconds 45
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { check, confirmOrderBody, postJson, prepareDatabase, readyToPay, spawnApi, stopApi, waitHealthy } from './support';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 45);
const WARMUP_SECONDS = Math.min(10, Math.floor(SECONDS / 4));
const MAX_GROWTH_MB = arg('max-growth-mb', 120);
const SHOPPERS = arg('shoppers', 12);

/** Resident memory of a process, MB (Linux). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-load-'));
  try {
    const products = await prepareDatabase(dataDir, 8, 1_000_000);
    const api = await spawnApi({ DATA_DIR: dataDir, GUEST_BASKETS_PER_CLIENT: '0', LOG_LEVEL: 'warn' });
    await waitHealthy(api);
    const pid = api.child.pid!;
    const counts = { requests: 0, orders: 0, declined: 0 };
    const failures: string[] = [];
    const end = Date.now() + SECONDS * 1000;
    let warmRss = 0;
    const warm = setTimeout(() => (warmRss = rssMb(pid)), WARMUP_SECONDS * 1000);

    const note = (what: string, status: number, body: unknown) => {
      counts.requests++;
      if (status >= 500) failures.push(`${what}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
    };

    async function shopper(n: number) {
      while (Date.now() < end && failures.length === 0) {
        const product = products[n % products.length]!;
        try {
          const health = await fetch(`${api.url}/api/health`);
          note('health', health.status, await health.text());
          const info = await fetch(`${api.url}/api/products/info/${product.id}`);
          note('product', info.status, await info.text());
          const declined = counts.orders % 5 === 4;
          const { cartId, pm } = await readyToPay(api.url, product.sku, 1 + (n % 3), declined ? '4000000000000002' : '4242424242424242');
          counts.requests += 4; // guest/create, add, save-shipping-info, payment-methods
          const res = await postJson(`${api.url}/api/cart/confirm-order`, confirmOrderBody(cartId, pm));
          note('confirm-order', res.status, res.json);
          if (res.status === 200) counts.orders++;
          else if (res.status === 402) counts.declined++;
          else if (res.status !== 429) failures.push(`confirm-order: ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
        } catch (error) {
          failures.push(`request failed: ${(error as Error).message}`);
        }
      }
    }
    await Promise.all(Array.from({ length: SHOPPERS }, (_, i) => shopper(i)));
    clearTimeout(warm);
    const endRss = rssMb(pid);
    check((await stopApi(api)) === 0, 'a clean stop after the load');
    const growth = warmRss ? endRss - warmRss : 0;
    console.log(
      `mixed load (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${SHOPPERS} shoppers, ${SECONDS} s): ${counts.requests} requests, ` +
        `${counts.orders} orders, ${counts.declined} declined; RSS ${warmRss} MB after warm-up, ${endRss} MB at the end (growth ${growth} MB, bound ${MAX_GROWTH_MB})`,
    );
    check(failures.length === 0, `5xx or failed requests:\n${failures.slice(0, 10).join('\n')}`);
    check(growth <= MAX_GROWTH_MB, `memory grew by ${growth} MB (bound ${MAX_GROWTH_MB} MB)`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
