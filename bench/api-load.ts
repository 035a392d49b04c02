/**
 * Load benchmark of the catalogue API: product info, category listing, search and URL resolve,
 * with autocannon against an API started on loopback for the run (its own DATA_DIR, so it never
 * touches the dev database), printing requests/s and latency percentiles of each call.
 *
 *   npm run api-load -w bench                              # the seeded shop (about 60 products)
 *   npm run api-load -w bench -- --products 100000         # + 100k generated products (seed:large)
 *   npm run api-load -w bench -- --url http://127.0.0.1:8081   # an API that is already running
 *
 * Options: --connections 50, --duration 10 (seconds per call), --products N, --data-dir DIR
 * (default data/bench-seeded or data/bench-<N>; generated once, reused by later runs),
 * --database-url postgres://... (benchmark on PostgreSQL instead of PGlite), --cache-ttl ms
 * (CATALOG_CACHE_TTL_MS of the API: 0 turns the answer cache off), --json FILE.
 *
 * Requests are spread over many ids, paths and queries (not one URL), so the figures include
 * the database work and not just a warm answer cache.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { autocannon, option, repoRoot, startApi, type AutocannonResult } from './lib';

const connections = Number(option('connections') ?? 50);
const duration = Number(option('duration') ?? 10);
const products = option('products') ? Number(option('products')) : 0;
const existingUrl = option('url');
const databaseUrl = option('database-url');
const cacheTtl = option('cache-ttl');
const dataDir = path.resolve(repoRoot, option('data-dir') ?? (products ? `data/bench-${products}` : 'data/bench-seeded'));

const apiEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  ...(cacheTtl !== undefined ? { CATALOG_CACHE_TTL_MS: cacheTtl } : {}),
});

function generateLargeCatalogue() {
  console.log(`preparing ${products} products in ${databaseUrl ? 'DATABASE_URL' : dataDir} (once; reused by later runs)`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'api/src/seed/large.ts', '--products', String(products)], {
    cwd: repoRoot,
    env: apiEnv(),
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('seed:large failed');
}

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

interface Rewrite {
  entity_id: number;
  entity_type: string;
  request_path: string;
  redirect_type: string;
}

/** What to request: shown product ids, request paths, category ids and search queries. */
async function collectTargets(base: string) {
  const rewrites: Rewrite[] = [];
  for (let page = 1; ; page++) {
    const batch = await json<Rewrite[]>(`${base}/api/url-rewrites?page=${page}&pageSize=5000`);
    rewrites.push(...batch);
    if (batch.length < 5000) break;
  }
  const productIds = rewrites.filter((r) => r.entity_type === 'product' && r.redirect_type === '0').map((r) => r.entity_id);
  // Keep a spread-out sample of ids that answer 200 (disabled and off-website products answer 404).
  const sample = shuffle(productIds).slice(0, 5000);
  const shown: number[] = [];
  for (let i = 0; i < sample.length; i += 50) {
    const statuses = await Promise.all(sample.slice(i, i + 50).map((id) => fetch(`${base}/api/products/info/${id}`).then((r) => [id, r.status] as const)));
    for (const [id, status] of statuses) if (status === 200) shown.push(id);
  }
  const { categories } = await json<{ categories: Array<{ id: number; product_count: number }> }>(`${base}/api/categories/`);
  return {
    productIds: shown,
    paths: shuffle(rewrites.map((r) => r.request_path)).slice(0, 20000),
    categories: categories.filter((c) => c.product_count > 0).map((c) => ({ id: c.id, pages: Math.max(1, Math.min(20, Math.ceil(c.product_count / 24))) })),
    totalProducts: productIds.length,
  };
}

/** Deterministic shuffle (so runs are comparable). */
function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  let seed = 42;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const QUERIES = [
  'membrane', 'cavity drain membrane', 'cavty drane', 'sump pump', 'twin sump', 'sump pmup', 'radon barrier', 'radon',
  'tanking slurry', 'tankng slury', 'dpc cream', 'dpc injection creme', 'butyl tape', 'butyl tap', 'drainage channel',
  'perimeter', 'fixing plugs', 'mould wash', 'anti condensation paint', 'hydrovault', 'aquaseal floor', 'drybase pump',
  'terraguard gas barrier', 'cellarmaster 20mm', 'wetstop liquid rubber', 'geotextile', 'inspection port', 'waterstop',
  'moisture meter', 'salt neutraliser', 'kelderdry mesh', 'tidemark sealing rope 10m', 'groundline top hat', 'membr', 'su',
];
const SORTS = ['position', 'name', 'price', 'price_desc', 'newest', 'bestselling'];

type Pick = () => string;
let counter = 0;
const rotate = <T>(items: T[]) => items[counter++ % items.length]!;

/** Waits until requests left over from the previous call are done (the API answers at once again). */
async function drain(base: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const started = Date.now();
    await fetch(`${base}/api/health`).catch(() => undefined);
    if (Date.now() - started < 50) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function measure(base: string, title: string, next: Pick): Promise<AutocannonResult> {
  await drain(base);
  const opts = {
    url: base,
    connections,
    duration,
    requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, method: 'GET', path: next() }) }],
  };
  await autocannon({ ...opts, duration: 2 }); // warm up (JIT, connections, database caches)
  const result = await autocannon(opts);
  console.log(
    `${title.padEnd(18)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   ` +
      `p99 ${String(result.latency.p99).padStart(4)} ms   max ${String(result.latency.max).padStart(5)} ms   ` +
      `non-2xx ${result.non2xx}   errors ${result.errors + result.timeouts}`,
  );
  return result;
}

async function main() {
  let started: { url: string; child: ChildProcess } | undefined;
  if (!existingUrl) {
    if (products) generateLargeCatalogue();
    started = await startApi(apiEnv());
  }
  const base = existingUrl ?? started!.url;
  try {
    const targets = await collectTargets(base);
    console.log(
      `\nAPI ${base} (${databaseUrl ? 'PostgreSQL' : existingUrl ? 'running API' : 'PGlite'}), ${targets.totalProducts} products with pages; ` +
        `${connections} connections, ${duration} s per call; cache TTL ${cacheTtl ?? 'default'}\n`,
    );
    const results: Record<string, AutocannonResult> = {};
    results['product info'] = await measure(base, 'product info', () => `/api/products/info/${rotate(targets.productIds)}`);
    results['category listing'] = await measure(base, 'category listing', () => {
      const c = rotate(targets.categories);
      return `/api/categories/${c.id}/products?page=${1 + (counter % c.pages)}&sort=${SORTS[counter % SORTS.length]}`;
    });
    results.search = await measure(base, 'search', () => `/api/products/search?q=${encodeURIComponent(rotate(QUERIES))}&limit=10`);
    results.resolve = await measure(base, 'resolve', () => `/api/url-rewrites/resolve?path=${encodeURIComponent(rotate(targets.paths))}`);
    const file = option('json');
    if (file) {
      const summary = Object.fromEntries(
        Object.entries(results).map(([k, r]) => [k, { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx }]),
      );
      fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
      fs.writeFileSync(path.resolve(file), `${JSON.stringify({ products: targets.totalProducts, connections, duration, summary }, null, 2)}\n`);
    }
  } finally {
    if (started) {
      started.child.kill('SIGTERM');
      await new Promise((r) => started!.child.once('exit', r));
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
