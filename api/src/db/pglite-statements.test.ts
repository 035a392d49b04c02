import { PGlite, types } from '@electric-sql/pglite';
import { cacheStatements } from './pglite-statements';

/**
 * PGlite's `query` by named statements (pglite-statements.ts): the same answers and errors as
 * PGlite's own `query`, on the instance and in transactions, each text prepared once.
 */
describe('PGlite prepared statements', () => {
  let plain: PGlite;
  let cached: PGlite;
  const setup = `drop table if exists t;
                 create table t (id serial primary key, name text not null unique, born timestamptz, tags text[], doc jsonb, n numeric);
                 insert into t (name, born, tags, doc, n) values ('a', '2026-01-02T03:04:05Z', '{x,y}', '{"k": [1, 2]}', 1.5), ('b', null, '{}', null, null);`;

  beforeAll(async () => {
    [plain, cached] = await Promise.all([PGlite.create(), PGlite.create()]);
    cacheStatements(cached);
  });
  beforeEach(async () => {
    await plain.exec(setup);
    await cached.exec(setup);
  });
  afterAll(async () => {
    await plain.close();
    await cached.close();
  });

  it('answers as PGlite does: rows, fields, row mode, parsers, parameters of every kind', async () => {
    const calls: Array<[string, unknown[], object?]> = [
      ['select * from t order by id', []],
      ['select id, born, tags, doc, n from t where name = $1', ['a']],
      ['select $1::timestamptz as at, $2::int[] as ids, $3::jsonb as doc, $4::text as nothing', [new Date('2026-05-06T07:08:09Z'), [1, 2], { a: [1] }, null]],
      ['select * from t where born < $1', [new Date('2030-01-01')], { rowMode: 'array' }],
      ['select born from t where id = $1', [1], { parsers: { [types.TIMESTAMPTZ]: (v: string) => `raw ${v}` } }],
      ['with u as (update t set n = n + 1 where name = $1 returning n) select n from u', ['a']],
      ['insert into t (name) values ($1), ($2)', ['c', 'd']],
      ['delete from t where name = any($1)', [['c', 'd']]],
    ];
    for (const [text, params, options] of calls) {
      const mine = await cached.query(text, params, options);
      const theirs = await plain.query(text, params, options);
      expect({ text, rows: mine.rows, fields: mine.fields, affected: mine.affectedRows }).toEqual({ text, rows: theirs.rows, fields: theirs.fields, affected: theirs.affectedRows });
    }
  });

  it('prepares each text once, and keeps at most the newest few', async () => {
    const db = await PGlite.create();
    try {
      const cache = cacheStatements(db, 3);
      /** The prepared statements the backend holds (asked by exec, which is not cached). */
      const held = async () => (await db.exec('select count(*)::int as n from pg_prepared_statements'))[0]!.rows[0]!.n;
      for (let i = 0; i < 5; i++) expect((await db.query('select $1::int + 1 as n', [i])).rows).toEqual([{ n: i + 1 }]);
      expect([cache.size, await held()]).toEqual([1, 1]);
      await db.query('select 1 as one');
      await db.query('select 2 as two');
      await db.query('select 3 as three'); // a fourth text: the oldest goes, closed with the next one prepared
      expect([cache.size, await held()]).toEqual([3, 4]);
      await db.query('select 4 as four');
      expect([cache.size, await held()]).toEqual([3, 4]);
      expect((await db.query('select $1::int + 1 as n', [9])).rows).toEqual([{ n: 10 }]); // prepared again
    } finally {
      await db.close();
    }
  });

  it('throws the database error with its code, the query and the parameters, and goes on working', async () => {
    const error = await cached.query('insert into t (name) values ($1)', ['a']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', query: 'insert into t (name) values ($1)', params: ['a'] });
    await expect(cached.query('select nosuch from t')).rejects.toMatchObject({ code: '42703' });
    expect((await cached.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
  });

  it('runs in transactions: committed, rolled back, and aborted by an error as PGlite does', async () => {
    await cached.transaction(async (tx) => {
      await tx.query('insert into t (name) values ($1)', ['in-tx']);
      expect((await tx.query('select count(*)::int as n from t')).rows).toEqual([{ n: 3 }]);
    });
    await cached
      .transaction(async (tx) => {
        await tx.query('insert into t (name) values ($1)', ['gone']);
        throw new Error('stop');
      })
      .catch(() => undefined);
    const failed = cached.transaction(async (tx) => {
      await tx.query('insert into t (name) values ($1)', ['a']).catch(() => undefined);
      await tx.query('select 1');
    });
    await expect(failed).rejects.toMatchObject({ code: '25P02' });
    expect((await cached.query<{ name: string }>('select name from t order by id')).rows.map((r) => r.name)).toEqual(['a', 'b', 'in-tx']);
  });

  it('a top-level query waits for a transaction in progress', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = cached.transaction(async (t) => {
      await t.query('insert into t (name) values ($1)', ['pending']);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const seen = cached.query<{ n: number }>('select count(*)::int as n from t');
    release();
    await tx;
    expect((await seen).rows).toEqual([{ n: 3 }]);
  });

  it('prepares a statement again when its table changed shape, and leaves DDL to PGlite', async () => {
    expect((await cached.query('select * from t where id = $1', [1])).fields.map((f) => f.name)).toEqual(['id', 'name', 'born', 'tags', 'doc', 'n']);
    await cached.query('alter table t add column extra int default 7');
    const after = await cached.query<{ extra: number }>('select * from t where id = $1', [1]);
    expect(after.fields.map((f) => f.name)).toContain('extra');
    expect(after.rows[0]!.extra).toBe(7);
  });
});
