import pg from 'pg';
import { confirmBody, createProduct, guestCartReady, post, stockOf } from '../cart/test-fixtures';
import { dbKind } from '../db/client';
import { useTestApp } from '../test/app';

/**
 * The round trips of one guest confirm-order on PostgreSQL (issue 32): under load every statement
 * costs the API's CPU (building it, the socket, parsing the answer), and on PGlite the one
 * connection. The confirm is two transactions (the claim; the payment's event, which settles it)
 * and the intent between them; the answer is read with its order in one statement. The mail
 * outbox's own delivery (after the commit, in the background) is not counted.
 */
const t = useTestApp();

/** Round trips of a guest confirm of a two-line basket with the test card (BEGIN and COMMIT included). */
const CONFIRM_ROUND_TRIPS = 21;

describe('confirm-order round trips', () => {
  it('on PostgreSQL: a guest confirm of a two-line basket takes at most its budget of round trips, and places the order', async () => {
    if (dbKind(t.db) !== 'postgres') return; // PGlite: one process, no network round trips
    const a = await createProduct(t.db, { stock: 50 });
    const b = await createProduct(t.db, { stock: 50 });
    // A first confirm loads what a process reads once (the mail links' secret).
    const first = await guestCartReady(t.app, [{ sku: a.sku, qty: 1 }]);
    expect((await post(t.app, '/api/cart/confirm-order', confirmBody(first, 'pm_card_visa'))).statusCode).toBe(200);
    const cartId = await guestCartReady(t.app, [
      { sku: b.sku, qty: 2 },
      { sku: a.sku, qty: 1 },
    ]);
    const sent: string[] = [];
    const query = pg.Client.prototype.query;
    // Every statement of the pool goes through Client#query (pool.query too), once.
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string; name?: string };
      const text = typeof first === 'string' ? first : (first.text ?? first.name ?? '');
      if (!/^update "mail_outbox"/.test(text)) sent.push(text.replace(/\s+/g, ' ').slice(0, 80));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
    let res;
    try {
      res = await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, 'pm_card_visa'));
    } finally {
      pg.Client.prototype.query = query;
    }
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'succeeded', orderNumber: expect.any(String) });
    expect(await stockOf(t.db, a.id)).toBe(48);
    expect(await stockOf(t.db, b.id)).toBe(48);
    expect(sent.filter((s) => /^begin/i.test(s))).toHaveLength(2);
    if (sent.length > CONFIRM_ROUND_TRIPS) throw new Error(`${sent.length} round trips (budget ${CONFIRM_ROUND_TRIPS}):\n${sent.join('\n')}`);
  });
});
