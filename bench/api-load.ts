/**
 * Load benchmark of the API on one database: the catalogue calls (product detail, category
 * listing, search, URL resolve), basket adds by 50 shoppers and confirm-order, against an API
 * started on loopback for the run (its own DATA_DIR or DATABASE_URL, so it never touches the dev
 * database), printing requests/s and latency percentiles of each call. The answer cache is off
 * (CATALOG_CACHE_TTL_MS=0) unless --cache-ttl says otherwise, so every request reaches the database.
 *
 *   npm run api-load -w bench                                # PGlite, the seeded shop (about 60 products)
 *   npm run api-load -w bench -- --products 100000           # + 100k generated products (seed:large)
 *   npm run api-load -w bench -- --database-url postgres://… # PostgreSQL (an empty database)
 *
 * Options: --connections 50 (and shoppers), --duration 10 (seconds per call), --products N,
 * --orders 2000 (confirm-order calls, one ready basket each), --data-dir DIR (PGlite: default
 * data/bench-seeded or data/bench-<N>, generated once and reused), --database-url URL,
 * --cache-ttl ms, --json FILE, --calls detail,listing,search,resolve,basket,confirm,checkout (the
 * calls to measure, all by default), --shoppers 20 (the checkout call's shoppers). `npm run bench`
 * runs it on both drivers and both catalogue sizes.
 *
 * checkout: the whole guest checkout (checkout.ts: create a basket, add 1-3 products in a random
 * order, estimate delivery, save address and delivery, save payment, confirm with the test card),
 * `--shoppers` shoppers at once, each its own client, looping; figures are whole checkouts.
 *
 * GET calls are measured after a 2 s warm-up on the same connections (lib.ts steadyFigures says why);
 * the warm-up's slowest answer is printed.
 *
 * Every request is one that must answer 2xx (every product with a page, paths that resolve, active
 * categories, stock enough for every add): any other status or a connection error is printed with
 * the answers' bodies and the run exits with code 1 after the figures.
 *
 * Shoppers: each basket belongs to one shopper with its own client address (X-Forwarded-For from
 * loopback, which the bench's API trusts through TRUST_PROXY), who sends one request at a time. The
 * per-client limits stay as configured, except GUEST_BASKETS_PER_CLIENT (0: the checkout call's
 * shoppers each open a new basket per checkout).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { checkCartBench, prepareCartBench } from '../api/src/cart/bench-support';
import { prepareCatalogueBench } from '../api/src/seed/catalogue-bench';
import { runCheckouts, type CheckoutFigures } from './checkout';

import { autocannonFigures, isFailure, option, printFigures, repoRoot, runShoppers, startApi, steadyFigures, type CallFigures } from './lib';

const connections = Number(option('connections') ?? 50);
const duration = Number(option('duration') ?? 10);
const products = option('products') ? Number(option('products')) : 0;
const orderCount = Number(option('orders') ?? 2000);
const databaseUrl = option('database-url');
const cacheTtl = option('cache-ttl') ?? '0';
const dataDir = path.resolve(repoRoot, option('data-dir') ?? (products ? `data/bench-${products}` : 'data/bench-seeded'));
const CALLS = ['detail', 'listing', 'search', 'resolve', 'basket', 'confirm', 'checkout'];
const shopperCount = Number(option('shoppers') ?? 20);
const calls = new Set((option('calls') ?? CALLS.join(',')).split(','));
for (const call of calls) if (!CALLS.includes(call)) throw new Error(`--calls: unknown call ${call} (${CALLS.join(', ')})`);
/** Bench products the shoppers and the ready baskets buy (plenty of stock each). */
const BENCH_PRODUCTS = 20;

const apiEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  STRIPE_SECRET_KEY: '',
  CATALOG_CACHE_TTL_MS: cacheTtl,
  // The shoppers' addresses come in X-Forwarded-For from loopback (the bench plays the page server).
  TRUST_PROXY: '127.0.0.1',
  DATABASE_URL: databaseUrl ?? '',
  // The checkout call's shoppers each make a new basket every checkout (hundreds a minute).
  GUEST_BASKETS_PER_CLIENT: '0',
});

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
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

