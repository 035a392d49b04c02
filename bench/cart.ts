/**
 * Load benchmark of the basket and checkout API: cart add (and the basket read and a delivery
 * estimate) and confirm-order, with autocannon against an API started on loopback for the run,
 * printing requests/s and latency percentiles, then checking the books (one order per success,
 * stock down by exactly what was ordered).
 *
 *   npm run cart -w bench                                        # PGlite in data/bench-cart
 *   npm run cart -w bench -- --database-url postgres://...       # on PostgreSQL
 *
 * Options: --connections 20, --duration 10 (seconds for the cart calls), --orders 2000 (confirm-order
 * calls, one basket each), --products 20 (the orders spread over this many products; 1 = everyone
 * buys the same product, the hottest row), --data-dir DIR, --database-url URL, --json FILE.
 *
 * The bench products (BENCH-CART-*) and the ready baskets (lines, address and delivery saved) are
 * written straight into the database before the API starts, so confirm-order is measured alone.
 * Payments go through the offline test provider (pm_card_visa): the whole checkout runs (claim,
 * stock, order, payment intent, paid event, basket closed, mail queued) with no network.
 */
import fs from 'node:fs';
import path from 'node:path';
import { checkCartBench, prepareCartBench, type BenchAddress } from '../api/src/cart/bench-support';

import { autocannon, option, repoRoot, startApi, type AutocannonResult } from './lib';

const connections = Number(option('connections') ?? 20);
const duration = Number(option('duration') ?? 10);
const orderCount = Number(option('orders') ?? 2000);
const productCount = Math.max(1, Number(option('products') ?? 20));
const databaseUrl = option('database-url');
const jsonOut = option('json');
const dataDir = path.resolve(repoRoot, option('data-dir') ?? 'data/bench-cart');

/** The API's environment for this benchmark: its own database, the offline payment provider. */
const apiEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  STRIPE_SECRET_KEY: '',
  // Each basket is made by its own shopper (X-Forwarded-For from loopback, trusted here), so the
  // per-client basket limit stays as configured.
  TRUST_PROXY: '127.0.0.1',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
});

async function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

let counter = 0;
const rotate = <T>(items: T[]) => items[counter++ % items.length]!;

function report(title: string, result: AutocannonResult) {
  const statuses = Object.entries(result.statusCodeStats)
    .map(([code, s]) => `${code}×${s.count}`)
    .join(' ');
  console.log(
    `${title.padEnd(22)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   ` +
      `p99 ${String(result.latency.p99).padStart(4)} ms   max ${String(result.latency.max).padStart(5)} ms   ` +
      `requests ${result.requests.total}   ${statuses}   errors ${result.errors + result.timeouts}`,
  );
}

async function post(base: string, title: string, path: string, body: () => unknown, opts: Record<string, unknown> = {}) {
  const run = (extra: Record<string, unknown>) =>
    autocannon({
      url: base,
      connections,
      duration,
      requests: [
        {
          setupRequest: (req: Record<string, unknown>) => ({
            ...req,
            method: 'POST',
            path,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body()),
          }),
        },
      ],
      ...opts,
      ...extra,
    });
  const result = await run({});
  report(title, result);
  return result;
}

async function main() {
  console.log(`preparing ${orderCount} ready baskets over ${productCount} product(s) in ${databaseUrl ? 'DATABASE_URL' : dataDir}`);
  const prepared = await prepareCartBench({ dataDir, databaseUrl, orderCount, productCount });
  const ADDRESS: BenchAddress = prepared.address;
  const { url: base, child } = await startApi(apiEnv());
  const results: Record<string, AutocannonResult> = {};
  try {
    // Baskets for the cart calls: many, so concurrent adds rarely touch the same row.
    const baskets: string[] = [];
    for (let i = 0; i < 400; i++) {
      const shopper = { 'x-forwarded-for': `10.17.${Math.floor(i / 250)}.${(i % 250) + 1}` };
      baskets.push((await postJson<{ cartId: string }>(`${base}/api/cart/guest/create`, {}, shopper)).cartId);
    }
    const skus = prepared.skus.slice(0, productCount);
    for (const cartId of baskets) await postJson(`${base}/api/cart/add`, { cartId, productSku: rotate(skus), quantity: 1 });

    console.log(`\nAPI ${base} (${databaseUrl ? 'PostgreSQL' : 'PGlite'}), ${connections} connections\n`);
    // Warm up (JIT, connections, database caches).
    await autocannon({
      url: base,
      connections,
      duration: 2,
      requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, method: 'POST', path: '/api/cart', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cartId: rotate(baskets) }) }) }],
    });
    results['cart add'] = await post(base, 'cart add', '/api/cart/add', () => ({ customerToken: null, cartId: rotate(baskets), productSku: rotate(skus), quantity: 1 }));
    results['cart read'] = await post(base, 'cart read', '/api/cart', () => ({ customerToken: null, cartId: rotate(baskets) }));
    results['estimate shipping'] = await post(base, 'estimate shipping', '/api/cart/estimate-shipping-methods', () => ({
      cartId: rotate(baskets),
      address: { country_id: 'GB', postcode: rotate(['WF2 7AZ', 'BT7 1NN', '*', 'PA34 4AB']) },
    }));

    let next = 0;
    const confirm = await autocannon({
      url: base,
      connections,
      amount: prepared.basketIds.length,
      timeout: 60,
      requests: [
        {
          setupRequest: (req: Record<string, unknown>) => ({
            ...req,
            method: 'POST',
            path: '/api/cart/confirm-order',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              customerToken: null,
              cartId: prepared.basketIds[next++ % prepared.basketIds.length],
              payment: { method: 'stripe_payments', piPaymentMethodId: 'pm_card_visa', paymentMethodType: 'card' },
              billingAddress: ADDRESS,
            }),
          }),
        },
      ],
    });
    results['confirm-order'] = confirm;
    report(`confirm-order (${productCount}p)`, confirm);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }

  // The books: every success is one order; stock went down by exactly what was ordered.
  const ok = results['confirm-order']!.statusCodeStats['200']?.count ?? 0;
  const books = await checkCartBench({ dataDir, databaseUrl, basketIds: prepared.basketIds, productIds: prepared.productIds });
  console.log(
    `\nchecks: ${ok} confirms answered 200, ${books.orders} orders made (${books.paid} paid), stock taken ${books.stockTaken} = units ordered ${books.unitsOrdered}: ` +
      `${ok === books.orders && books.stockTaken === books.unitsOrdered ? 'OK' : 'MISMATCH'}`,
  );
  if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(results, null, 2));
  console.log('\n(delete data/bench-cart to start from an empty database; the baskets are made anew on every run)');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
