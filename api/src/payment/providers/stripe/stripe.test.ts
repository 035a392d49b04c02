import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { carts } from '../../../cart/schema';
import { confirmBody, createProduct, guestCartReady, post, stockOf } from '../../../cart/test-fixtures';
import { orders, orderStatusHistory } from '../../../orders/schema';
import { servicesFor, useTestApp } from '../../../test/app';
import { startFakeStripe, stripeEvent, type FakeStripe } from './fake-stripe';
import { paymentEvents, paymentRefunds } from '../../schema';
import { refundCases } from '../../refund-cases';
import { REFUND_MESSAGES } from '../../refunds';

const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-stripe-test-'));
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
});
// Stripe's settings point the SDK at the fake (read in beforeAll, once the fake has its port).
const t = useTestApp(() => ({
  dataDir,
  paymentProviders: {
    test: {},
    stripe: {
      secretKey: 'sk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      publishableKey: 'pk_test_fake',
      apiHost: '127.0.0.1',
      apiPort: fake.port,
      apiProtocol: 'http',
    },
  },
}));
afterAll(async () => {
  await fake.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const signer = new Stripe('sk_test_signer');

function webhook(event: unknown, options: { secret?: string; timestamp?: number; tamper?: (payload: string) => string; signature?: string | null } = {}) {
  const payload = JSON.stringify(event);
  const header =
    options.signature === null
      ? undefined
      : (options.signature ??
        signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) }));
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/stripe/webhook',
    headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) },
    payload: options.tamper ? options.tamper(payload) : payload,
  });
}

interface Placed {
  status: string;
  orderRef: string;
  paymentIntentId: string;
  amount: number;
  redirectUrl: string | null;
  clientSecret: string | null;
  provider: string;
}

async function orderOf(ref: string) {
  const [order] = await t.db.select().from(orders).where(eq(orders.publicRef, ref));
  return order!;
}

