import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { carts } from '../cart/schema';
import {
  confirmBody,
  createCustomer,
  createProduct,
  GB_ADDRESS,
  guestCartReady,
  post,
  stockOf,
  testPaymentMethod,
} from '../cart/test-fixtures';
import { queryRows } from '../db/client';
import { mailOutbox } from '../mail/schema';
import { orderLines, orders, orderStatusHistory } from '../orders/schema';
import { payments } from '../payment/schema';
import { testPaymentIntents } from '../payment/providers/test/schema';
import { useTestApp } from '../test/app';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-checkout-test-'));
const t = useTestApp({ dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const VISA = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const THREE_DS = '4000 0025 0000 3155';

interface Placed {
  status: string;
  orderId: string;
  orderRef: string;
  orderNumber: string;
  paymentIntentId: string | null;
  amount: number;
  redirectUrl: string | null;
  provider: string;
}

const confirm = (body: unknown) => post(t.app, '/api/cart/confirm-order', body);

async function orderByRef(ref: string) {
  const [order] = await t.db.select().from(orders).where(eq(orders.publicRef, ref));
  return order!;
}

async function cartRow(id: string) {
  const [row] = await t.db.select().from(carts).where(eq(carts.id, id));
  return row!;
}

describe('save-shipping-info and save-payment-info', () => {
  it('validate the address like the address form and name the field', async () => {
    const p = await createProduct(t.db);
    const cartId = (await post(t.app, '/api/cart/guest/create')).json().cartId as string;
    await post(t.app, '/api/cart/add', { cartId, productSku: p.sku, quantity: 1 });
    const method = { carrierCode: 'courier', methodCode: 'standard' };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...GB_ADDRESS, firstname: '' }, 'address.firstname', 'First Name is required'],
      [{ ...GB_ADDRESS, lastname: ' ' }, 'address.lastname', 'Last Name is required'],
      [{ ...GB_ADDRESS, telephone: undefined }, 'address.telephone', 'Phone Number is required'],
      [{ ...GB_ADDRESS, telephone: 'call me' }, 'address.telephone', 'Please enter a valid phone number'],
      [{ ...GB_ADDRESS, street: ['', ''] }, 'address.street.0', 'Street Address (Line 1) is required'],
      [{ ...GB_ADDRESS, city: '' }, 'address.city', 'City is required'],
      [{ ...GB_ADDRESS, postcode: '' }, 'address.postcode', 'Postal Code is required'],
      [{ ...GB_ADDRESS, postcode: 'NOT A CODE' }, 'address.postcode', 'Please enter a valid UK postcode'],
      [{ ...GB_ADDRESS, region_id: 9999 }, 'address.region_id', 'Please choose a County/State/Province from the list'],
      [{ ...GB_ADDRESS, country_id: 'FR' }, 'address.country_id', 'We deliver to the United Kingdom and the United States only'],
    ];
    for (const [address, field, message] of cases) {
      const res = await post(t.app, '/api/cart/save-shipping-info', { cartId, address, shippingMethod: method });
      expect({ field, status: res.statusCode, body: res.json() }).toMatchObject({ field, status: 400, body: { field, message: `${field}: ${message}` } });
    }
    let res = await post(t.app, '/api/cart/save-shipping-info', { cartId, address: GB_ADDRESS });
    expect(res.json().field).toBe('shippingMethod');
    res = await post(t.app, '/api/cart/save-shipping-info', { cartId, address: GB_ADDRESS, shippingMethod: { carrierCode: 'freeshipping', methodCode: 'freeshipping' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'shippingMethod', message: expect.stringMatching(/not available/) });
    // The spec's checkout state calls the phone 'phone'; a region is optional (wallet addresses).
    res = await post(t.app, '/api/cart/save-shipping-info', {
      cartId,
      address: { ...GB_ADDRESS, telephone: undefined, phone: '+44 1632 960123', region_id: undefined },
      shippingMethod: method,
      comment: 'Leave by the side gate',
    });
    expect(res.statusCode).toBe(200);
    const step = res.json();
    expect(step.status).toBe('success');
    expect(step.cart.totals).toMatchObject({ shipping: 9.95, shipping_method: { carrier_code: 'courier', method_code: 'standard' } });
    expect(step.payment_methods).toEqual([{ code: 'stripe_payments', title: 'Credit / debit card' }]);

    res = await post(t.app, '/api/cart/save-payment-info', { cartId, paymentMethod: 'stripe_payments', email: 'not-an-email' });
    expect(res.json()).toMatchObject({ field: 'email', message: 'email: Please enter a valid email address.' });
    res = await post(t.app, '/api/cart/save-payment-info', { cartId, paymentMethod: 'cash', email: 'a@b.co.uk' });
    expect(res.json().field).toBe('paymentMethod');
    res = await post(t.app, '/api/cart/save-payment-info', { cartId, paymentMethod: 'stripe_payments', email: 'Sam@Example.co.uk', comment: 'Call first' });
    expect(res.statusCode).toBe(200);
    const saved = await cartRow(cartId);
    expect(saved).toMatchObject({ email: 'sam@example.co.uk', paymentMethod: 'stripe_payments', customerNote: 'Call first', shippingCarrierCode: 'courier' });
    expect(saved.shippingAddress).toMatchObject({ telephone: '+44 1632 960123', region_id: null });
  });
});

