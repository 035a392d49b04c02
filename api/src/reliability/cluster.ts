/**
 * `npm run test:cluster` (issue 31): the shop as several machines would run it, simulated on one.
 * Every process has its own loopback address and environment, as separate hosts would:
 *
 *   HAProxy 127.0.0.10  shop :BASE   round-robin over the page servers (health: /readyz)
 *                       api  :BASE+1 round-robin over the API instances (health: /api/health)
 *   API instances       127.0.0.2, 127.0.0.3 (one PostgreSQL, one Redis; metrics on :BASE+4)
 *   page servers        127.0.0.4, 127.0.0.5 (API_URL: the API frontend of HAProxy)
 *   Redis               127.0.0.6
 *
 * Shoppers, each from its own client address (127.0.1.N), browse, search, sign in and check out
 * with the test card through the load balancer. During the load one API instance and later one page
 * server are killed (-9) and restarted after a few seconds, and a price is changed through one API
 * instance. Then it checks and prints: orders and money (every payment taken has one paid order,
 * none paid twice, stock adds up), the shoppers' failures (only while a process was dying; every
 * failed confirm answered on retry with the same basket), each job once per period, the login limit
 * counted across both instances, and the price seen by both instances within 2 s.
 *
 * Needs DATABASE_URL (scripts/cluster.mjs starts a throwaway PostgreSQL), `haproxy` and
 * `redis-server` (Debian packages), and the front-end builds (`npm run build`).
 *   CLUSTER_LOAD_SECONDS (default 75), CLUSTER_PORT_BASE (default 9950), RELIABILITY_VERBOSE=1.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminProductDetailSchema, saveRequestOf } from '@shop/shared/backoffice';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { signedInStaff } from '../backoffice/test-helpers';
import { GB_ADDRESS } from '../cart/test-fixtures';
import { closeDb, queryRows } from '../db/client';
import { PAYMENT_MESSAGES } from '../payment/messages';
import { testConfig } from '../test/app';
import { apiRoot, check, clientAt, openRunDb, prepareDatabase, spawnService, waitReady, type Answer, type ApiProcess } from './support';

const repoRoot = path.resolve(apiRoot, '..');
const LOAD_SECONDS = Number(process.env.CLUSTER_LOAD_SECONDS ?? 75);
const BASE = Number(process.env.CLUSTER_PORT_BASE ?? 9950);
const LB = '127.0.0.10';
const API_HOSTS = ['127.0.0.2', '127.0.0.3'] as const;
const PAGE_HOSTS = ['127.0.0.4', '127.0.0.5'] as const;
const REDIS_HOST = '127.0.0.6';
const PORT = { shop: BASE, apiLb: BASE + 1, api: BASE + 2, page: BASE + 3, metrics: BASE + 4, redis: BASE + 5 };
const SHOPPERS = 8;
const STOCK = 1_000_000;
const KILL_RESTART_MS = 3000;
/** Failures of requests sent this long before a kill, until this long after the restarted process is ready, are the kill's. */
const KILL_GRACE_MS = 5000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** A long-running helper program (HAProxy, Redis) with its output kept for a failure's report. */
function startProgram(name: string, command: string, args: string[]): { child: ChildProcess; output: string[] } {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (process.env.RELIABILITY_VERBOSE) console.log(`    [${name}] ${chunk.toString('utf8').trimEnd()}`);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { child, output };
}

