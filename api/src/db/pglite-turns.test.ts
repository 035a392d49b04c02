import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { closeDb, openPglite, queryRows } from './client';
import { createTurns } from './pglite-turns';

/** Busy-waits `ms` (PGlite's statements are synchronous WASM like this). */
const spin = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

/**
 * Queues `count` operations at once and schedules a setImmediate right after: answers how many of
 * the operations had finished when the loop got its turn (count: it got none while they ran).
 */
async function doneBeforeTheLoopsTurn(count: number, start: (i: number) => Promise<unknown>): Promise<number> {
  let done = 0;
  let doneAtTurn = -1;
  const all = Promise.all(Array.from({ length: count }, (_, i) => start(i).then(() => done++)));
  setImmediate(() => (doneAtTurn = done));
  await all;
  await new Promise((resolve) => setImmediate(resolve));
  return doneAtTurn;
}

describe('PGlite operations take turns with the event loop', () => {
  it('runs operations one at a time, first come first served', async () => {
    const turns = createTurns(1);
    const order: number[] = [];
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        turns.run(async () => {
          inside++;
          most = Math.max(most, inside);
          await null;
          spin(0.2);
          order.push(i);
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(turns.waiting).toBe(0);
  });

  it('yields to the loop once a slice is used up, not only when the queue is empty', async () => {
    const turns = createTurns(5);
    // 40 operations of 2 ms: without turns the loop would wait for all (80 ms).
    const doneAtTurn = await doneBeforeTheLoopsTurn(40, () => turns.run(async () => spin(2)));
    expect(doneAtTurn).toBeLessThan(10);
  });

  it('passes results and errors through, and goes on after an error', async () => {
    const turns = createTurns();
    await expect(turns.run(async () => 7)).resolves.toBe(7);
    await expect(turns.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(turns.run(async () => 'after')).resolves.toBe('after');
  });

  describe('on a real PGlite', () => {
    const slowQuery = 'select count(*)::int as n from generate_series(1, 150000)';

    it('a bare PGlite keeps the loop waiting until every queued query is done (why turns exist)', async () => {
      const client = await PGlite.create();
      try {
        expect(await doneBeforeTheLoopsTurn(12, () => client.query(slowQuery))).toBe(12);
      } finally {
        await client.close();
      }
    });

    it('openPglite lets the loop in between queued queries and transactions', async () => {
      const db = await openPglite();
      try {
        const doneAtTurn = await doneBeforeTheLoopsTurn(12, (i) =>
          i % 2 === 0
            ? queryRows(db, sql.raw(slowQuery))
            : db.transaction(async (tx) => {
                await tx.execute(sql.raw(slowQuery));
                await tx.execute(sql.raw(slowQuery));
              }),
        );
        expect(doneAtTurn).toBeLessThan(12);
        // Still one database: a transaction's statements see each other, results are right.
        const [row] = await queryRows<{ n: number }>(db, sql.raw(slowQuery));
        expect(row!.n).toBe(150000);
      } finally {
        await closeDb(db);
      }
    });
  });
});