describe('a lone UTF-16 surrogate in the billing address', () => {
  // "\ud800" is valid JSON but not Unicode: PostgreSQL's jsonb refused it (500, "invalid input
  // syntax for type json") and PGlite stored U+FFFD instead. The API-wide input guard refuses it.
  it('save-payment-info answers 400 naming billingAddress.street.0 and saves nothing', async () => {
    const p = await createProduct(t.db);
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
    const before = await cartRow(cartId);
    const body = { cartId, paymentMethod: 'stripe_payments', email: 'sam@example.co.uk', comment: 'Ring twice' };
    const payload = JSON.stringify({ ...body, billingAddress: { ...GB_ADDRESS, street: ['\ud800', 'Denby Dale Road'] } });
    expect(payload).toContain('"\\ud800"'); // sent as the JSON escape, as a client would
    const res = await t.app.inject({ method: 'POST', url: '/api/cart/save-payment-info', payload, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'billingAddress.street.0', message: expect.stringMatching(/^billingAddress\.street\.0: .*lone UTF-16 surrogate/) });
    const after = await cartRow(cartId);
    expect(after.billingAddress).toEqual(before.billingAddress);
    expect(after.customerNote).toEqual(before.customerNote);

    // The same body with a paired surrogate (an emoji: well-formed Unicode) is taken and stored as sent.
    const ok = await post(t.app, '/api/cart/save-payment-info', { ...body, billingAddress: { ...GB_ADDRESS, street: ['Unit 7 \ud83e\uddf1', 'Denby Dale Road'] } });
    expect(ok.statusCode).toBe(200);
    expect((await cartRow(cartId)).billingAddress).toMatchObject({ street: ['Unit 7 🧱', 'Denby Dale Road'] });
  });
});