function haproxyConfig(): string {
  const servers = (hosts: readonly string[], port: number, prefix: string) =>
    hosts.map((h, i) => `  server ${prefix}${i + 1} ${h}:${port} check`).join('\n');
  return `global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  retries 2
  option redispatch
  default-server inter 400 fall 2 rise 2
frontend shop
  bind ${LB}:${PORT.shop}
  option forwardfor
  default_backend pages
backend pages
  balance roundrobin
  source ${LB}
  option httpchk GET /readyz
${servers(PAGE_HOSTS, PORT.page, 'page')}
frontend api
  bind ${LB}:${PORT.apiLb}
  default_backend apis
backend apis
  balance roundrobin
  source ${LB}
  option httpchk GET /api/health
${servers(API_HOSTS, PORT.api, 'api')}
`;
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  check(databaseUrl, 'DATABASE_URL must be set: run `npm run test:cluster` (scripts/cluster.mjs starts PostgreSQL)');
  for (const program of ['haproxy', 'redis-server']) {
    check(spawnSync('sh', ['-c', `command -v ${program}`]).status === 0, `${program} is not installed (apt-get install -y haproxy redis-server)`);
  }
  check(fs.existsSync(path.join(repoRoot, 'shell/dist/server/main.js')), 'the front ends are not built: run `npm run build` first');

  const started = Date.now();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cluster-'));
  const programs: ChildProcess[] = [];
  const services: ApiProcess[] = [];
  try {
    // The database: migrated, with products that have plenty of stock; one is kept for the price change.
    const products = await prepareDatabase(workDir, 7, STOCK);
    const priced = products.pop()!;

    const redis = startProgram('redis', 'redis-server', ['--bind', REDIS_HOST, '--port', String(PORT.redis), '--save', '', '--appendonly', 'no']);
    programs.push(redis.child);
    const cfg = path.join(workDir, 'haproxy.cfg');
    fs.writeFileSync(cfg, haproxyConfig());
    const haproxy = startProgram('haproxy', 'haproxy', ['-db', '-f', cfg]);
    programs.push(haproxy.child);

    const apiEnv = (host: string): Record<string, string> => ({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: host,
      PORT: String(PORT.api),
      DATABASE_URL: databaseUrl,
      REDIS_URL: `redis://${REDIS_HOST}:${PORT.redis}`,
      API_WORKERS: '1',
      STRIPE_SECRET_KEY: '',
      // Only the load balancer talks to the API instances.
      TRUST_PROXY: LB,
      // A long answer cache: only LISTEN/NOTIFY can make an instance drop a changed price in time.
      CATALOG_CACHE_TTL_MS: '60000',
      GUEST_BASKETS_PER_CLIENT: '0',
      METRICS_HOST: host,
      METRICS_PORT: String(PORT.metrics),
    });
    const pageEnv = (host: string): Record<string, string> => ({
      HOST: host,
      PORT: String(PORT.page),
      API_URL: `http://${LB}:${PORT.apiLb}`,
      TRUST_PROXY: LB,
      LOG_LEVEL: 'warn',
      METRICS_HOST: host,
      METRICS_PORT: String(PORT.metrics),
    });
    const apis: ApiProcess[] = [];
    const pages: ApiProcess[] = [];
    const startApiAt = (i: number) => {
      const api = spawnService(`api${i + 1}`, 'src/server.ts', apiRoot, `http://${API_HOSTS[i]}:${PORT.api}`, apiEnv(API_HOSTS[i]!));
      services.push(api);
      apis[i] = api;
      return waitReady(`${api.url}/api/health`, `API instance ${i + 1}`, 90_000, api);
    };
    const startPageAt = (i: number) => {
      const page = spawnService(`page${i + 1}`, 'shell/server/index.ts', repoRoot, `http://${PAGE_HOSTS[i]}:${PORT.page}`, pageEnv(PAGE_HOSTS[i]!));
      services.push(page);
      pages[i] = page;
      return waitReady(`${page.url}/readyz`, `page server ${i + 1}`, 90_000, page);
    };
    // Both instances start at the same moment on a migrated database; the migration race itself
    // is the next start's (below, on a fresh schema).
    await Promise.all([startApiAt(0), startApiAt(1)]);
    await Promise.all([startPageAt(0), startPageAt(1)]);
    await waitReady(`http://${LB}:${PORT.shop}/readyz`, 'the load balancer', 90_000);
    console.log(`cluster up in ${seconds(Date.now() - started)} s: 2 API instances, 2 page servers, HAProxy, Redis, PostgreSQL`);

    const shop = `http://${LB}:${PORT.shop}`;

    // --- the load ---------------------------------------------------------------------------
    const loadStart = Date.now();
    const end = loadStart + LOAD_SECONDS * 1000;
    const windows: Array<{ what: string; from: number; to: number }> = [];
    const counts = { requests: 0, orders: 0, confirmRetried: 0, confirmAnsweredOnRetry: 0, signIns: 0 };
    const failures: Array<{ at: number; what: string }> = [];

    const shopper = async (n: number) => {
      const client = clientAt(`127.0.1.${n + 1}`);
      // A failure counts at the time its request was sent: one sent before a process died belongs to that kill.
      const call = async (what: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer | null> => {
        counts.requests++;
        const at = Date.now();
        try {
          const res = await client.request(method, `${shop}${url}`, body);
          if (res.status >= 500) failures.push({ at, what: `${what}: ${res.status} ${JSON.stringify(res.json).slice(0, 120)}` });
          return res;
        } catch (error) {
          failures.push({ at, what: `${what}: ${(error as Error).message}` });
          return null;
        }
      };
      const email = `cluster-shopper-${n}-${Date.now()}@example.co.uk`;
      const password = 'Cluster-pass-123';
      await call('register', 'POST', '/api/register', { firstname: 'Clus', lastname: `Ter${n}`, email, password });
      let round = 0;
      while (Date.now() < end) {
        round++;
        const product = products[(n + round) % products.length]!;
        await call('page', 'GET', round % 2 ? `/catalog/product/view/id/${product.id}` : '/search?q=membrane');
        await call('product', 'GET', `/api/products/info/${product.id}`);
        await call('search', 'GET', `/api/products/search?q=${encodeURIComponent(product.name.split(' ')[0] ?? 'membrane')}&limit=5`);
        if (round % 3 === 0) {
          const login = await call('sign-in', 'POST', '/api/login', { username: email, password });
          if (login?.status === 200) counts.signIns++;
        }
        // Checkout with the test card.
        const created = await call('guest/create', 'POST', '/api/cart/guest/create');
        if (created?.status !== 200) continue;
        const cartId = created.json.cartId as string;
        const lines = 1 + (round % 2);
        let ready = true;
        for (let l = 0; l < lines && ready; l++) {
          const p = products[(n + round + l * 3) % products.length]!;
          ready = (await call('cart/add', 'POST', '/api/cart/add', { cartId, productSku: p.sku, quantity: 1 + (l % 2) }))?.status === 200;
        }
        if (!ready) continue;
        const shipping = await call('save-shipping-info', 'POST', '/api/cart/save-shipping-info', {
          cartId,
          address: GB_ADDRESS,
          shippingMethod: { carrierCode: 'courier', methodCode: 'standard' },
          comment: null,
        });
        if (shipping?.status !== 200) continue;
        const pm = await call('payment-methods', 'POST', '/api/payment/test/payment-methods', {
          type: 'card',
          card: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' },
        });
        if (pm?.status !== 200) continue;
        const body = { customerToken: null, cartId, payment: { method: 'stripe_payments', piPaymentMethodId: pm.json.id, paymentMethodType: 'card' }, billingAddress: GB_ADDRESS };
        // A confirm that fails (a process dying under it) is sent again with the same basket: the
        // same payment attempt, one order.
        // "Still being processed" (409) is asked again a little later, as the page tells the shopper:
        // an attempt whose process died is taken over once it is STALE_CREATING_MS old.
        const again = (a: Answer | null) => !a || a.status >= 500 || (a.status === 409 && a.json?.message === PAYMENT_MESSAGES.paymentInProgress);
        let answer = await call('confirm-order', 'POST', '/api/cart/confirm-order', body);
        let tries = 1;
        const retryUntil = Date.now() + 90_000;
        while (again(answer) && Date.now() < retryUntil) {
          if (tries === 1) counts.confirmRetried++;
          await sleep(answer?.status === 409 ? 5000 : 1000);
          tries++;
          answer = await call('confirm-order (again)', 'POST', '/api/cart/confirm-order', body);
        }
        if (answer?.status === 200) {
          counts.orders++;
          if (tries > 1) counts.confirmAnsweredOnRetry++;
        } else {
          failures.push({ at: Date.now(), what: `confirm-order never answered after ${tries} tries: ${answer?.status ?? 'no answer'}` });
        }
      }
      client.close();
    };

    /** kill -9, a few seconds down, then started again; failures meanwhile are the kill's. */
    const killAndRestart = async (what: string, victim: ApiProcess, restart: () => Promise<void>) => {
      const from = Date.now();
      victim.child.kill('SIGKILL');
      await victim.exited;
      await sleep(KILL_RESTART_MS);
      await restart();
      windows.push({ what, from: from - KILL_GRACE_MS, to: Date.now() + KILL_GRACE_MS });
      console.log(`  kill -9 of ${what}: back and ready after ${seconds(Date.now() - from)} s`);
    };
    const chaos = async () => {
      await sleep(Math.min(20_000, LOAD_SECONDS * 250));
      await killAndRestart('API instance 1', apis[0]!, () => startApiAt(0));

      // A price change through API instance 1; both instances must answer it within 2 s.
      await sleep(5000);
      const db = await openRunDb(workDir);
      const app = buildApp({ db, config: testConfig() });
      try {
        await app.ready();
        const staff = await signedInStaff(app, 'catalogue');
        const staffCall = clientAt('127.0.3.1');
        const read = await staffCall.request('GET', `${apis[0]!.url}/admin-api/products/${priced.id}`, undefined, { cookie: staff.cookie });
        check(read.status === 200, `the back office did not answer the product: ${read.status} ${JSON.stringify(read.json)}`);
        const detail = adminProductDetailSchema.parse(read.json);
        for (const i of [0, 1]) await staffCall.request('GET', `http://${API_HOSTS[i]}:${PORT.api}/api/products/info/${priced.id}`); // cached by each
        const newPence = detail.price_pence + 111;
        const saved = await staffCall.request(
          'POST',
          `${apis[0]!.url}/admin-api/products/${priced.id}`,
          { ...saveRequestOf(detail), pricePence: newPence },
          staff.write,
        );
        check(saved.status === 200, `the price change was refused: ${saved.status} ${JSON.stringify(saved.json)}`);
        const savedAt = Date.now();
        const seenAfter: number[] = [];
        for (const i of [0, 1]) {
          while (Date.now() - savedAt < 5000) {
            const res = await staffCall.request('GET', `http://${API_HOSTS[i]}:${PORT.api}/api/products/info/${priced.id}`);
            if (res.status === 200 && Math.round(res.json.price * 100) === newPence) break;
            await sleep(25);
          }
          seenAfter[i] = Date.now() - savedAt;
        }
        priceSeen.push(...seenAfter);
        staffCall.close();
      } finally {
        await app.close();
        await closeDb(db);
      }

      await sleep(Math.max(0, Math.min(end - Date.now() - 25_000, 10_000)));
      await killAndRestart('page server 1', pages[0]!, () => startPageAt(0));
    };
    const priceSeen: number[] = [];
    await Promise.all([...Array.from({ length: SHOPPERS }, (_, n) => shopper(n)), chaos()]);
    const loadMs = Date.now() - loadStart;

    // --- a shopper's login limit, counted across both instances (Redis) ------------------------
    const guesser = clientAt('127.0.2.1');
    const loginStatuses: number[] = [];
    const before = apis.map((a) => a.lines.filter((l) => l.includes('"/api/login"')).length);
    for (let i = 0; i < 7; i++) {
      loginStatuses.push((await guesser.request('POST', `${shop}/api/login`, { username: 'cluster-shopper-0@example.co.uk', password: 'wrong-guess-1' })).status);
    }
    guesser.close();
    const loginsPerInstance = apis.map((a, i) => a.lines.filter((l) => l.includes('"/api/login"')).length - before[i]!);

    // --- the books ---------------------------------------------------------------------------
    const db = await openRunDb(workDir);
    let settleMs = 0;
    try {
      // Attempts a kill interrupted are settled by the reconciliation job (every minute, on
      // whichever instance claims it): wait for it, as long as it takes within two periods.
      const settleStart = Date.now();
      for (;;) {
        const [open] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from payments where status in ('creating', 'requires_action', 'processing')`);
        if (open!.n === 0 || Date.now() - settleStart > 130_000) break;
        await sleep(1000);
      }
      settleMs = Date.now() - settleStart;
      const holding = await queryRows(db, sql`select id, status from payments where status in ('creating', 'requires_action', 'processing')`);
      check(holding.length === 0, `payment attempts never settled: ${JSON.stringify(holding)}`);
      const unpaid = await queryRows(
        db,
        sql`select i.id from test_payment_intents i left join payments p on p.idempotency_key = i.idempotency_key
            left join orders o on o.id = p.order_id
            where i.status = 'succeeded' and (p.paid_at is null or o.status not in ('processing', 'complete', 'closed'))`,
      );
      check(unpaid.length === 0, `money taken without a paid order: ${JSON.stringify(unpaid)}`);
      const [paid] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from orders where status = 'processing'`);
      const [succeeded] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from test_payment_intents where status = 'succeeded'`);
      const twice = await queryRows(
        db,
        sql`select order_id from order_status_history where comment like 'Payment of %' group by order_id having count(*) <> 1`,
      );
      check(twice.length === 0, `orders marked paid more than once: ${JSON.stringify(twice)}`);
      check(
        paid!.n === counts.orders,
        `${counts.orders} orders confirmed to shoppers, ${paid!.n} paid orders in the database; confirms that failed:\n${failures
          .filter((f) => f.what.startsWith('confirm'))
          .map((f) => f.what)
          .join('\n')}`,
      );
      check(succeeded!.n === paid!.n, `${succeeded!.n} payments taken for ${paid!.n} paid orders`);
      const stock = await queryRows<{ product_id: number; qty: number; ordered: number }>(
        db,
        sql`select s.product_id, s.qty, coalesce((select sum(l.qty) from order_lines l join orders o on o.id = l.order_id
              where l.product_id = s.product_id and o.status <> 'cancelled'), 0)::int as ordered
            from product_stock s where s.product_id in (${sql.join(products.map((p) => sql`${p.id}`), sql`, `)})`,
      );
      for (const row of stock) check(row.qty + row.ordered === STOCK, `product ${row.product_id}: stock ${row.qty} + ordered ${row.ordered} is not ${STOCK}`);

      // Each job once per period, and still run while an instance was down.
      const runs = await queryRows<{ job: string; runs: number; slots: number; first: number; last: number; instances: number }>(
        db,
        sql`select job, count(*)::int as runs, count(distinct slot)::int as slots, min(slot)::bigint as first, max(slot)::bigint as last,
              count(distinct instance)::int as instances
            from job_runs where kind = 'period' and started_at >= to_timestamp(${loadStart / 1000}) group by job order by job`,
      );
      const jobReport = runs.map((r) => `${r.job} ${r.runs} runs/${Number(r.last) - Number(r.first) + 1} periods on ${r.instances} instance(s)`);
      for (const r of runs) {
        check(r.runs === r.slots, `${r.job} ran ${r.runs} times in ${r.slots} periods`);
        check(r.slots === Number(r.last) - Number(r.first) + 1, `${r.job} missed a period: ${r.slots} runs from slot ${r.first} to ${r.last}`);
      }
      check(runs.some((r) => r.job === 'outbox-send'), 'the outbox job never ran');

      // --- the shoppers' failures ----------------------------------------------------------
      const inWindow = (at: number) => windows.some((w) => at >= w.from && at <= w.to);
      const outside = failures.filter((f) => !inWindow(f.at));
      const during = failures.filter((f) => inWindow(f.at));

      console.log(
        [
          `cluster run (${LOAD_SECONDS} s of load, ${SHOPPERS} shoppers each from its own address, ${seconds(loadMs)} s):`,
          `  ${counts.requests} requests; ${counts.orders} orders confirmed = ${paid!.n} paid orders in the database = ${succeeded!.n} payments taken`,
          `  failed requests: ${during.length} while a process was dying or restarting, ${outside.length} otherwise`,
          ...during.slice(0, 8).map((f) => `    during a kill: ${f.what}`),
          `  confirms sent again after a failure: ${counts.confirmRetried}, answered on retry with the same basket: ${counts.confirmAnsweredOnRetry}`,
          `  sign-ins: ${counts.signIns}`,
          `  stock adds up for ${stock.length} products; attempts left by the kills settled ${seconds(settleMs)} s after the load`,
          `  jobs: ${jobReport.join('; ')}`,
          `  login limit (5 wrong per account and client): statuses ${loginStatuses.join(' ')}; instances answered ${loginsPerInstance.join(' + ')}`,
          `  price change through API instance 1 answered by instance 1 after ${priceSeen[0]} ms, instance 2 after ${priceSeen[1]} ms`,
        ].join('\n'),
      );
      check(outside.length === 0, `requests failed while every process was up:\n${outside.slice(0, 10).map((f) => f.what).join('\n')}`);
      check(during.length <= 40, `${during.length} failed requests during the kills (expected a few)`);
      check(counts.confirmRetried === counts.confirmAnsweredOnRetry, `${counts.confirmRetried - counts.confirmAnsweredOnRetry} failed confirms were not answered on retry`);
      check(loginStatuses.slice(0, 5).every((s) => s === 401), `the first 5 wrong logins should answer 401: ${loginStatuses.join(' ')}`);
      check(loginStatuses.slice(5).every((s) => s === 429), `wrong logins past the limit should answer 429 whichever instance counts them: ${loginStatuses.join(' ')}`);
      check(loginsPerInstance.every((n) => n > 0), `the logins should reach both instances: ${loginsPerInstance.join(' + ')}`);
      check(priceSeen.length === 2 && priceSeen.every((ms) => ms <= 2000), `the new price should be answered by both instances within 2 s: ${priceSeen.join(', ')} ms`);
    } finally {
      await closeDb(db);
    }

    // --- several instances starting at once on a fresh schema: one migrates, none fails ------
    const fresh = `cluster_fresh_${process.pid}`;
    const admin = await openRunDb(workDir);
    await admin.execute(sql.raw(`create database ${fresh}`));
    await closeDb(admin);
    const freshUrl = new URL(databaseUrl);
    freshUrl.pathname = `/${fresh}`;
    const racers = [0, 1, 2].map((i) =>
      spawnService(`migrate${i + 1}`, 'src/server.ts', apiRoot, `http://127.0.0.${20 + i}:${PORT.api}`, {
        ...apiEnv(`127.0.0.${20 + i}`),
        DATABASE_URL: freshUrl.toString(),
        METRICS_PORT: '',
      }),
    );
    services.push(...racers);
    await Promise.all(racers.map((r) => waitReady(`${r.url}/api/health`, 'an instance started with the others on an empty database', 120_000)));
    const migrated = racers.map((r) => r.lines.some((l) => /applied \d+ migration/.test(l)));
    check(migrated.filter(Boolean).length === 1, `exactly one of three instances starting together should apply the migrations: ${migrated.join(', ')}`);
    console.log(`  three instances started at once on an empty database: one applied the migrations, all ready`);
    console.log(`cluster test passed in ${seconds(Date.now() - started)} s`);
  } finally {
    for (const service of services) if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill('SIGTERM');
    await Promise.race([Promise.all(services.map((s) => s.exited)), sleep(15_000)]);
    for (const service of services) if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill('SIGKILL');
    for (const program of programs) program.kill('SIGKILL');
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  },
);
