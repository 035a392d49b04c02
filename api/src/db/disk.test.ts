import { buildApp } from '../app';
import { openTestDb, type TestDb } from '../test/db';
import { testConfig } from '../test/app';
import { assertRoomToStart, DISK_FULL_MESSAGE, freeBytesAt, isDiskFullError, isWritable, watchDisk } from './disk';

/**
 * A full disk: detected from the free space of the data folder (the embedded database) or from
 * the database's own error (PostgreSQL's disk_full), answered with an honest 503, reported by the
 * health check. The real thing (a small tmpfs filled up under a running server) is in
 * `npm run test:reliability`.
 */

describe('disk-full detection', () => {
  it('recognises PostgreSQL disk_full and the operating system ENOSPC, also as a cause', () => {
    expect(isDiskFullError(Object.assign(new Error('could not extend file "base/5/1259": No space left on device'), { code: '53100' }))).toBe(true);
    expect(isDiskFullError(Object.assign(new Error('write failed'), { code: 'ENOSPC' }))).toBe(true);
    expect(isDiskFullError(new Error('query failed', { cause: new Error('No space left on device') }))).toBe(true);
    expect(isDiskFullError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDiskFullError(null)).toBe(false);
  });

  it('refuses to start without the margin, naming the cause and the folder', async () => {
    const free = await freeBytesAt('/tmp/does/not/exist/yet');
    expect(free).toBeGreaterThan(0);
    await expect(assertRoomToStart('/tmp/shop-data', free + 1024 ** 3)).rejects.toThrow(
      /^disk full: \/tmp\/shop-data has \d+ MB free and the embedded database needs at least \d+ MB \(DISK_MIN_FREE_MB\)/,
    );
    await expect(assertRoomToStart('/tmp/shop-data', 1)).resolves.toBeUndefined();
  });
});

describe('a running API on a full disk', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb();
  });
  afterAll(async () => t.close());

  it('refuses changes with 503 and an honest message, keeps reading, and health says unwritable', async () => {
    const app = buildApp({ db: t.db, config: testConfig() });
    app.post('/api/probe-write', async () => {
      throw Object.assign(new Error('could not extend file "base/5/16384": No space left on device'), { code: '53100' });
    });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).json().database.writable).toBe(true);
      // A write that fails for lack of room answers 503 with the reason, never a bare 500.
      const failed = await app.inject({ method: 'POST', url: '/api/probe-write' });
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toEqual({ error: 'Service Unavailable', message: DISK_FULL_MESSAGE });
      expect(isWritable(t.db)).toBe(false);
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'degraded', database: { ok: true, writable: false } });
      // Further changes are refused before they start; reading goes on.
      const add = await app.inject({ method: 'POST', url: '/api/cart/guest/create' });
      expect(add.statusCode).toBe(503);
      expect(add.json().message).toBe(DISK_FULL_MESSAGE);
      expect((await app.inject({ method: 'GET', url: '/api/payment/config' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('watching the data folder', () => {
  it('tells once when free space falls under the margin, and marks the database unwritable', async () => {
    const t = await openTestDb();
    try {
      const reasons: string[] = [];
      const free = await freeBytesAt('/tmp');
      const watch = watchDisk(t.db, { dir: '/tmp', minFreeBytes: free + 1024 ** 3, onFull: (r) => reasons.push(r) });
      expect(await watch.check()).toBe(true);
      expect(await watch.check()).toBe(true);
      expect(reasons).toHaveLength(1);
      expect(reasons[0]).toMatch(/^disk full: \/tmp has \d+ MB free/);
      expect(isWritable(t.db)).toBe(false);
      // The state is the database object's own: another database is not affected.
      const other = await openTestDb();
      try {
        expect(isWritable(other.db)).toBe(true);
      } finally {
        await other.close();
      }
    } finally {
      await t.close();
    }
  });
});
