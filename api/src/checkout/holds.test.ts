import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { confirmBody, createProduct, guestCartReady, post, stockOf } from '../cart/test-fixtures';
import { payments } from '../payment/schema';
import { loadPaymentSettings } from '../payment/settings';
import { useTestApp } from '../test/app';
import { commerceFor } from '../test/app';
import { UNFINISHED_PAYMENTS_PER_IP } from './routes';

/**
 * Stock hoarding: payments left waiting for 3-D Secure hold their basket's stock. How long they
 * hold it and how many a client may start are bounded; the usual guarantees stay.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-holds-test-'));
const t = useTestApp({ dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const THREE_DS = 'pm_card_threeDSecure2Required';

describe('stock held by unfinished payments', () => {
  it('one client cannot keep starting 3-D Secure payments that hold stock: 429 past the cap, others buy', async () => {
    const p = await createProduct(t.db, { stock: 100 });
    const hoarder = { remoteAddress: '192.0.2.150' };
    for (let i = 0; i < UNFINISHED_PAYMENTS_PER_IP.max; i++) {
      const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 10 }]);
      const res = await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, THREE_DS), hoarder);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('requires_action');
    }
    expect(await stockOf(t.db, p.id)).toBe(100 - 10 * UNFINISHED_PAYMENTS_PER_IP.max);

    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 10 }]);
    const refused = await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, THREE_DS), hoarder);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing more was taken, and another shopper still buys.
    expect(await stockOf(t.db, p.id)).toBe(100 - 10 * UNFINISHED_PAYMENTS_PER_IP.max);
    const other = await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, 'pm_card_visa'), { remoteAddress: '198.51.100.150' });
    expect(other.statusCode).toBe(200);
    expect(other.json().status).toBe('succeeded');
  });

  it('paid or declined payments do not count towards the cap', async () => {
    const p = await createProduct(t.db, { stock: 100 });
    const shopper = { remoteAddress: '192.0.2.151' };
    for (let i = 0; i < UNFINISHED_PAYMENTS_PER_IP.max + 2; i++) {
      const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
      const res = await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, 'pm_card_visa'), shopper);
      expect(res.statusCode).toBe(200);
    }
  });

  it('an abandoned 3-D Secure payment holds the stock for 10 minutes by default, then the sweep frees it', async () => {
    const settings = loadPaymentSettings({});
    expect(settings.holdMinutes).toBe(10);
    const p = await createProduct(t.db, { stock: 3 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 3 }]);
    const second = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
    const placed = (await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, THREE_DS))).json() as { paymentIntentId: string };
    expect(await stockOf(t.db, p.id)).toBe(0);
    // Another shopper is told it is out of stock while the hold lasts...
    const out = await post(t.app, '/api/cart/confirm-order', confirmBody(second, 'pm_card_visa'));
    expect(out.statusCode).toBe(409);

    const checkout = commerceFor({ db: t.db, config: t.config }).checkout;
    // Nine minutes in, the hold stands.
    await t.db.update(payments).set({ updatedAt: new Date(Date.now() - 9 * 60_000) }).where(eq(payments.intentId, placed.paymentIntentId));
    await checkout.sweep(settings.holdMinutes * 60_000);
    expect(await stockOf(t.db, p.id)).toBe(0);
    // Eleven minutes in, it is gone and the other shopper buys.
    await t.db.update(payments).set({ updatedAt: new Date(Date.now() - 11 * 60_000) }).where(eq(payments.intentId, placed.paymentIntentId));
    const swept = await checkout.sweep(settings.holdMinutes * 60_000);
    expect(swept.cancelled).toBeGreaterThanOrEqual(1);
    expect(await stockOf(t.db, p.id)).toBe(3);
    const bought = await post(t.app, '/api/cart/confirm-order', confirmBody(second, 'pm_card_visa'));
    expect(bought.statusCode).toBe(200);
    expect(await stockOf(t.db, p.id)).toBe(2);
  });
});