/** A cycle through `items`: each call answers the next, starting again at the end. */
function cycle<T>(items: readonly T[]): () => T {
  if (items.length === 0) throw new Error('nothing to request');
  let i = 0;
  return () => items[i++ % items.length]!;
}

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

/**
 * One GET call on `connections` connections: 2 s of warm-up (JIT, database caches, the connections
 * themselves) then `duration` s measured on the same connections (see steadyFigures).
 */
async function measureGet(base: string, next: () => string): Promise<CallFigures> {
  await drain(base);
  const requests = [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, method: 'GET', path: next() }) }];
  return steadyFigures({ url: base, connections, warmup: 2, duration, requests });
}

async function main() {
  const where = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`;
  console.log(`preparing the shop${products ? ` + ${products} generated products` : ''} and ${calls.has('confirm') ? orderCount : 0} ready baskets: ${where}`);
  const targets = await prepareCatalogueBench({ dataDir, databaseUrl, products, log: (m) => console.log(`  ${m}`) });
  const cart = await prepareCartBench({ dataDir, databaseUrl, orderCount: calls.has('confirm') ? orderCount : 0, productCount: BENCH_PRODUCTS });
  // The files the load wrote go to disk before measuring, not during it (the kernel writes dirty
  // pages back up to 30 s later; after a 100k load that is over 1 GB, on the cores being measured).
  execFileSync('sync');
  const { url: base, child } = await startApi(apiEnv());
  const results: Record<string, CallFigures> = {};
  let checkout: CheckoutFigures | undefined;
  const show = (title: string, figures: CallFigures) => {
    results[title] = figures;
    printFigures(title, figures);
  };
  try {
    const { categories } = await json<{ categories: Array<{ id: number; product_count: number }> }>(`${base}/api/categories/`);
    const listings = categories
      .filter((c) => c.product_count > 0)
      .flatMap((c) => Array.from({ length: Math.min(20, Math.ceil(c.product_count / 24)) }, (_, i) => ({ id: c.id, page: i + 1 })));
    console.log(
      `\nAPI ${base} (${databaseUrl ? 'PostgreSQL' : 'PGlite'}), ${targets.productIds.length} products with pages, ` +
        `${connections} connections, ${duration} s per call, answer cache TTL ${cacheTtl} ms\n`,
    );

    const productId = cycle(shuffle(targets.productIds));
    if (calls.has('detail')) show('product detail', await measureGet(base, () => `/api/products/info/${productId()}`));
    const listing = cycle(shuffle(listings));
    const sort = cycle(SORTS);
    if (calls.has('listing')) show('category listing', await measureGet(base, () => {
      const { id, page } = listing();
      return `/api/categories/${id}/products?page=${page}&sort=${sort()}`;
    }));
    const query = cycle(QUERIES);
    if (calls.has('search')) show('search (10 results)', await measureGet(base, () => `/api/products/search?q=${encodeURIComponent(query())}&limit=10`));
    const resolvePath = cycle(shuffle(targets.paths));
    if (calls.has('resolve')) show('resolve', await measureGet(base, () => `/api/url-rewrites/resolve?path=${encodeURIComponent(resolvePath())}`));

    // 50 shoppers (one per connection), each with its own address and basket, adding the bench
    // products one after another (a different line each time, so no line reaches 999).
    await drain(base);
    const shoppers = await Promise.all(
      Array.from({ length: connections }, async (_, i) => {
        const headers = { 'x-forwarded-for': `10.16.${Math.floor(i / 250)}.${(i % 250) + 1}` };
        const { cartId } = await json<{ cartId: string }>(`${base}/api/cart/guest/create`, { method: 'POST', headers });
        const sku = cycle(shuffle(cart.skus).slice(0, BENCH_PRODUCTS));
        return { headers, body: () => ({ customerToken: null, cartId, productSku: sku(), quantity: 1 }) };
      }),
    );
    // 2 s of warm-up on the shoppers' own connections, then `duration` s measured.
    if (calls.has('basket')) show('basket add (shoppers)', await runShoppers(base, '/api/cart/add', shoppers, duration, 2));

    await drain(base);
    const basket = cycle(calls.has('confirm') ? cart.basketIds : ['']);
    const shopperAddress = cycle(shoppers.map((s) => s.headers['x-forwarded-for']));
    if (calls.has('confirm')) show(
      `confirm-order (${orderCount})`,
      await autocannonFigures({
        url: base,
        connections,
        amount: cart.basketIds.length,
        timeout: 60,
        requests: [
          {
            setupRequest: (req: Record<string, unknown>) => ({
              ...req,
              method: 'POST',
              path: '/api/cart/confirm-order',
              headers: { 'content-type': 'application/json', 'x-forwarded-for': shopperAddress() },
              body: JSON.stringify({
                customerToken: null,
                cartId: basket(),
                payment: { method: 'stripe_payments', piPaymentMethodId: 'pm_card_visa', paymentMethodType: 'card' },
                billingAddress: cart.address,
              }),
            }),
          },
        ],
      }),
    );

    if (calls.has('checkout')) {
      await drain(base);
      checkout = await runCheckouts({ base, shoppers: shopperCount, skus: cart.skus, address: cart.address, durationS: duration, warmupS: 2 });
      show(`checkout (${shopperCount} shoppers)`, checkout);
      console.log(`  its calls, p50/p99 ms: ${Object.entries(checkout.steps).map(([step, f]) => `${step} ${f.p50.toFixed(0)}/${f.p99.toFixed(0)}`).join(', ')}`);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }

  // The books: every success is one order; stock went down by exactly what was ordered.
  // (A confirm the client gave up on may still have made its order: between 200s and 200s + timeouts.)
  let booksOk = true;
  if (calls.has('confirm') || checkout) {
    const confirm = calls.has('confirm') ? results[`confirm-order (${orderCount})`] : undefined;
    const confirmed = (confirm?.statuses['200'] ?? 0) + (checkout?.cartIds.length ?? 0);
    const gaveUp = (confirm?.errors ?? 0) + (checkout?.errors ?? 0);
    const books = await checkCartBench({ dataDir, databaseUrl, basketIds: [...cart.basketIds, ...(checkout?.cartIds ?? [])], productIds: cart.productIds });
    // A checkout's failed confirm may have taken stock in an order of a cart not counted here.
    booksOk = books.orders >= confirmed && books.orders <= confirmed + gaveUp && (gaveUp > 0 || books.stockTaken === books.unitsOrdered);
    if (checkout && books.orders === confirmed) {
      const checkoutUnits = await checkCartBench({ dataDir, databaseUrl, basketIds: checkout.cartIds, productIds: [] });
      booksOk &&= checkoutUnits.unitsOrdered === checkout.units;
    }
    console.log(
      `\nbooks: ${confirmed} confirms answered 200 (${gaveUp} gave up), ${books.orders} orders made (${books.paid} paid), ` +
        `stock taken ${books.stockTaken} = units ordered ${books.unitsOrdered}: ${booksOk ? 'OK' : 'MISMATCH'}`,
    );
  }

  const file = option('json');
  if (file) {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const summary = Object.fromEntries(Object.entries(results).map(([k, r]) => [k, { rps: Math.round(r.rps), p50: r.p50, p99: r.p99, statuses: r.statuses }]));
    fs.writeFileSync(path.resolve(file), `${JSON.stringify({ driver: databaseUrl ? 'postgres' : 'pglite', products: targets.productIds.length, connections, duration, summary }, null, 2)}\n`);
  }
  const failed = Object.entries(results).filter(([, r]) => isFailure(r)).map(([title]) => title);
  if (failed.length > 0 || !booksOk) {
    console.error(`\nFAILED: ${[...failed.map((t) => `${t}: answers that were not 2xx`), ...(booksOk ? [] : ['the books do not add up'])].join('; ')}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
