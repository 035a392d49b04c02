/**
 * What the reliability runs share (`npm run test:reliability`): starting the real API in a child
 * process (so it can be killed), waiting for a log line, a shopper's checkout over HTTP, and a
 * database prepared with products. Not jest: these runs kill and restart processes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { closeDb, openDb, type Db } from '../db/client';
import { migrateDb } from '../db/migrate';
import { createProduct, GB_ADDRESS, type CreatedProduct } from '../cart/test-fixtures';

export const apiRoot = path.resolve(__dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  /** Every log line so far. */
  lines: string[];
  /** Resolves with the first log line matching (rejects after `timeoutMs` or when the process ends first). */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves with the exit code (or signal) when the process ends. */
  exited: Promise<number | NodeJS.Signals>;
}

/** Starts `src/server.ts` with `env` (NODE_ENV test: no seed; one process unless env sets API_WORKERS) on a free port; does not wait for health. */
export async function spawnApi(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  // API_WORKERS 1: these runs kill and watch one process (src/reliability/workers.test.ts covers several).
  return spawnService('the API', 'src/server.ts', apiRoot, `http://127.0.0.1:${port}`, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: String(port),
    STRIPE_SECRET_KEY: '',
    API_WORKERS: '1',
    ...env,
  });
}

/** Starts a TypeScript entry point (`file`, from `cwd`) with the environment plus `env`, capturing its log lines. */
export function spawnService(name: string, file: string, cwd: string, url: string, env: Record<string, string>): ApiProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiters: Array<{ pattern: RegExp; resolve(line: string): void }> = [];
  const exited = new Promise<number | NodeJS.Signals>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal!)));
  let buffer = '';
  const onData = (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      lines.push(line);
      if (process.env.RELIABILITY_VERBOSE) console.log(`    [${name}] ${line}`);
      for (const w of waiters.splice(0)) {
        if (w.pattern.test(line)) w.resolve(line);
        else waiters.push(w);
      }
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  return {
    child,
    url,
    lines,
    exited,
    waitForLine(pattern, timeoutMs = 30_000) {
      const seen = lines.find((l) => pattern.test(l));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no log line ${pattern} within ${timeoutMs} ms:\n${lines.slice(-20).join('\n')}`)), timeoutMs);
        waiters.push({ pattern, resolve: (line) => (clearTimeout(timer), resolve(line)) });
        void exited.then((how) => {
          clearTimeout(timer);
          reject(new Error(`${name} ended (${how}) before logging ${pattern}:\n${lines.slice(-20).join('\n')}`));
        });
      });
    },
  };
}

/** Waits until GET `url` answers 200 within `timeoutMs`; fails at once if `process` ends first. */
export async function waitReady(url: string, what: string, timeoutMs = 60_000, process?: ApiProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process && (process.child.exitCode !== null || process.child.signalCode !== null)) {
      throw new Error(`${what} ended before it was ready:\n${process.lines.slice(-20).join('\n')}`);
    }
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} was not ready within ${timeoutMs / 1000} s (${url})`);
}

/** Waits until the API's GET /api/health answers 200 (or the process ends). */
export const waitHealthy = (api: ApiProcess, timeoutMs = 60_000): Promise<void> => waitReady(`${api.url}/api/health`, 'the API', timeoutMs, api);

/** Waits until `count` API workers (API_WORKERS) have logged that they listen. */
export async function waitWorkersListening(api: ApiProcess, count: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (api.lines.filter((l) => /API worker listening/.test(l)).length < count) {
    if (Date.now() > deadline) throw new Error(`the workers did not all listen:\n${api.lines.slice(-20).join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Waits until the API reconciled at start and, when it was started with SHOP_FAULTS, armed them:
 * faults take effect once every start-up run is over (mail delivery's may end after
 * reconciliation's), and a request sent before would pass the point unharmed. Answers the
 * reconciliation's line.
 */
export async function waitReconciledAndArmed(api: ApiProcess, faults: boolean): Promise<string> {
  const reconciled = await api.waitForLine(/payment reconciliation at start done/, 30_000);
  if (faults) await api.waitForLine(/faults armed/, 30_000);
  return reconciled;
}

/**
 * How the API ended after a request meant to kill it at a fault point (`answer`: its answer, or the
 * error of a connection cut). An answer means it lived through the point: 'still running' after 5 s,
 * and it is killed, rather than a wait for a death that will not come.
 */
export async function endAfterFault(api: ApiProcess, answer: unknown): Promise<number | NodeJS.Signals | 'still running'> {
  if (answer instanceof Error) return api.exited;
  const how = await Promise.race([api.exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 5000))]);
  if (how === 'still running') api.child.kill('SIGKILL');
  return how;
}

/** SIGTERM and wait (a graceful stop: in-flight requests finish, the database closes). */
export async function stopApi(api: ApiProcess): Promise<number | NodeJS.Signals> {
  if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGTERM');
  return api.exited;
}

export async function postJson(url: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json };
}

/** A guest basket with `qty` of `sku`, delivery saved, and a card's payment method id. */
export async function readyToPay(base: string, sku: string, qty: number, card = '4242424242424242'): Promise<{ cartId: string; pm: string }> {
  const created = await postJson(`${base}/api/cart/guest/create`);
  if (created.status !== 200) throw new Error(`guest/create: ${created.status} ${JSON.stringify(created.json)}`);
  const cartId = created.json.cartId as string;
  const steps: Array<[string, unknown]> = [
    ['/api/cart/add', { cartId, productSku: sku, quantity: qty }],
    ['/api/cart/save-shipping-info', { cartId, address: GB_ADDRESS, shippingMethod: { carrierCode: 'courier', methodCode: 'standard' }, comment: null }],
  ];
  for (const [url, body] of steps) {
    const res = await postJson(`${base}${url}`, body);
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.json)}`);
  }
  const pm = await postJson(`${base}/api/payment/test/payment-methods`, { type: 'card', card: { number: card, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' } });
  if (pm.status !== 200) throw new Error(`payment-methods: ${pm.status}`);
  return { cartId, pm: pm.json.id as string };
}

export const confirmOrderBody = (cartId: string, pm: string) => ({
  customerToken: null,
  cartId,
  payment: { method: 'stripe_payments', piPaymentMethodId: pm, paymentMethodType: 'card' },
  billingAddress: GB_ADDRESS,
});

/** The database of a run: PostgreSQL when DATABASE_URL is set, else PGlite in `dataDir`. */
export const openRunDb = (dataDir: string): Promise<Db> => openDb({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });

/** Migrates the run's database and adds products with stock (the API then starts on it). */
export async function prepareDatabase(dataDir: string, products: number, stock: number): Promise<CreatedProduct[]> {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = await openRunDb(dataDir);
  try {
    await migrateDb(db);
    const made: CreatedProduct[] = [];
    for (let i = 0; i < products; i++) made.push(await createProduct(db, { stock, pricePence: 1250 + i * 100 }));
    return made;
  } finally {
    await closeDb(db);
  }
}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`FAILED: ${message}`);
}

export interface Answer {
  status: number;
  json: any;
}

/** A client on its own source address, keeping its connections like a browser. */
export function clientAt(localAddress: string) {
  const agent = new http.Agent({ keepAlive: true, localAddress, maxSockets: 4 });
  const request = (method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        url,
        { method, agent, timeout: 45_000, headers: { accept: 'application/json', ...(payload ? { 'content-type': 'application/json' } : {}), ...headers } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            let json: unknown = text;
            try {
              json = JSON.parse(text);
            } catch {
              /* a page */
            }
            resolve({ status: res.statusCode ?? 0, json });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', reject);
      req.end(payload);
    });
  return { request, close: () => agent.destroy() };
}

