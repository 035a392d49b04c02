/** The back office's refunds (Refund action, cancel of a paid order) through the payment domain, with the test provider. */
import { eq } from 'drizzle-orm';
import { BACKOFFICE_MESSAGES } from '@shop/shared/backoffice';
import { confirmBody, createProduct, guestCartReady, post, stockOf } from '../cart/test-fixtures';
import { nextIp } from '../customer/test-helpers';
import { mailOutbox } from '../mail/schema';
import { orders, orderStatusHistory } from '../orders/schema';
import { createOrdersStore } from '../orders/store';
import { armFault, disarmFaults, REFUND_FAULT_POINTS } from '../faults';
import { REFUND_MESSAGES } from '../payment/refunds';
import { testPaymentRefunds } from '../payment/providers/test/schema';
import { paymentRefunds, payments } from '../payment/schema';
import { useTestApp } from '../test/app';
import { staffActivity } from './schema';
import { signedInStaff, type SignedInStaff } from './test-helpers';

const t = useTestApp();
const gbp = (pence: number) => `£${(pence / 100).toFixed(2)}`;

let keys = 0;
const key = () => `refund${process.pid}x${++keys}x${Math.random().toString(36).slice(2, 10)}`;

/** An order of 2 × £50 and 1 × £12.50 (plus delivery and VAT) placed and paid at the storefront's checkout. */
async function paidOrder() {
  const a = await createProduct(t.db, { pricePence: 5_000, stock: 10 });
  const b = await createProduct(t.db, { pricePence: 1_250, stock: 10 });
  const cartId = await guestCartReady(t.app, [
    { sku: a.sku, qty: 2 },
    { sku: b.sku, qty: 1 },
  ]);
  const res = await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, 'pm_card_visa'));
  if (res.statusCode !== 200) throw new Error(`confirm-order answered ${res.statusCode}: ${res.body}`);
  const { orderRef } = res.json() as { orderRef: string };
  const [order] = await t.db.select().from(orders).where(eq(orders.publicRef, orderRef));
  const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order!.id));
  expect(payment!.paidAt).not.toBeNull();
  return { order: order!, paidPence: payment!.amountPence, a, b };
}

const refund = (who: SignedInStaff, orderId: number, body: Record<string, unknown>, headers: Record<string, string> = who.write) =>
  t.app.inject({ method: 'POST', url: `/admin-api/orders/${orderId}/refund`, remoteAddress: nextIp(), headers, payload: body });
/** The mail of one template about one order (every checkout here uses the same guest address). */
const mailsAbout = async (order: { email: string; number: string }, template: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, order.email))).filter((m) => m.template === template && (m.meta as { order?: string }).order === order.number);

let owner: SignedInStaff;
let ordersStaff: SignedInStaff;
beforeAll(async () => {
  owner = await signedInStaff(t.app, 'owner');
  ordersStaff = await signedInStaff(t.app, 'orders');
});

