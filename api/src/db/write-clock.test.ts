import { openPglite, closeDb, type Db } from './client';
import { declareReadOnly } from './write-clock';

/**
 * The embedded database's write clock (write-clock.ts): it moves for every operation that may
 * write, as soon as it is asked for and again when it ends, and only declared reads leave it.
 */
describe('PGlite write clock', () => {
  let db: Db;
  const client = () => db.$client as unknown as {
    query(text: string, params?: unknown[]): Promise<unknown>;
    exec(text: string): Promise<unknown>;
    transaction<T>(work: (tx: { query(text: string): Promise<unknown> }) => Promise<T>): Promise<T>;
  };
  const generation = () => db.$writes!.generation;

  // Starting PGlite (with pg_trgm) takes seconds, more on a busy machine.
  beforeAll(async () => {
    db = await openPglite();
    await client().exec('create table w (id int primary key, n int not null)');
  }, 120_000);
  afterAll(async () => {
    await closeDb(db);
  });

  it('moves for writes, statements not declared, transactions and failures; not for declared reads', async () => {
    const read = 'select n from w where id = $1';
    declareReadOnly(read);

    let at = generation();
    await client().query(read, [1]);
    expect(generation()).toBe(at);

    const pending = client().query('insert into w values (1, 1)');
    expect(generation()).toBeGreaterThan(at); // counted when asked for, before it runs
    await pending;
    at = generation();

    await client().query('select n from w'); // a read nobody declared: counted (the safe way)
    expect(generation()).toBeGreaterThan(at);
    at = generation();

    await client().exec('update w set n = n + 1');
    expect(generation()).toBeGreaterThan(at);
    at = generation();

    let inside = 0;
    await client().transaction(async (tx) => {
      inside = generation();
      await tx.query('update w set n = n + 1');
    });
    expect(inside).toBeGreaterThan(at);
    expect(generation()).toBeGreaterThan(inside); // and again when the transaction ends
    at = generation();

    await expect(client().query('insert into w values (1, 1)')).rejects.toThrow();
    expect(generation()).toBeGreaterThan(at);
    at = generation();

    // Through drizzle too.
    await db.execute('update w set n = 0' as never);
    expect(generation()).toBeGreaterThan(at);
  });
});
