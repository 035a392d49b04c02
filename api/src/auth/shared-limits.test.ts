import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { buildApp, type App } from '../app';
import { closeDb, dbKind, openPostgres, queryRows, type Db } from '../db/client';
import { testConfig } from '../test/app';
import { openTestDb, type TestDb } from '../test/db';
import { databaseRateLimitStore, incrementCounter, readCounter, sweepCounters } from './rate-limit-store';

/**
 * Without Redis, API processes on one database share the per-client limits through the database
 * (RATE_LIMIT_STORE=database, the default with API_WORKERS > 1). Two API instances, each with its
 * own connection pool on PostgreSQL (the same PGlite on the embedded database), count one limit.
 */
describe('rate limits shared through the database by several API instances', () => {
  let testDb: TestDb;
  let secondDb: Db;
  let first: App;
  let second: App;

  beforeAll(async () => {
    testDb = await openTestDb();
    secondDb =
      dbKind(testDb.db) === 'postgres'
        ? await openPostgres((testDb.db.$client as pg.Pool).options.connectionString!, { poolSize: 2 })
        : testDb.db;
    const config = testConfig({ rateLimitStore: 'database' });
    first = buildApp({ db: testDb.db, config });
    second = buildApp({ db: secondDb, config: { ...config } });
    await Promise.all([first.ready(), second.ready()]);
  }, 60_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    if (secondDb && secondDb !== testDb?.db) await closeDb(secondDb);
    await testDb?.close();
  });

  let n = 0;
  const wrongLogin = (app: App, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { username: `dbshared${++n}@example.co.uk`, password: 'wrongpass1' } });

  it('counts one client’s logins across instances, and only that client’s', async () => {
    for (let i = 0; i < 30; i++) expect((await wrongLogin(i % 2 ? first : second, '192.0.2.40')).statusCode).toBe(401);
    const refused = await wrongLogin(first, '192.0.2.40');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await wrongLogin(second, '192.0.2.40')).statusCode).toBe(429);
    expect((await wrongLogin(second, '192.0.2.41')).statusCode).toBe(401);
    const [row] = await queryRows<{ hits: number }>(testDb.db, sql`select hits from rate_limit_counters where key = 'login-ip:192.0.2.40'`);
    expect(row!.hits).toBeGreaterThanOrEqual(31);
  });

  it('counts guest baskets of one client across instances (GUEST_BASKETS_PER_CLIENT)', async () => {
    const config = testConfig({ rateLimitStore: 'database', guestBasketsPerClient: 4 });
    const a = buildApp({ db: testDb.db, config });
    const b = buildApp({ db: secondDb, config: { ...config } });
    try {
      const create = (app: App) => app.inject({ method: 'POST', url: '/api/cart/guest/create', remoteAddress: '192.0.2.42' });
      for (let i = 0; i < 4; i++) expect((await create(i % 2 ? a : b)).statusCode).toBe(200);
      expect((await create(a)).statusCode).toBe(429);
      expect((await create(b)).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('counts concurrent hits exactly (one atomic upsert each)', async () => {
    const key = 'test-concurrent:192.0.2.50';
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => incrementCounter(i % 2 ? testDb.db : secondDb, key, 60_000)));
    expect(results.map((r) => r.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (const r of results) expect(r.ttl).toBeGreaterThan(50_000);
    expect(await readCounter(testDb.db, key)).toEqual({ current: 40, ttl: expect.any(Number) });
  });

  it('starts a new window when the last one ended, and sweeps expired counters', async () => {
    const key = 'test-window:192.0.2.51';
    expect((await incrementCounter(testDb.db, key, 60_000)).current).toBe(1);
    expect((await incrementCounter(testDb.db, key, 60_000)).current).toBe(2);
    await testDb.db.execute(sql`update rate_limit_counters set expires_at = now() - interval '1 second' where key = ${key}`);
    expect(await readCounter(testDb.db, key)).toEqual({ current: 0, ttl: 0 });
    const fresh = await incrementCounter(secondDb, key, 60_000);
    expect(fresh.current).toBe(1);
    expect(fresh.ttl).toBeGreaterThan(50_000);

    await testDb.db.execute(sql`insert into rate_limit_counters (key, hits, expires_at) values ('test-old:1', 3, now() - interval '1 hour')`);
    expect(await sweepCounters(testDb.db)).toBeGreaterThanOrEqual(1);
    const left = await queryRows<{ key: string }>(testDb.db, sql`select key from rate_limit_counters where expires_at <= now()`);
    expect(left).toEqual([]);
    expect((await readCounter(testDb.db, key)).current).toBe(1);
  });

  it('the store sweeps expired counters as hits pass by', async () => {
    await testDb.db.execute(sql`insert into rate_limit_counters (key, hits, expires_at) values ('test-old:2', 3, now() - interval '1 hour')`);
    const Store = databaseRateLimitStore(testDb.db, { sweepEveryMs: 0 });
    const store = new Store();
    const result = await new Promise<{ current: number; ttl: number } | undefined>((resolve, reject) =>
      store.incr('test-sweep:192.0.2.52', (error, r) => (error ? reject(error) : resolve(r)), 60_000, 10),
    );
    expect(result?.current).toBe(1);
    for (let i = 0; i < 50; i++) {
      const [row] = await queryRows<{ n: number }>(testDb.db, sql`select count(*)::int as n from rate_limit_counters where key = 'test-old:2'`);
      if (row!.n === 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the expired counter was not swept');
  });
});