describe('refunds from the back office', () => {
  it('refunds part by lines, then the rest by amount: closed, mails, history, activity log', async () => {
    const { order, paidPence } = await paidOrder();
    const detail = await t.app.services.backoffice.orderAdmin.detail(order.id);
    expect(detail).toMatchObject({ can_refund: true, closed: false, payment: { paid_pence: paidPence, refunded_pence: 0, refunds: [] } });
    const lineB = detail.lines.find((l) => l.qty === 1)!;

    const first = await refund(ordersStaff, order.id, { requestKey: key(), lines: [{ lineId: lineB.id, qty: 1 }] });
    expect(first.statusCode).toBe(200);
    const partPence = lineB.row_total_pence + lineB.vat_pence; // no discount on this order
    expect(first.json()).toMatchObject({ done: true, order: { closed: false, can_refund: true, payment: { refunded_pence: partPence } } });
    expect(first.json().order.payment.refunds).toEqual([expect.objectContaining({ amount_pence: partPence, status: 'succeeded' })]);

    // The other line and the delivery (VAT included) by lines, then what is left by amount.
    const lineA = detail.lines.find((l) => l.qty === 2)!;
    const second = await refund(owner, order.id, { requestKey: key(), lines: [{ lineId: lineA.id, qty: 1 }], includeDelivery: true });
    expect(second.statusCode).toBe(200);
    const deliveryPence = paidPence - detail.lines.reduce((sum, l) => sum + l.row_total_pence + l.vat_pence, 0);
    const secondPence = (lineA.row_total_pence + lineA.vat_pence) / 2 + deliveryPence;
    expect(second.json().order.payment.refunded_pence).toBe(partPence + secondPence);
    const restKey = key();
    const rest = await refund(owner, order.id, { requestKey: restKey, amountPence: paidPence - partPence - secondPence });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().order).toMatchObject({ status: 'closed', closed: true, can_refund: false, can_ship: false, can_cancel: false, payment: { paid_pence: paidPence, refunded_pence: paidPence } });
    // Partly refunded, the order stayed as it was; refunded in full, it is closed (Magento's state).
    expect(first.json().order.status).toBe(detail.status);
    const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('closed');

    const refunded = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id));
    expect(refunded.map((r) => r.amountPence)).toEqual([partPence, secondPence, paidPence - partPence - secondPence]);
    expect(await mailsAbout(order, 'order_refunded')).toHaveLength(3);
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.filter((h) => h.status === 'closed')).toEqual([expect.objectContaining({ comment: expect.stringMatching(/^Refunded .*Refunded in full: the order is closed\./) })]);
    const [logged] = await t.db.select().from(staffActivity).where(eq(staffActivity.requestKey, restKey));
    expect(logged).toMatchObject({ action: 'order.refund', targetId: order.number, staffEmail: owner.email });
    expect(logged!.before).toMatchObject({ refundedPence: partPence + secondPence });
    expect(logged!.before).toMatchObject({ status: detail.status });
    expect(logged!.after).toMatchObject({ status: 'closed', refundedPence: paidPence, closed: true });

    // Nothing left: refused with the payment domain's message.
    const more = await refund(owner, order.id, { requestKey: key(), amountPence: 1 });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(REFUND_MESSAGES.refundedInFull);
  });

  it('a repeated request key (double click) refunds once and mails once', async () => {
    const { order } = await paidOrder();
    const body = { requestKey: key(), amountPence: 1_000 };
    const [x, y] = await Promise.all([refund(ordersStaff, order.id, body), refund(ordersStaff, order.id, body)]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect([x.json().done, y.json().done].sort()).toEqual([false, true]);
    const again = await refund(ordersStaff, order.id, body);
    expect(again.json()).toMatchObject({ done: false, order: { payment: { refunded_pence: 1_000 } } });
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id))).toHaveLength(1);
    expect(await mailsAbout(order, 'order_refunded')).toHaveLength(1);
  });

  it('refuses more than was paid, an unpaid order, bad lines and an empty request, changing nothing', async () => {
    const { order, paidPence } = await paidOrder();
    const over = await refund(ordersStaff, order.id, { requestKey: key(), amountPence: paidPence + 1 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(REFUND_MESSAGES.tooMuch(paidPence + 1, paidPence, 0));
    const line = (await t.app.services.backoffice.orderAdmin.detail(order.id)).lines[0]!;
    const tooMany = await refund(ordersStaff, order.id, { requestKey: key(), lines: [{ lineId: line.id, qty: line.qty + 1 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/^Only \d+ of .* ordered\.$/);
    const both = await refund(ordersStaff, order.id, { requestKey: key(), amountPence: 100, lines: [{ lineId: line.id, qty: 1 }] });
    expect(both.statusCode).toBe(400);
    const empty = await refund(ordersStaff, order.id, { requestKey: key() });
    expect(empty.statusCode).toBe(400);
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id))).toHaveLength(0);
    expect(await mailsAbout(order, 'order_refunded')).toHaveLength(0);

    // An order whose payment never went through (placed, no payment taken).
    const p = await createProduct(t.db, { pricePence: 2_000, stock: 5 });
    const store = createOrdersStore(t.db);
    const address = { firstname: 'Jane', lastname: 'Mason', company: null, street: ['12 Canal Wharf', ''], city: 'Leeds', regionId: null, region: null, regionCode: null, postcode: 'LS11 5PS', countryId: 'GB', telephone: null };
    const unpaid = await t.db.transaction((tx) =>
      store.insertOrder(tx, {
        customerId: null,
        customerGroupId: 0,
        email: 'unpaid.refund@example.co.uk',
        firstname: 'Jane',
        lastname: 'Mason',
        status: 'pending',
        lines: [{ productId: p.id, sku: p.sku, name: p.name, qty: 1, unitPricePence: 2_000 }],
        shipping: { carrierCode: 'northgate', methodCode: 'standard', description: 'Standard delivery', amountPence: 995 },
        paymentMethod: 'stripe_payments',
        shippingAddress: address,
        billingAddress: address,
      }),
    );
    const unpaidId = unpaid.id;
    const refused = await refund(ordersStaff, unpaidId, { requestKey: key(), amountPence: 100 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(REFUND_MESSAGES.notPaid);
  });

  it('cancelling a paid, unshipped order refunds it in full, puts the stock back and mails once', async () => {
    const { order, paidPence, a, b } = await paidOrder();
    const before = [await stockOf(t.db, a.id), await stockOf(t.db, b.id)];
    const body = { requestKey: key(), reason: 'The customer changed their mind.' };
    const [x, y] = await Promise.all(
      [0, 1].map(() => t.app.inject({ method: 'POST', url: `/admin-api/orders/${order.id}/cancel`, remoteAddress: nextIp(), headers: ordersStaff.write, payload: body })),
    );
    expect([x!.statusCode, y!.statusCode]).toEqual([200, 200]);
    expect([x!.json().done, y!.json().done].sort()).toEqual([false, true]);
    // Cancelled (not closed: nothing was sold), the payment refunded in full.
    expect(y!.json().order).toMatchObject({ status: 'cancelled', closed: false, can_refund: false, payment: { refunded_pence: paidPence } });
    expect(await t.app.services.backoffice.orderAdmin.closeRefundedOrders()).toBe(0);
    expect([await stockOf(t.db, a.id), await stockOf(t.db, b.id)]).toEqual([before[0]! + 2, before[1]! + 1]);
    const refunds = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id));
    expect(refunds).toEqual([expect.objectContaining({ amountPence: paidPence, status: 'succeeded' })]);
    const mails = await mailsAbout(order, 'order_cancelled');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('Your payment has been refunded in full');
  });

  it("shows a refund the provider has not confirmed as pending, and reconciliation settles it", async () => {
    const { order } = await paidOrder();
    const provider = t.app.services.paymentProviders.active;
    const refundOf = provider.refund.bind(provider);
    // The provider answers 'pending' (as Stripe does for some cards); it has refunded by the time reconciliation asks.
    const spy = jest.spyOn(provider, 'refund').mockImplementation(async (input) => ({ ...(await refundOf(input)), status: 'pending' }));
    try {
      const res = await refund(ordersStaff, order.id, { requestKey: key(), amountPence: 500 });
      expect(res.statusCode).toBe(200);
      expect(res.json().order.payment).toMatchObject({ refunded_pence: 500, refunds: [expect.objectContaining({ amount_pence: 500, status: 'pending' })] });
      const [mail] = await mailsAbout(order, 'order_refunded');
      expect(mail!.textBody).toContain('We have asked our payment provider to refund £5.00');
    } finally {
      spy.mockRestore();
    }
    await t.app.services.refunds.reconcile();
    const after = await t.app.services.backoffice.orderAdmin.detail(order.id);
    expect(after.payment.refunds).toEqual([expect.objectContaining({ amount_pence: 500, status: 'succeeded' })]);
  });

  it('a full refund the provider confirms later closes the order when reconciliation sees it, once', async () => {
    const { order, paidPence } = await paidOrder();
    const provider = t.app.services.paymentProviders.active;
    const refundOf = provider.refund.bind(provider);
    const spy = jest.spyOn(provider, 'refund').mockImplementation(async (input) => ({ ...(await refundOf(input)), status: 'pending' }));
    try {
      const res = await refund(ordersStaff, order.id, { requestKey: key(), amountPence: paidPence });
      expect(res.statusCode).toBe(200);
      // Not confirmed yet: the order is not closed, and says when it will be.
      expect(res.json().order).toMatchObject({ status: 'processing', closed: false, can_refund: false });
      expect(res.json().order.history.at(-1).comment).toMatch(/the order closes once the payment provider confirms it/);
      expect(await t.app.services.backoffice.orderAdmin.closeRefundedOrders()).toBe(0);
    } finally {
      spy.mockRestore();
    }
    await t.app.services.refunds.reconcile();
    // Two processes' reconciliation at once: the order is closed once.
    const closedBy = await Promise.all([0, 1].map(() => t.app.services.backoffice.orderAdmin.closeRefundedOrders()));
    expect(closedBy.reduce((a, b) => a + b, 0)).toBe(1);
    const after = await t.app.services.backoffice.orderAdmin.detail(order.id);
    expect(after).toMatchObject({ status: 'closed', closed: true, can_ship: false, can_cancel: false });
    expect(after.history.filter((h) => h.status === 'closed')).toHaveLength(1);
    expect(await t.app.services.backoffice.orderAdmin.closeRefundedOrders()).toBe(0);
  });

  it('is for owner and orders staff only, with the CSRF token', async () => {
    const { order } = await paidOrder();
    for (const role of ['catalogue', 'content'] as const) {
      const member = await signedInStaff(t.app, role);
      const res = await refund(member, order.id, { requestKey: key(), amountPence: 100 });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(BACKOFFICE_MESSAGES.noPermission);
    }
    const noCsrf = await refund(ordersStaff, order.id, { requestKey: key(), amountPence: 100 }, { cookie: ordersStaff.cookie });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().message).toBe(BACKOFFICE_MESSAGES.csrf);
    const signedOut = await refund(ordersStaff, order.id, { requestKey: key(), amountPence: 100 }, {});
    expect(signedOut.statusCode).toBe(401);
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id))).toHaveLength(0);
  });
});

