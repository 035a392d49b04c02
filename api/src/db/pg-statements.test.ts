import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { openTestDb, type TestDb } from '../test/db';
import { closeDb, openPostgres, queryRows, type Db } from './client';
import { statementNamer } from './pg-statements';
import { appMeta } from './schema';

describe('statementNamer', () => {
  it('gives each statement text one name, the same every time', () => {
    const nameFor = statementNamer();
    const a = nameFor('select id from orders where id = $1');
    const b = nameFor('insert into carts (id) values ($1)');
    expect(a).toMatch(/^shop_\d+$/);
    expect(b).toMatch(/^shop_\d+$/);
    expect(a).not.toBe(b);
    expect(nameFor('select id from orders where id = $1')).toBe(a);
    expect(nameFor('  WITH placed as (select 1) select * from placed')).toMatch(/^shop_\d+$/);
  });

  it('leaves unnamed what cannot or need not be prepared', () => {
    const nameFor = statementNamer();
    expect(nameFor('begin')).toBeUndefined();
    expect(nameFor('create table t (id int)')).toBeUndefined();
    expect(nameFor('set local lock_timeout = 1000')).toBeUndefined();
    // Several statements in one text (a migration's) cannot be one prepared statement.
    expect(nameFor('update a set n = 1; update b set n = 2')).toBeUndefined();
    expect(nameFor('select 1;')).toMatch(/^shop_\d+$/);
  });

  it('names at most its bound of texts; later ones run unnamed, the named keep their names', () => {
    const nameFor = statementNamer(2);
    const first = nameFor('select 1');
    expect(nameFor('select 2')).toBeDefined();
    expect(nameFor('select 3')).toBeUndefined();
    expect(nameFor('select 1')).toBe(first);
  });
});

const describePg = process.env.DATABASE_URL ? describe : describe.skip;

describePg('named statements on PostgreSQL', () => {
  let testDb: TestDb;
  let db: Db;

  beforeAll(async () => {
    testDb = await openTestDb();
    const url = (testDb.db.$client as pg.Pool).options.connectionString!;
    // One connection, so that its prepared statements can be read back.
    db = await openPostgres(url, { poolSize: 1 });
  });
  afterAll(async () => {
    if (db) await closeDb(db);
    await testDb?.close();
  });

  const prepared = () =>
    queryRows<{ statement: string }>(db, sql`select statement from pg_prepared_statements where name like 'shop\_%' order by name`);

  it('prepares a drizzle query once per connection and runs it again by name, with the same answers', async () => {
    await db.insert(appMeta).values({ key: 'named-probe', value: { n: 1 } });
    const read = () => db.select().from(appMeta).where(eq(appMeta.key, 'named-probe'));
    const first = await read();
    const second = await read();
    expect(second).toEqual(first);
    expect(first).toEqual([{ key: 'named-probe', value: { n: 1 }, updatedAt: expect.any(Date) }]);

    const statements = (await prepared()).map((r) => r.statement);
    const selects = statements.filter((s) => s.includes('from "app_meta"') && s.startsWith('select'));
    expect(selects).toHaveLength(1);
    expect(statements.some((s) => s.startsWith('insert into "app_meta"'))).toBe(true);
  });

  it('keeps transactions, their rollback and errors as they were', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.update(appMeta).set({ value: { n: 2 } }).where(eq(appMeta.key, 'named-probe'));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await db.select().from(appMeta).where(eq(appMeta.key, 'named-probe')))[0]!.value).toEqual({ n: 1 });
    // A failing statement fails as before, and the connection goes on serving named statements.
    await expect(db.insert(appMeta).values({ key: 'named-probe', value: { n: 3 } })).rejects.toMatchObject({ cause: { code: '23505' } });
    await db.update(appMeta).set({ value: { n: 4 } }).where(eq(appMeta.key, 'named-probe'));
    expect((await db.select().from(appMeta).where(eq(appMeta.key, 'named-probe')))[0]!.value).toEqual({ n: 4 });
  });

  it('is switched off by namedStatements: false', async () => {
    const url = (testDb.db.$client as pg.Pool).options.connectionString!;
    const plain = await openPostgres(url, { poolSize: 1, namedStatements: false });
    try {
      await plain.select().from(appMeta).where(eq(appMeta.key, 'named-probe'));
      const rows = await queryRows<{ n: number }>(plain, sql`select count(*)::int as n from pg_prepared_statements`);
      expect(rows[0]!.n).toBe(0);
    } finally {
      await closeDb(plain);
    }
  });
});
