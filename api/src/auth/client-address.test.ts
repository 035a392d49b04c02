import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../app';
import { confirmBody, createProduct, guestCartReady } from '../cart/test-fixtures';
import { registerCustomer } from '../customer/test-helpers';
import { testConfig } from '../test/app';
import { openTestDb, type TestDb } from '../test/db';
import { freePort, request, startPageServer, uploadStatus, type PageServer } from '../test/page-server';

/**
 * Rate limits count per shopper, not per page server: the page server tells the API who the client
 * is (X-Forwarded-For, replaced, never passed on from the client) and the API believes it from the
 * page server alone. Sent for real from different client addresses through the real page server.
 */
describe('behind the page server, each client has its own rate-limit buckets', () => {
  let testDb: TestDb;
  let api: App;
  let pages: PageServer;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-client-address-'));

  beforeAll(async () => {
    testDb = await openTestDb();
    // As `npm start` runs it: the API trusts forwarded addresses from the page server (loopback) only.
    api = buildApp({ db: testDb.db, config: testConfig({ dataDir, trustProxy: ['127.0.0.1', '::1'] }) });
    const apiUrl = await api.listen({ host: '127.0.0.1', port: 0 });
    pages = await startPageServer(apiUrl, { BODY_LIMIT: String(testConfig().bodyLimit) });
  }, 60_000);
  afterAll(async () => {
    await pages?.stop();
    await api?.close();
    await testDb?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const login = (from: string, username: string, password: string, headers: Record<string, string> = {}) =>
    request(`${pages.url}/api/login`, { method: 'POST', from, headers, body: JSON.stringify({ username, password }) });

  it('thirty wrong logins from one client (spoofing X-Forwarded-For) do not stop another client signing in', async () => {
    const account = await registerCustomer(api);
    for (let i = 0; i < 30; i++) {
      const res = await login('127.0.0.2', `nobody${i}@example.co.uk`, 'wrongpass1', { 'x-forwarded-for': `203.0.113.${i}` });
      expect(res.status).toBe(401);
    }
    // The header the client chose is replaced: it does not open a fresh bucket.
    const spoofed = await login('127.0.0.2', account.email, account.password, { 'x-forwarded-for': '198.51.100.9' });
    expect(spoofed.status).toBe(429);
    expect(spoofed.headers['retry-after']).toBeDefined();
    // Another shopper is not affected.
    const other = await login('127.0.0.3', account.email, account.password);
    expect(other.status).toBe(200);
  });

  it('ten declined cards from one client leave every other shopper able to pay', async () => {
    const p = await createProduct(testDb.db, { stock: 50 });
    const mine = await guestCartReady(api, [{ sku: p.sku, qty: 1 }]);
    const theirs = await guestCartReady(api, [{ sku: p.sku, qty: 1 }]);
    const confirm = (from: string, body: unknown) =>
      request(`${pages.url}/api/cart/confirm-order`, { method: 'POST', from, body: JSON.stringify(body) });
    for (let i = 0; i < 10; i++) expect((await confirm('127.0.0.4', confirmBody(mine, 'pm_card_chargeDeclined'))).status).toBe(402);
    expect((await confirm('127.0.0.4', confirmBody(mine, 'pm_card_visa'))).status).toBe(429);
    const paid = await confirm('127.0.0.5', confirmBody(theirs, 'pm_card_visa'));
    expect(paid.status).toBe(200);
    expect(JSON.parse(paid.body).status).toBe('succeeded');
  });

  it('a client talking to the API directly cannot pick its address with X-Forwarded-For (only the page server is trusted)', async () => {
    let n = 0;
    const direct = (headers: Record<string, string>) =>
      api.inject({ method: 'POST', url: '/api/login', remoteAddress: '192.0.2.99', headers, payload: { username: `direct${++n}@example.co.uk`, password: 'wrongpass1' } });
    for (let i = 0; i < 30; i++) expect((await direct({ 'x-forwarded-for': `203.0.113.${i}` })).statusCode).toBe(401);
    expect((await direct({ 'x-forwarded-for': '203.0.113.200' })).statusCode).toBe(429);
  });

  it('answers a 10 MB body with 413 through the page server (a streamed one of unknown length: 411)', async () => {
    const huge = Buffer.from(JSON.stringify({ cartId: 'x', productSku: 'y', quantity: 1, pad: 'x'.repeat(10 * 1024 * 1024) }));
    expect(await uploadStatus(pages.url, '/api/cart/add', huge, { from: '127.0.0.6' })).toBe(413);
    expect(await uploadStatus(pages.url, '/api/cart/add', huge, { from: '127.0.0.6', chunked: true })).toBe(411);
    // The page server is fine afterwards.
    expect((await request(`${pages.url}/api/health`)).status).toBe(200);
  });
});

/**
 * With REDIS_URL, every API instance shares the limits: tried against a real Redis (Debian's
 * redis-server, started here on a free port).
 */
const redisServer = ['/usr/bin/redis-server', '/usr/sbin/redis-server'].find((p) => fs.existsSync(p)) ?? (spawnSync('which', ['redis-server']).stdout?.toString().trim() || undefined);
const describeRedis = redisServer ? describe : describe.skip;
if (!redisServer) console.warn('redis-server is not installed: the shared (Redis) rate-limit tests are skipped. Install it with apt-get install redis-server.');

describeRedis('rate limits shared through Redis by several API instances', () => {
  let redis: ChildProcess;
  let testDb: TestDb;
  let first: App;
  let second: App;

  beforeAll(async () => {
    const port = await freePort();
    redis = spawn(redisServer!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    for (;;) {
      const ping = spawnSync('redis-cli', ['-p', String(port), 'ping']);
      if (ping.stdout?.toString().trim() === 'PONG') break;
      if (Date.now() > deadline) throw new Error('redis-server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    testDb = await openTestDb();
    const config = testConfig({ redisUrl: `redis://127.0.0.1:${port}` });
    first = buildApp({ db: testDb.db, config });
    second = buildApp({ db: testDb.db, config: { ...config } });
    await Promise.all([first.ready(), second.ready()]);
  }, 60_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await testDb?.close();
    redis?.kill('SIGTERM');
  });

  let n = 0;
  const wrongLogin = (app: App, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { username: `shared${++n}@example.co.uk`, password: 'wrongpass1' } });

  it('counts one client’s logins across instances, and only that client’s', async () => {
    for (let i = 0; i < 30; i++) expect((await wrongLogin(i % 2 ? first : second, '192.0.2.30')).statusCode).toBe(401);
    expect((await wrongLogin(first, '192.0.2.30')).statusCode).toBe(429);
    expect((await wrongLogin(second, '192.0.2.30')).statusCode).toBe(429);
    expect((await wrongLogin(second, '192.0.2.31')).statusCode).toBe(401);
  });
});
