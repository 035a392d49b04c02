import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { carts } from '../cart/schema';
import { confirmBody, createProduct, GB_ADDRESS, guestCartReady, post, stockOf, testPaymentMethod } from '../cart/test-fixtures';
import { queryRows, type Db } from '../db/client';
import { armFault, disarmFaults, CHECKOUT_FAULT_POINTS } from '../faults';
import { orders } from '../orders/schema';
import { payments } from '../payment/schema';
import { useTestApp } from '../test/app';
import { commerceFor } from '../test/app';

/**
 * Crash safety of placing an order: the process fails between each two steps (a fault point,
 * armed by the test), then "restarts" (one reconciliation, as at start). Whatever the step, money
 * taken ends in exactly one paid order with one confirmation mail, and no stock stays held by a
 * dead attempt. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-crash-test-'));
const t = useTestApp({ dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
afterEach(disarmFaults);

const VISA = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';

/** Money the test provider took without a paid order, and attempts still holding stock. */
async function brokenPromises(db: Db) {
  const unpaid = await queryRows<{ intent: string }>(
    db,
    sql`select i.id as intent from test_payment_intents i
        left join payments p on p.idempotency_key = i.idempotency_key
        left join orders o on o.id = p.order_id
        where i.status = 'succeeded' and (p.paid_at is null or o.status is distinct from 'processing')`,
  );
  const holding = await queryRows<{ id: number }>(db, sql`select id from payments where status = 'creating'`);
  return { unpaid: unpaid.map((r) => r.intent), holding: holding.map((r) => r.id) };
}

async function placedState(cartId: string) {
  const [cart] = await t.db.select().from(carts).where(eq(carts.id, cartId));
  const attempts = await t.db.select().from(payments).where(eq(payments.cartId, cartId));
  const orderIds = attempts.map((a) => a.orderId).filter((id): id is number => id !== null);
  const [order] = orderIds.length ? await t.db.select().from(orders).where(eq(orders.id, orderIds[0]!)) : [];
  const paidNotes = order
    ? await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from order_status_history where order_id = ${order.id} and comment like 'Payment of %'`)
    : [{ n: 0 }];
  const mails = order
    ? await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from mail_outbox where template = 'order_confirmation' and subject like ${`%${order.number}%`}`)
    : [{ n: 0 }];
  return { cart: cart!, attempts, order, paidNotes: paidNotes[0]!.n, mails: mails[0]!.n };
}

/** A restart: the new process reconciles once; every attempt from before it counts as dead. */
const restart = () => commerceFor({ db: t.db, config: t.config }).checkout.reconcile({ creatingBefore: new Date(Date.now() + 1) });

describe('a failure between the steps of placing an order', () => {
  it.each(CHECKOUT_FAULT_POINTS)('at %s: after one reconciliation the payment has exactly one paid order, and no stock is held', async (point) => {
    const p = await createProduct(t.db, { stock: 5 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 2 }]);
    const pm = await testPaymentMethod(t.app, VISA);
    armFault(point, 'throw');
    const first = await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, pm));
    expect(first.statusCode).not.toBe(200);
    disarmFaults();

    await restart();
    expect(await brokenPromises(t.db)).toEqual({ unpaid: [], holding: [] });
    const after = await placedState(cartId);
    expect(after.attempts).toHaveLength(1);
    expect(after.attempts[0]).toMatchObject({ status: 'succeeded', paidAt: expect.any(Date) });
    expect(after.order?.status).toBe('processing');
    expect(after.order?.paymentReference).toBe(after.attempts[0]!.intentId);
    expect(after.cart.status).toBe('ordered');
    expect(await stockOf(t.db, p.id)).toBe(3);
    expect(after.paidNotes).toBe(1);
    expect(after.mails).toBe(1);

    // The shopper retries: the same order, nothing twice.
    const again = await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, pm));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'succeeded', orderNumber: after.order!.number });
    await restart();
    const finally_ = await placedState(cartId);
    expect([finally_.paidNotes, finally_.mails, await stockOf(t.db, p.id)]).toEqual([1, 1, 3]);
    const intents = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from test_payment_intents where idempotency_key = ${after.attempts[0]!.idempotencyKey}`);
    expect(intents[0]!.n).toBe(1);
  });

  it('a declined card that fails before its outcome is recorded gives the stock and the basket back', async () => {
    const p = await createProduct(t.db, { stock: 5 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 2 }]);
    const pm = await testPaymentMethod(t.app, DECLINED);
    armFault('payment.after-intent', 'throw');
    expect((await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, pm))).statusCode).not.toBe(200);
    expect(await stockOf(t.db, p.id)).toBe(3); // held by the attempt until it is settled
    await restart();
    expect(await stockOf(t.db, p.id)).toBe(5);
    const after = await placedState(cartId);
    expect(after.attempts[0]!.status).toBe('failed');
    expect(after.order).toBeUndefined();
    expect(after.cart.status).toBe('active');
    expect(await brokenPromises(t.db)).toEqual({ unpaid: [], holding: [] });
  });

  it('a retried confirm marks the order paid when the provider answers the existing intent without its event', async () => {
    // The operator's case: the card was charged, the process failed before the event was applied;
    // the shopper's retry gets the intent back (same idempotency key) with no second event.
    const p = await createProduct(t.db, { stock: 5 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
    const pm = await testPaymentMethod(t.app, VISA);
    armFault('payment.after-intent', 'throw');
    const first = await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, pm));
    expect(first.statusCode).toBe(503);
    const retry = await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, pm));
    expect(retry.statusCode).toBe(200);
    expect(retry.json().status).toBe('succeeded');
    const after = await placedState(cartId);
    expect(after.order?.status).toBe('processing');
    expect(after.attempts[0]!.paidAt).toEqual(expect.any(Date));
    expect([after.paidNotes, after.mails]).toEqual([1, 1]);
  });

  it('an order already closed but never marked paid (an older crash) is marked paid by reconciliation, once', async () => {
    const p = await createProduct(t.db, { stock: 5 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
    const pm = await testPaymentMethod(t.app, VISA);
    expect((await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, pm))).statusCode).toBe(200);
    // What the old outcome path left behind: basket closed, attempt 'succeeded', order pending.
    const placed = await placedState(cartId);
    await t.db.update(payments).set({ paidAt: null }).where(eq(payments.id, placed.attempts[0]!.id));
    await t.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, placed.order!.id));
    await t.db.execute(sql`delete from order_status_history where order_id = ${placed.order!.id} and comment like 'Payment of %'`);
    expect((await brokenPromises(t.db)).unpaid).toHaveLength(1);

    const result = await commerceFor({ db: t.db, config: t.config }).checkout.reconcile();
    expect(result.settled).toBeGreaterThanOrEqual(1);
    expect(await brokenPromises(t.db)).toEqual({ unpaid: [], holding: [] });
    await commerceFor({ db: t.db, config: t.config }).checkout.reconcile();
    const after = await placedState(cartId);
    expect([after.order?.status, after.paidNotes, after.mails]).toEqual(['processing', 1, 1]);
  });

  it('is off unless armed: a normal order places once', async () => {
    const p = await createProduct(t.db, { stock: 5 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }], { ...GB_ADDRESS, email: 'normal@example.co.uk' });
    const pm = await testPaymentMethod(t.app, VISA);
    const res = await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, pm));
    expect(res.statusCode).toBe(200);
    expect((await placedState(cartId)).order?.status).toBe('processing');
  });
});
