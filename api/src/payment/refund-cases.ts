/**
 * The refund cases every payment provider must pass (not a test file: each provider's tests call
 * `refundCases` with its own app, so Stripe runs them against the fake Stripe and the test
 * provider against its tables). Through the payment domain's entry point
 * (`app.services.refunds.refundOrderPayment`) and the provider's own `refund`.
 */
import { eq } from 'drizzle-orm';
import { confirmBody, createProduct, guestCartReady, post } from '../cart/test-fixtures';
import type { Db } from '../db/client';
import type { App } from '../domain';
import { orders } from '../orders/schema';
import { servicesFor } from '../test/app';
import { PaymentRequestError } from './provider';
import { REFUND_MESSAGES } from './refunds';
import { paymentRefunds, payments } from './schema';

interface Ctx {
  readonly app: App;
  readonly db: Db;
}

let keys = 0;
const key = (label: string) => `${label}-${process.pid}-${++keys}`;

/** Places and pays an order of one product at `pricePence` (£9.95 delivery, VAT): its id, what was paid and the intent. */
async function paidOrder(t: Ctx, paymentMethod: string, pricePence = 5_000) {
  const p = await createProduct(t.db, { pricePence, stock: 10 });
  const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
  const res = await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, paymentMethod));
  if (res.statusCode !== 200) throw new Error(`confirm-order answered ${res.statusCode}: ${res.body}`);
  const placed = res.json() as { orderRef: string; paymentIntentId: string; status: string };
  expect(placed.status).toBe('succeeded');
  const [order] = await t.db.select().from(orders).where(eq(orders.publicRef, placed.orderRef));
  const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order!.id));
  expect(payment!.paidAt).not.toBeNull();
  return { orderId: order!.id, paidPence: payment!.amountPence, intentId: placed.paymentIntentId };
}

export function refundCases(t: Ctx, paymentMethod: string) {
  const refunds = () => servicesFor(t).refunds;
  const provider = () => servicesFor(t).paymentProviders.active;

  it('refunds a paid order in full: the provider refunds what was paid, and nothing more can be refunded', async () => {
    const { orderId, paidPence, intentId } = await paidOrder(t, paymentMethod);
    const answer = await refunds().refundOrderPayment({ orderId, amountPence: paidPence, idempotencyKey: key('full') });
    expect(answer).toMatchObject({ status: 'succeeded', amountPence: paidPence, paidPence, refundedPence: paidPence, refundablePence: 0, provider: provider().name });
    const atProvider = await provider().retrieveRefund(answer.providerRefundId!);
    expect(atProvider).toMatchObject({ intentId, amountPence: paidPence, status: 'succeeded', refundedPence: paidPence });
    await expect(refunds().refundOrderPayment({ orderId, amountPence: 1, idempotencyKey: key('more') })).rejects.toMatchObject({
      statusCode: 409,
      message: REFUND_MESSAGES.refundedInFull,
    });
  });

  it('refunds part of a payment, then another part: each answers the total refunded and what is left', async () => {
    const { orderId, paidPence } = await paidOrder(t, paymentMethod);
    const first = await refunds().refundOrderPayment({ orderId, amountPence: 1_000, idempotencyKey: key('part') });
    expect(first).toMatchObject({ status: 'succeeded', amountPence: 1_000, refundedPence: 1_000, refundablePence: paidPence - 1_000 });
    const second = await refunds().refundOrderPayment({ orderId, amountPence: 500, idempotencyKey: key('part') });
    expect(second).toMatchObject({ status: 'succeeded', amountPence: 500, refundedPence: 1_500, refundablePence: paidPence - 1_500 });
    expect((await provider().retrieveRefund(second.providerRefundId!)).refundedPence).toBe(1_500);
    expect(await refunds().refundsOf(orderId)).toHaveLength(2);
  });

  it('refunds once per idempotency key: repeated (one after the other and at the same time) it answers the same refund', async () => {
    const { orderId, paidPence } = await paidOrder(t, paymentMethod);
    const request = { orderId, amountPence: 700, idempotencyKey: key('once') };
    const [a, b] = await Promise.all([refunds().refundOrderPayment(request), refunds().refundOrderPayment(request)]);
    const c = await refunds().refundOrderPayment(request);
    expect(new Set([a.refundId, b.refundId, c.refundId]).size).toBe(1);
    expect(c).toMatchObject({ status: 'succeeded', refundedPence: 700, refundablePence: paidPence - 700 });
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId))).toHaveLength(1);
    // The provider refunded 7.00 once, not twice.
    expect((await provider().retrieveRefund(c.providerRefundId!)).refundedPence).toBe(700);
    // The same key for another amount is a mistake, not a new refund.
    await expect(refunds().refundOrderPayment({ ...request, amountPence: 800 })).rejects.toMatchObject({ statusCode: 409, message: REFUND_MESSAGES.keyReused });
    // At the provider too: the same key answers the first refund.
    const direct = { intentId: (await provider().retrieveRefund(c.providerRefundId!)).intentId, amountPence: 100, idempotencyKey: key('direct') };
    const once = await provider().refund(direct);
    const again = await provider().refund(direct);
    expect(again.id).toBe(once.id);
    expect(again.refundedPence).toBe(800);
  });

  it('refuses to refund more than was paid, with a clear message, and records nothing', async () => {
    const { orderId, paidPence, intentId } = await paidOrder(t, paymentMethod);
    const tooMuch = refunds().refundOrderPayment({ orderId, amountPence: paidPence + 1, idempotencyKey: key('over') });
    await expect(tooMuch).rejects.toMatchObject({ statusCode: 400, field: 'amountPence', message: REFUND_MESSAGES.tooMuch(paidPence + 1, paidPence, 0) });
    await refunds().refundOrderPayment({ orderId, amountPence: 2_000, idempotencyKey: key('over') });
    await expect(refunds().refundOrderPayment({ orderId, amountPence: paidPence - 1_999, idempotencyKey: key('over') })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^Cannot refund £\d+\.\d\d: £\d+\.\d\d was paid and £20\.00 is refunded already, so at most £\d+\.\d\d can be refunded\.$/),
    });
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId))).toHaveLength(1);
    // The provider refuses it as well, with its own words (code amount_too_large).
    const refused = await provider()
      .refund({ intentId, amountPence: paidPence, idempotencyKey: key('over-direct') })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaymentRequestError);
    expect(refused).toMatchObject({ code: 'amount_too_large', message: expect.stringMatching(/^Refund amount \(£\d+\.\d\d\) is greater than .*\(£\d+\.\d\d\)$/) });
  });

  it('refuses an unpaid order, and amounts that are not whole pence, naming the field', async () => {
    await expect(refunds().refundOrderPayment({ orderId: 987_654_321, amountPence: 100, idempotencyKey: key('unpaid') })).rejects.toMatchObject({
      statusCode: 409,
      message: REFUND_MESSAGES.notPaid,
    });
    const { orderId } = await paidOrder(t, paymentMethod);
    for (const amountPence of [0, -5, 1.5, Number.NaN]) {
      await expect(refunds().refundOrderPayment({ orderId, amountPence, idempotencyKey: key('bad') })).rejects.toMatchObject({ statusCode: 400, field: 'amountPence' });
    }
    await expect(refunds().refundOrderPayment({ orderId, amountPence: 100, idempotencyKey: '' })).rejects.toMatchObject({ statusCode: 400, field: 'idempotencyKey' });
  });
}