describe('Stripe provider (against a local fake Stripe)', () => {
  it('tells the browser Stripe is active, with the publishable key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment/config' });
    expect(res.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_fake', currency: 'gbp', country: 'GB' });
  });

  it('charges the server total in pence with an idempotency key; Stripe\'s succeeded answer marks it paid once; the webhook and its replay change nothing', async () => {
    const p = await createProduct(t.db, { pricePence: 4_999, stock: 5 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 2 }]);
    const before = fake.creates.length;
    const res = await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, 'pm_card_visa'));
    expect(res.statusCode).toBe(200);
    const placed = res.json() as Placed;
    expect(placed).toMatchObject({ status: 'succeeded', provider: 'stripe' });
    expect(fake.creates.length).toBe(before + 1);
    const create = fake.creates.at(-1)!;
    // 2 × 49.99 = 99.98 + 9.95 + VAT 20.00 + 1.99 = 131.92 -> 13192 pence
    expect(create.params).toMatchObject({ amount: '13192', currency: 'gbp', payment_method: 'pm_card_visa', confirm: 'true', 'metadata[cart_id]': cartId });
    expect(create.params.return_url).toBe('http://localhost:8080/payment-complete');
    expect(create.idempotencyKey).toBe(`order-${cartId}-13192-1`);

    // Stripe's answer says succeeded (the intent's state): paid now, whether or not a webhook follows.
    let order = await orderOf(placed.orderRef);
    expect(order.status).toBe('processing');
    expect(order.paymentReference).toBe(placed.paymentIntentId);
    const [cart] = await t.db.select().from(carts).where(eq(carts.id, cartId));
    expect(cart!.status).toBe('ordered');

    const event = stripeEvent('payment_intent.succeeded', fake.intents.get(placed.paymentIntentId)!);
    let hook = await webhook(event);
    expect(hook.statusCode).toBe(200);
    expect(hook.json()).toEqual({ received: true, duplicate: false, outcome: 'ignored' });
    order = await orderOf(placed.orderRef);
    expect(order.status).toBe('processing');

    hook = await webhook(event); // replayed (Stripe retries; an attacker replays)
    expect(hook.json()).toEqual({ received: true, duplicate: true, outcome: 'duplicate' });
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.map((h) => h.status)).toEqual(['pending', 'processing']);
    const recorded = await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id));
    expect(recorded).toHaveLength(1);
  });

  it('refuses forged, tampered, stale and unsigned webhooks with 400 and changes nothing', async () => {
    const p = await createProduct(t.db, { pricePence: 1_000 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
    // Waiting for 3-D Secure: a forged 'succeeded' event must not mark it paid.
    const placed = (await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, 'pm_card_threeDSecure2Required'))).json() as Placed;
    const event = stripeEvent('payment_intent.succeeded', { ...fake.intents.get(placed.paymentIntentId)!, status: 'succeeded' });
    const attempts = [
      await webhook(event, { secret: 'whsec_attacker' }),
      await webhook(event, { tamper: (s) => s.replace('"amount":', '"amount": ') }),
      await webhook(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      await webhook(event, { signature: null }),
      await webhook(event, { signature: 't=1,v1=deadbeef' }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Webhook signature verification failed/);
    }
    expect((await orderOf(placed.orderRef)).status).toBe('pending');
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))).toEqual([]);
  });

  it('checks amount and currency against the order: a mismatching event does not mark it paid', async () => {
    const p = await createProduct(t.db, { pricePence: 2_000 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
    // Waiting for 3-D Secure, so only the events can settle it.
    const placed = (await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, 'pm_card_threeDSecure2Required'))).json() as Placed;
    const intent = { ...fake.intents.get(placed.paymentIntentId)!, status: 'succeeded' as const };
    let hook = await webhook(stripeEvent('payment_intent.succeeded', { ...intent, amount: intent.amount - 1 }));
    expect(hook.json()).toMatchObject({ outcome: 'rejected' });
    hook = await webhook(stripeEvent('payment_intent.succeeded', { ...intent, currency: 'usd' }));
    expect(hook.json()).toMatchObject({ outcome: 'rejected' });
    expect((await orderOf(placed.orderRef)).status).toBe('pending');
    hook = await webhook(stripeEvent('payment_intent.succeeded', intent));
    expect(hook.json()).toMatchObject({ outcome: 'processed' });
    expect((await orderOf(placed.orderRef)).status).toBe('processing');
  });

  it('sends Stripe the return URL the browser asked for only on the shop or request origin', async () => {
    const p = await createProduct(t.db, { pricePence: 1_000 });
    const returns: string[] = [];
    for (const [returnUrl, origin] of [
      ['http://localhost:8080/payment-complete?from=checkout', undefined],
      ['http://127.0.0.1:8380/payment-complete', 'http://127.0.0.1:8380'],
      ['https://evil.example/steal', 'http://127.0.0.1:8380'],
      ['javascript:alert(1)', undefined],
    ] as const) {
      const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
      const res = await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, 'pm_card_visa', { returnUrl }), origin ? { headers: { origin } } : {});
      expect(res.statusCode).toBe(200);
      returns.push(fake.creates.at(-1)!.params.return_url!);
    }
    expect(returns).toEqual([
      'http://localhost:8080/payment-complete?from=checkout',
      'http://127.0.0.1:8380/payment-complete',
      'http://localhost:8080/payment-complete',
      'http://localhost:8080/payment-complete',
    ]);
  });

  it('a declined card (402 card_error) leaves the basket intact', async () => {
    const p = await createProduct(t.db, { pricePence: 3_000, stock: 2 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 2 }]);
    const res = await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, 'pm_card_chargeDeclined'));
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Your card was declined.');
    expect(await stockOf(t.db, p.id)).toBe(2);
    expect((await post(t.app, '/api/cart', { cartId })).json().items[0].qty).toBe(2);
    expect(await t.db.select().from(orders).where(eq(orders.cartId, cartId))).toEqual([]);
    // An unknown payment method is the shopper's problem, named.
    const bad = await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, 'pm_card_unknown'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'payment.piPaymentMethodId', message: expect.stringContaining("No such PaymentMethod: 'pm_card_unknown'") });
  });

  it('3-D Secure: Stripe redirects; /payment/complete finishes it; the webhook marks it paid', async () => {
    const p = await createProduct(t.db, { pricePence: 30_000, stock: 1 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
    const res = await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, 'pm_card_threeDSecure2Required'));
    const placed = res.json() as Placed;
    expect(placed.status).toBe('requires_action');
    expect(placed.redirectUrl).toMatch(/^https:\/\/hooks\.stripe\.com\/3d_secure_2\//);
    expect(placed.clientSecret).toMatch(/_secret_/);
    expect(await stockOf(t.db, p.id)).toBe(0);

    const intent = fake.completeAction(placed.paymentIntentId, 'succeeded');
    const done = await post(t.app, '/api/payment/complete', { paymentIntentId: placed.paymentIntentId });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'succeeded', orderRef: placed.orderRef });
    await webhook(stripeEvent('payment_intent.succeeded', intent));
    expect((await orderOf(placed.orderRef)).status).toBe('processing');
  });

  it('20 concurrent confirms of one basket: one PaymentIntent at Stripe, one order', async () => {
    const p = await createProduct(t.db, { pricePence: 1_234, stock: 10 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
    const before = fake.creates.length;
    const results = await Promise.all(Array.from({ length: 20 }, () => post(t.app, '/api/cart/confirm-order', confirmBody(cartId, 'pm_card_visa'))));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => (r.json() as Placed).orderRef)).size).toBe(1);
    expect(fake.creates.length - before).toBe(1);
    expect(await t.db.select().from(orders).where(eq(orders.cartId, cartId))).toHaveLength(1);
  });

  it('a lost answer is retried with the same idempotency key: still one charge', async () => {
    const p = await createProduct(t.db, { pricePence: 5_000 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
    const before = fake.creates.length;
    fake.dropNextCreateAnswers = 1;
    const res = await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, 'pm_card_visa'));
    expect(res.statusCode).toBe(200);
    expect(fake.creates.length - before).toBe(1);
    const keys = fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.idempotencyKey?.includes(cartId)).map((r) => r.idempotencyKey);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
  });

  it('Stripe down: 503 with a clear message; the retry later charges once', async () => {
    const p = await createProduct(t.db, { pricePence: 5_000, stock: 3 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
    fake.down = true;
    let res: Awaited<ReturnType<typeof post>>;
    try {
      res = await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, 'pm_card_visa'));
    } finally {
      fake.down = false;
    }
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/could not reach the payment service/);
    const before = fake.creates.length;
    res = await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, 'pm_card_visa'));
    expect(res.statusCode).toBe(200);
    expect(fake.creates.length - before).toBe(1);
    expect(await stockOf(t.db, p.id)).toBe(2);
  });
});

