import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { openTestDb, type TestDb } from '../test/db';
import { closeDb, isRetryableConflict, openPostgres, queryRows, sqlState, TRANSACTION_ATTEMPTS, type Db } from './client';

/**
 * db.transaction on PostgreSQL runs a transaction again after a deadlock (40P01) or a
 * serialization failure (40001), a bounded number of times (db/client.ts), so a shopper never
 * meets one as a 500. A real deadlock is made here: two transactions updating two rows in
 * opposite orders. (PGlite has one connection: no two transactions at once.)
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const describePg = onPostgres ? describe : describe.skip;

describe('sqlState', () => {
  it('finds the SQLSTATE of an error and of a wrapped one, and says which are retryable', () => {
    expect(sqlState(Object.assign(new Error('x'), { code: '40P01' }))).toBe('40P01');
    expect(sqlState(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: '40001' }) }))).toBe('40001');
    expect(sqlState(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBeUndefined();
    expect(isRetryableConflict(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: '40P01' }) }))).toBe(true);
    expect(isRetryableConflict(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
  });
});

describePg('transactions run again after a deadlock (PostgreSQL)', () => {
  let testDb: TestDb;
  let db: Db;
  const retries: Array<{ code: string | undefined; attempt: number }> = [];

  beforeAll(async () => {
    testDb = await openTestDb();
    const url = (testDb.db.$client as pg.Pool).options.connectionString!;
    db = await openPostgres(url, { poolSize: 4, onTransactionRetry: (error, attempt) => retries.push({ code: sqlState(error), attempt }) });
    await db.execute(sql`create table retry_probe (id int primary key, n int not null)`);
  });
  afterAll(async () => {
    if (db) await closeDb(db);
    await testDb?.close();
  });
  beforeEach(async () => {
    retries.length = 0;
    await db.execute(sql`truncate retry_probe`);
    await db.execute(sql`insert into retry_probe values (1, 0), (2, 0)`);
  });

  it('two transactions locking two rows in opposite orders both commit: the one PostgreSQL aborts runs again', async () => {
    // Each first run holds its first row until the other holds its own, then wants the other's.
    let holding = 0;
    let bothHold: () => void = () => {};
    const bothHolding = new Promise<void>((resolve) => (bothHold = resolve));
    const runs = { a: 0, b: 0 };
    const work = (name: 'a' | 'b', first: number, second: number) =>
      db.transaction(async (tx) => {
        runs[name]++;
        await tx.execute(sql`update retry_probe set n = n + 1 where id = ${first}`);
        if (runs[name] === 1) {
          if (++holding === 2) bothHold();
          await bothHolding;
        }
        await tx.execute(sql`update retry_probe set n = n + 1 where id = ${second}`);
        return name;
      });
    expect(await Promise.all([work('a', 1, 2), work('b', 2, 1)])).toEqual(['a', 'b']);
    expect(retries).toEqual([{ code: '40P01', attempt: 1 }]);
    expect(runs.a + runs.b).toBe(3);
    // Both transactions' work is there once: the aborted run left nothing.
    expect(await queryRows(db, sql`select id, n from retry_probe order by id`)).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  }, 30_000);

  it('gives up after TRANSACTION_ATTEMPTS runs, and never runs again for other errors', async () => {
    let runs = 0;
    const conflict = db.transaction(async (tx) => {
      runs++;
      await tx.execute(sql`update retry_probe set n = n + 1 where id = 1`);
      throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    });
    await expect(conflict).rejects.toThrow('could not serialize access');
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
    expect(retries.map((r) => r.attempt)).toEqual(Array.from({ length: TRANSACTION_ATTEMPTS - 1 }, (_, i) => i + 1));

    runs = 0;
    await expect(
      db.transaction(async (tx) => {
        runs++;
        await tx.execute(sql`insert into retry_probe values (1, 0)`);
      }),
    ).rejects.toThrow();
    expect(runs).toBe(1);
    expect(await queryRows(db, sql`select id, n from retry_probe order by id`)).toEqual([
      { id: 1, n: 0 },
      { id: 2, n: 0 },
    ]);
  }, 30_000);
});