/**
 * Crash safety of a refund: the process fails between each two steps (a fault point), then
 * "restarts" (time passes, one reconciliation) and the staff member's page, which never had an
 * answer, sends the same request again. Whatever the step, the provider refunded once, the shop
 * recorded that refund once (one mail, one log entry, the order closed), and money, orders and
 * stock agree. The same with the process killed: src/reliability/kill-refund.ts.
 */
describe('a refund that fails between its steps', () => {
  afterEach(disarmFaults);

  it.each(REFUND_FAULT_POINTS)('at %s: reconciliation and the retried request refund once and record it once', async (point) => {
    const { order, paidPence, a, b } = await paidOrder();
    const stockBefore = [await stockOf(t.db, a.id), await stockOf(t.db, b.id)];
    const requestKey = key();
    armFault(point, 'throw');
    const failed = await refund(ordersStaff, order.id, { requestKey, amountPence: paidPence, reason: 'Returned unopened.' });
    expect(failed.statusCode).toBe(500);

    // The restart: the unanswered refund is old by now, and reconciliation runs once.
    await t.db.update(paymentRefunds).set({ updatedAt: new Date(Date.now() - 5 * 60_000) }).where(eq(paymentRefunds.orderId, order.id));
    await t.app.services.refunds.reconcile();
    await t.app.services.backoffice.orderAdmin.closeRefundedOrders();
    // The page sends the request again (twice: an impatient double click).
    const again = await Promise.all([0, 1].map(() => refund(ordersStaff, order.id, { requestKey, amountPence: paidPence, reason: 'Returned unopened.' })));
    expect(again.map((r) => r.statusCode)).toEqual([200, 200]);

    // The provider refunded once; the shop recorded exactly that, once.
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    const atProvider = await t.db.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.intentId, payment!.intentId!));
    expect(atProvider.map((r) => [r.amount, r.status])).toEqual([[paidPence, 'succeeded']]);
    const recorded = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id));
    expect(recorded.map((r) => [r.amountPence, r.status, r.providerRefundId])).toEqual([[paidPence, 'succeeded', atProvider[0]!.id]]);
    const detail = await t.app.services.backoffice.orderAdmin.detail(order.id);
    expect(detail).toMatchObject({ status: 'closed', closed: true, can_refund: false, payment: { paid_pence: paidPence, refunded_pence: paidPence } });
    expect(detail.history.filter((h) => /the order is closed/.test(h.comment ?? ''))).toHaveLength(1);
    expect(detail.history.filter((h) => (h.comment ?? '').startsWith(`Refunded ${gbp(paidPence)}.`))).toHaveLength(1);
    expect(await mailsAbout(order, 'order_refunded')).toHaveLength(1);
    const logged = await t.db.select().from(staffActivity).where(eq(staffActivity.requestKey, requestKey));
    expect(logged.map((l) => l.action)).toEqual(['order.refund']);
    // A refund gives money back, never stock: the stock is as the order left it.
    expect([await stockOf(t.db, a.id), await stockOf(t.db, b.id)]).toEqual(stockBefore);
  });
});