describe('refunds with Stripe (against the fake Stripe)', () => {
  refundCases(t, 'pm_card_visa');

  it('a refund Stripe cannot be asked for (down) stays recorded; reconciliation refunds it once with the same key', async () => {
    const p = await createProduct(t.db, { pricePence: 3_000 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
    const placed = (await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, 'pm_card_visa'))).json() as Placed;
    const order = await orderOf(placed.orderRef);
    const { refunds } = servicesFor(t);
    fake.down = true;
    let down;
    try {
      down = await refunds.refundOrderPayment({ orderId: order.id, amountPence: 1_234, idempotencyKey: `down-${order.id}` }).catch((e: unknown) => e);
    } finally {
      fake.down = false;
    }
    expect(down).toMatchObject({ statusCode: 503, message: REFUND_MESSAGES.unreachable });
    let [row] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id));
    expect(row!.status).toBe('requested');
    // Too recent to retry: another process may be asking right now.
    expect(await refunds.reconcile()).toMatchObject({ retried: 0 });
    await t.db.update(paymentRefunds).set({ updatedAt: new Date(Date.now() - 60_000) }).where(eq(paymentRefunds.id, row!.id));
    const before = fake.refundCreates.length;
    expect(await refunds.reconcile()).toMatchObject({ retried: 1 });
    [row] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id));
    expect(row).toMatchObject({ status: 'succeeded', amountPence: 1_234 });
    expect(fake.refundCreates.length).toBe(before + 1);
    expect(fake.refundCreates.at(-1)!.idempotencyKey).toBe(`refund-down-${order.id}`);
    // The caller's retry answers the same refund; Stripe is not asked to refund again.
    const again = await refunds.refundOrderPayment({ orderId: order.id, amountPence: 1_234, idempotencyKey: `down-${order.id}` });
    expect(again).toMatchObject({ refundId: row!.id, status: 'succeeded', refundedPence: 1_234 });
    expect(fake.refundCreates.length).toBe(before + 1);
  });
});