describe('confirm-order with the test provider', () => {
  it('places the order: server prices, stock taken, basket closed, mail in the outbox, paid by the event', async () => {
    const p = await createProduct(t.db, { pricePence: 3_333, stock: 10 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 3 }]);
    const pm = await testPaymentMethod(t.app, VISA);
    // Prices and totals in the request are ignored.
    const res = await confirm(confirmBody(cartId, pm, { total: 0.01, grand_total: 0.01, amount: 1, items: [{ sku: p.sku, price: 0.01 }] }));
    expect(res.statusCode).toBe(200);
    const placed = res.json() as Placed;
    expect(placed).toMatchObject({ status: 'succeeded', provider: 'test', redirectUrl: null });
    expect(placed.orderId).toBe(placed.orderRef);
    expect(placed.orderRef).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // 3 × 33.33 = 99.99 + 9.95 delivery + VAT (20.00 + 1.99) = 131.93
    expect(placed.amount).toBe(131.93);

    const order = await orderByRef(placed.orderRef);
    expect(order).toMatchObject({
      status: 'processing',
      subtotalPence: 9_999,
      shippingPence: 995,
      taxPence: 2_000 + 199,
      grandTotalPence: 13_193,
      email: GB_ADDRESS.email,
      paymentReference: placed.paymentIntentId,
      number: placed.orderNumber,
    });
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines.map((l) => [l.sku, l.qty, l.unitPricePence, l.vatPence])).toEqual([[p.sku, 3, 3_333, 2_000]]);
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.map((h) => h.status)).toEqual(['pending', 'processing']);
    expect(await stockOf(t.db, p.id)).toBe(7);
    expect((await cartRow(cartId)).status).toBe('ordered');
    const mail = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.template, 'order_confirmation'), eq(mailOutbox.toAddress, GB_ADDRESS.email)));
    expect(mail.some((m) => m.subject.includes(order.number))).toBe(true);
    // Its lines and delivery address (read with the order's lock when it was paid).
    const confirmation = mail.find((m) => m.subject.includes(order.number))!;
    expect(confirmation.textBody).toContain(`3 x ${p.name} [${p.sku}]  £99.99`);
    expect(confirmation.textBody).toContain('Delivering to:\n  Sam Builder\n  Builder & Sons Ltd\n  Unit 7, Calder Trade Park\n  Denby Dale Road\n  Wakefield\n  West Yorkshire\n  WF2 7AZ\n  GB');

    // A repeat answers the same order; the basket itself is gone for further changes.
    const again = await confirm(confirmBody(cartId, pm));
    expect(again.statusCode).toBe(200);
    expect((again.json() as Placed).orderRef).toBe(placed.orderRef);
    expect((await post(t.app, '/api/cart', { cartId })).statusCode).toBe(404);
    // The success page reads the order by its reference.
    const success = await t.app.inject({ method: 'GET', url: `/api/order/${placed.orderRef}` });
    expect(success.statusCode).toBe(200);
  });

  it('an order paid with a wallet says so on the success page and in the mail, not "Credit / debit card"', async () => {
    const p = await createProduct(t.db, { pricePence: 2_000, stock: 5 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
    const pm = await testPaymentMethod(t.app, VISA);
    const res = await confirm(confirmBody(cartId, pm, { payment: { method: 'stripe_payments', piPaymentMethodId: pm, paymentMethodType: 'google_pay' } }));
    expect(res.statusCode).toBe(200);
    const placed = res.json() as Placed;
    const success = await t.app.inject({ method: 'GET', url: `/api/order/${placed.orderRef}` });
    expect(success.json().data.payment_method_title).toBe('Google Pay');
    const order = await orderByRef(placed.orderRef);
    const [mail] = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.template, 'order_confirmation'), sql`${mailOutbox.subject} like ${`%${order.number}%`}`));
    expect(mail!.textBody).toContain('Payment: Google Pay');
    expect(mail!.textBody).not.toContain('Credit / debit card');
    expect(mail!.htmlBody).toContain('Payment: Google Pay');

    // The test provider's wallet, and a card typed into the form.
    const walletCart = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
    const wallet = await confirm(confirmBody(walletCart, pm, { payment: { method: 'stripe_payments', piPaymentMethodId: pm, paymentMethodType: 'test_wallet' } }));
    expect((await t.app.inject({ url: `/api/order/${(wallet.json() as Placed).orderRef}` })).json().data.payment_method_title).toBe('Express wallet (test)');
    const cardCart = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
    const card = await confirm(confirmBody(cardCart, await testPaymentMethod(t.app, VISA)));
    expect((await t.app.inject({ url: `/api/order/${(card.json() as Placed).orderRef}` })).json().data.payment_method_title).toBe('Credit / debit card');
  });

  it('a declined card leaves the basket as it was (no order, stock untouched), then another card works', async () => {
    const p = await createProduct(t.db, { pricePence: 5_000, stock: 4 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 2 }]);
    const before = await post(t.app, '/api/cart', { cartId });
    const declined = await testPaymentMethod(t.app, DECLINED);
    const res = await confirm(confirmBody(cartId, declined));
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ error: 'Payment Required', message: 'Your card was declined.' });
    expect(await stockOf(t.db, p.id)).toBe(4);
    expect(await t.db.select().from(orders).where(eq(orders.cartId, cartId))).toEqual([]);
    const after = await post(t.app, '/api/cart', { cartId });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(before.json());
    expect((await cartRow(cartId)).status).toBe('active');

    const ok = await confirm(confirmBody(cartId, await testPaymentMethod(t.app, VISA)));
    expect(ok.statusCode).toBe(200);
    expect(await stockOf(t.db, p.id)).toBe(2);
    const attempts = await t.db.select().from(payments).where(eq(payments.cartId, cartId));
    expect(attempts.map((a) => a.status).sort()).toEqual(['failed', 'succeeded']);
  });

  it('3-D Secure: requires_action with a redirect, completed on /payment-complete; failing it gives the basket back', async () => {
    const p = await createProduct(t.db, { pricePence: 26_000, stock: 5 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
    const pm = await testPaymentMethod(t.app, THREE_DS);
    let res = await confirm(confirmBody(cartId, pm));
    expect(res.statusCode).toBe(200);
    const pending = res.json() as Placed;
    expect(pending.status).toBe('requires_action');
    expect(pending.redirectUrl).toMatch(/^\/payment-complete\?payment_intent=pi_test_[0-9a-f]+&payment_intent_client_secret=.+&test_authentication=required$/);
    expect(await stockOf(t.db, p.id)).toBe(4);
    expect((await orderByRef(pending.orderRef)).status).toBe('pending');
    // A repeat (double click) gives the same answer; changing the basket meanwhile cancels the payment.
    expect((await confirm(confirmBody(cartId, pm))).json()).toEqual(pending);

    res = await post(t.app, '/api/payment/test/authenticate', { paymentIntentId: pending.paymentIntentId, outcome: 'fail' });
    expect(res.statusCode).toBe(200);
    res = await post(t.app, '/api/payment/complete', { paymentIntentId: pending.paymentIntentId });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('We are unable to authenticate your payment method. Please choose a different payment method and try again.');
    expect(await stockOf(t.db, p.id)).toBe(5);
    expect((await cartRow(cartId)).status).toBe('active');

    res = await confirm(confirmBody(cartId, pm));
    const second = res.json() as Placed;
    expect(second.status).toBe('requires_action');
    res = await post(t.app, '/api/payment/test/authenticate', { paymentIntentId: second.paymentIntentId, outcome: 'complete' });
    expect(res.json()).toMatchObject({ status: 'succeeded', returnUrl: expect.stringContaining('redirect_status=succeeded') });
    res = await post(t.app, '/api/payment/complete', { paymentIntentId: second.paymentIntentId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'succeeded', orderRef: second.orderRef, redirectUrl: null });
    expect((await orderByRef(second.orderRef)).status).toBe('processing');
    expect(await stockOf(t.db, p.id)).toBe(4);
  });

  it('cancel-payment-intent gives the basket and stock back; a paid one cannot be cancelled', async () => {
    const p = await createProduct(t.db, { stock: 3 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
    const placed = (await confirm(confirmBody(cartId, 'pm_card_authenticationRequired'))).json() as Placed;
    expect(placed.status).toBe('requires_action');
    let res = await post(t.app, '/api/payment/cancel-payment-intent', { paymentIntentId: placed.paymentIntentId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'canceled', orderId: null });
    expect(await stockOf(t.db, p.id)).toBe(3);
    expect((await cartRow(cartId)).status).toBe('active');

    const paid = (await confirm(confirmBody(cartId, 'pm_card_visa'))).json() as Placed;
    res = await post(t.app, '/api/payment/cancel-payment-intent', { paymentIntentId: paid.paymentIntentId });
    expect(res.json()).toMatchObject({ status: 'succeeded', orderId: paid.orderRef });
    res = await post(t.app, '/api/payment/cancel-payment-intent', { paymentIntentId: 'pi_unknown' });
    expect(res.statusCode).toBe(404);
    res = await post(t.app, '/api/payment/cancel-payment-intent', { paymentIntentId: 'not an id' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('paymentIntentId');
  });

  it('an abandoned extra step is cancelled by the sweep after the hold time, freeing the stock', async () => {
    const p = await createProduct(t.db, { stock: 2 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 2 }]);
    const placed = (await confirm(confirmBody(cartId, 'pm_card_threeDSecure2Required'))).json() as Placed;
    expect(await stockOf(t.db, p.id)).toBe(0);
    await t.db.update(payments).set({ updatedAt: new Date(Date.now() - 31 * 60_000) }).where(eq(payments.intentId, placed.paymentIntentId!));
    const { commerceFor } = await import('../test/app');
    const result = await commerceFor({ db: t.db, config: t.config }).checkout.sweep(30 * 60_000);
    expect(result.cancelled).toBeGreaterThanOrEqual(1);
    expect(await stockOf(t.db, p.id)).toBe(2);
    expect((await cartRow(cartId)).status).toBe('active');

    // Guest baskets untouched for 30 days that never reached checkout are deleted; others stay.
    const old = (await post(t.app, '/api/cart/guest/create')).json().cartId as string;
    await post(t.app, '/api/cart/add', { cartId: old, productSku: p.sku, quantity: 1 });
    const longAgo = new Date(Date.now() - 31 * 24 * 3600_000);
    await t.db.update(carts).set({ updatedAt: longAgo }).where(eq(carts.id, old));
    await t.db.execute(sql`update cart_items set updated_at = ${longAgo.toISOString()}::timestamptz where cart_id = ${old}`);
    await t.db.update(carts).set({ updatedAt: longAgo }).where(eq(carts.id, cartId)); // has payment attempts: kept
    const again = await commerceFor({ db: t.db, config: t.config }).checkout.sweep(30 * 60_000);
    expect(again.purged).toBeGreaterThanOrEqual(1);
    expect((await post(t.app, '/api/cart', { cartId: old })).statusCode).toBe(404);
    expect((await post(t.app, '/api/cart', { cartId })).statusCode).toBe(200);
  });

  it('refuses to confirm without a delivery method, an email or lines; 400 names the field', async () => {
    const p = await createProduct(t.db);
    const cartId = (await post(t.app, '/api/cart/guest/create')).json().cartId as string;
    let res = await confirm(confirmBody(cartId, 'pm_card_visa'));
    expect(res.json()).toMatchObject({ field: 'cartId', message: 'Your basket is empty.' });
    await post(t.app, '/api/cart/add', { cartId, productSku: p.sku, quantity: 1 });
    res = await confirm(confirmBody(cartId, 'pm_card_visa'));
    expect(res.json()).toMatchObject({ field: 'address' });
    res = await confirm({ cartId, payment: { method: 'stripe_payments' } });
    expect(res.json()).toMatchObject({ field: 'payment.piPaymentMethodId' });
    res = await confirm({ cartId, payment: { method: 'stripe_payments', piPaymentMethodId: 'pm_card_visa' }, billingAddress: { ...GB_ADDRESS, email: 'nope' } });
    expect(res.json()).toMatchObject({ field: 'billingAddress.email' });
    res = await confirm({ cartId, payment: { method: 'stripe_payments', piPaymentMethodId: 'pm_nope_unknown' }, billingAddress: GB_ADDRESS });
    expect(res.statusCode).toBe(400);
    const ready = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
    res = await confirm({ cartId: ready, payment: { method: 'stripe_payments', piPaymentMethodId: 'pm_nope_unknown' }, billingAddress: GB_ADDRESS });
    expect(res.json()).toMatchObject({ field: 'payment.piPaymentMethodId', message: expect.stringMatching(/No such PaymentMethod/) });
    expect((await cartRow(ready)).status).toBe('active');
  });

  it('a customer confirms their own basket; a repeat without cartId answers the same order', async () => {
    const c = await createCustomer(t.db, 2);
    const p = await createProduct(t.db, { pricePence: 10_000, tiers: [{ customerGroupId: 2, qty: 1, valuePence: 8_000 }] });
    await post(t.app, '/api/cart/add', { customerToken: c.token, productSku: p.sku, quantity: 1 });
    await post(t.app, '/api/cart/save-shipping-info', { customerToken: c.token, address: GB_ADDRESS, shippingMethod: { carrierCode: 'courier', methodCode: 'nextday' } });
    const body = { customerToken: c.token, payment: { method: 'stripe_payments', piPaymentMethodId: 'pm_card_visa', paymentMethodType: 'apple_pay' }, billingAddress: GB_ADDRESS };
    const placed = (await confirm(body)).json() as Placed;
    expect(placed.amount).toBe((8_000 + 1_495 + 1_600 + 299) / 100);
    const order = await orderByRef(placed.orderRef);
    expect(order).toMatchObject({ customerId: c.id, customerGroupId: 2, shippingMethodCode: 'nextday' });
    expect((await confirm(body)).json()).toMatchObject({ orderRef: placed.orderRef });
    // Their next basket is a new, empty one.
    const mine = await post(t.app, '/api/cart/mine', { customerToken: c.token });
    expect(mine.json().data.data.items).toEqual([]);
  });
});

describe('recovery after a crash', () => {
  it('an attempt stuck in creating is taken over and asked again with the same key: no second charge', async () => {
    const p = await createProduct(t.db, { stock: 5 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
    const first = (await confirm(confirmBody(cartId, 'pm_card_authenticationRequired'))).json() as Placed;
    // As if the process died after the provider call, before recording its answer.
    await t.db.update(payments).set({ status: 'creating', updatedAt: new Date(Date.now() - 60_000) }).where(eq(payments.cartId, cartId));
    const again = await confirm(confirmBody(cartId, 'pm_card_authenticationRequired'));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'requires_action', paymentIntentId: first.paymentIntentId, orderRef: first.orderRef });
    const intents = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ${testPaymentIntents} where metadata->>'cart_id' = ${cartId}`);
    expect(intents[0]!.n).toBe(1);
    expect(await stockOf(t.db, p.id)).toBe(4);
  });

  it('a paid attempt whose basket was never closed is finished by the next confirm (paid, basket closed, mail queued)', async () => {
    const p = await createProduct(t.db, { stock: 5 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
    const first = (await confirm(confirmBody(cartId, 'pm_card_authenticationRequired'))).json() as Placed;
    // The bank's extra step went through and the process died before recording any of it.
    await t.db.update(testPaymentIntents).set({ status: 'succeeded' }).where(eq(testPaymentIntents.id, first.paymentIntentId!));
    await t.db.update(payments).set({ status: 'succeeded' }).where(eq(payments.cartId, cartId));
    expect((await cartRow(cartId)).status).toBe('checkout');
    const again = await confirm(confirmBody(cartId, 'pm_card_visa'));
    expect(again.json()).toMatchObject({ status: 'succeeded', orderRef: first.orderRef });
    expect((await cartRow(cartId)).status).toBe('ordered');
    const order = await orderByRef(first.orderRef);
    expect(order.status).toBe('processing');
    const mail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'order_confirmation'));
    expect(mail.some((m) => m.subject.includes(order.number))).toBe(true);
  });
});

describe('card testing', () => {
  it('slows down a client whose cards keep being declined (429 after 10 declines an hour)', async () => {
    const p = await createProduct(t.db);
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
    const from = { remoteAddress: '10.9.8.7' };
    for (let i = 0; i < 10; i++) {
      expect((await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, 'pm_card_chargeDeclined'), from)).statusCode).toBe(402);
    }
    const res = await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, 'pm_card_visa'), from);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    // Another client is not affected, and the basket is intact.
    expect((await confirm(confirmBody(cartId, 'pm_card_visa'))).statusCode).toBe(200);
  });
});

describe('concurrency', () => {
  it('20 concurrent confirms of one basket make exactly one order and one charge', async () => {
    const p = await createProduct(t.db, { pricePence: 1_500, stock: 50 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 2 }]);
    const pm = await testPaymentMethod(t.app, VISA);
    const results = await Promise.all(Array.from({ length: 20 }, () => confirm(confirmBody(cartId, pm))));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const refs = new Set(results.map((r) => (r.json() as Placed).orderRef));
    expect(refs.size).toBe(1);
    expect(await t.db.select().from(orders).where(eq(orders.cartId, cartId))).toHaveLength(1);
    const charges = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ${testPaymentIntents} where metadata->>'cart_id' = ${cartId}`,
    );
    expect(charges[0]!.n).toBe(1);
    expect(await stockOf(t.db, p.id)).toBe(48);
  });

  it('20 buyers racing for the last 5 units: exactly 5 orders, the others told it is out of stock', async () => {
    const p = await createProduct(t.db, { pricePence: 20_000, stock: 5, name: 'Cavity drain membrane 20m' });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => guestCartReady(t.app, [{ sku: p.sku, qty: 1 }])));
    const results = await Promise.all(buyers.map((cartId) => confirm(confirmBody(cartId, 'pm_card_visa'))));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(5);
    expect(refused.map((r) => r.statusCode)).toEqual(Array(15).fill(409));
    expect(refused[0]!.json().message).toBe('Sorry, Cavity drain membrane 20m is out of stock.');
    expect(await stockOf(t.db, p.id)).toBe(0);
    const made = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from order_lines where product_id = ${p.id}`);
    expect(made[0]!.n).toBe(5);
    // The refused buyers keep their baskets.
    for (const r of refused.slice(0, 3)) expect(r.json().error).toBe('Conflict');
  });
});

describe('the test payment methods (like Stripe.js createPaymentMethod)', () => {
  it('answers a pm id for a good card and Stripe-like messages naming the field for bad ones', async () => {
    const year = new Date().getFullYear();
    let res = await post(t.app, '/api/payment/test/payment-methods', { type: 'card', card: { number: VISA, exp_month: 12, exp_year: year + 1, cvc: '123' }, wallet: 'google_pay' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: expect.stringMatching(/^pm_test_/), object: 'payment_method', card: { brand: 'visa', last4: '4242', wallet: { type: 'google_pay' } } });
    const bad: Array<[Record<string, unknown>, string, string]> = [
      [{ number: '4242 4242 4242 4241', exp_month: 12, exp_year: year + 1, cvc: '123' }, 'card.number', 'Your card number is invalid.'],
      [{ number: '4242 4242', exp_month: 12, exp_year: year + 1, cvc: '123' }, 'card.number', 'Your card number is incomplete.'],
      [{ number: VISA, exp_month: 13, exp_year: year + 1, cvc: '123' }, 'card.exp_month', "Your card's expiration month is invalid."],
      [{ number: VISA, exp_month: 12, exp_year: year - 1, cvc: '123' }, 'card.exp_year', "Your card's expiration year is in the past."],
      [{ number: VISA, exp_month: 12, exp_year: year, cvc: '12' }, 'card.cvc', "Your card's security code is incomplete."],
    ];
    for (const [card, field, message] of bad) {
      res = await post(t.app, '/api/payment/test/payment-methods', { card });
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { error: 'Bad Request', field, message } });
    }
    res = await t.app.inject({ method: 'GET', url: '/api/payment/config' });
    expect(res.json()).toMatchObject({ provider: 'test', publishableKey: null, currency: 'gbp' });
    expect(res.json().testCards.map((c: { number: string }) => c.number)).toEqual(expect.arrayContaining(['4242424242424242', '4000000000000002', '4000002500003155']));
  });
});
