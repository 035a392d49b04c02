import { confirmBody, createProduct, GB_ADDRESS, guestCartReady, post } from '../cart/test-fixtures';
import { useTestApp } from '../test/app';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bad-input-test-'));
const t = useTestApp({ dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/**
 * Every basket, checkout and payment call, fed what a careless or hostile client might send:
 * never a 500, and a 400 names the field.
 */
const NASTY: unknown[] = ['a\u0000b', 'pm_\u0000', 'x\ud800', '\udfff', null, true, 0, -1, 1.5, 1e308, '', ' ', 'x'.repeat(5000), [], [1, 2], {}, { $gt: '' }, '<script>', "'; drop table carts; --"];

describe('bad input never makes a 500', () => {
  it('answers 4xx with a named field for every mutation of every body', async () => {
    const p = await createProduct(t.db);
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 1 }]);
    const endpoints: Array<[string, Record<string, unknown>]> = [
      ['/api/cart', { customerToken: null, cartId }],
      ['/api/cart/mine', { customerToken: 'abc' }],
      ['/api/cart/add', { customerToken: null, cartId, productSku: p.sku, quantity: 1, productOptions: { configurable_item_options: [{ option_id: 1, option_value: 2 }], custom_options: [{ option_id: 1, option_value: 'x' }] } }],
      ['/api/cart/remove', { customerToken: null, cartId, productSku: p.sku, quantity: 1, itemId: 1 }],
      ['/api/cart/merge-guest-cart', { customerToken: 'abc', guestCartId: cartId }],
      ['/api/cart/estimate-shipping-methods', { customerToken: null, cartId, address: { country_id: 'GB', postcode: '*', email: 'a@b.co' } }],
      ['/api/cart/save-shipping-info', { customerToken: null, cartId, address: GB_ADDRESS, shippingMethod: { carrierCode: 'courier', methodCode: 'standard' }, comment: 'x' }],
      ['/api/cart/save-payment-info', { customerToken: null, cartId, paymentMethod: 'stripe_payments', email: 'a@b.co.uk', comment: 'x' }],
      ['/api/cart/confirm-order', confirmBody(cartId, 'pm_card_chargeDeclined')],
      ['/api/payment/complete', { paymentIntentId: 'pi_test_unknown' }],
      ['/api/payment/cancel-payment-intent', { paymentIntentId: 'pi_test_unknown' }],
      ['/api/payment/test/payment-methods', { type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' } }],
      ['/api/payment/test/authenticate', { paymentIntentId: 'pi_test_unknown', outcome: 'complete' }],
      ['/api/payment/stripe/webhook', { id: 'evt_1', type: 'payment_intent.succeeded' }],
    ];
    const problems: string[] = [];
    const check = async (url: string, payload: unknown, label: string, raw = false) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: raw ? (payload as string) : JSON.stringify(payload),
      });
      if (res.statusCode >= 500) problems.push(`${url} ${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (res.statusCode === 400 && !res.json().message) problems.push(`${url} ${label}: 400 without a message`);
    };
    for (const [url, body] of endpoints) {
      for (const whole of [null, [], 'text', 42]) await check(url, whole, `body=${JSON.stringify(whole)}`);
      await check(url, '{"broken": ', 'invalid JSON', true);
      for (const key of Object.keys(body)) {
        for (const value of NASTY) await check(url, { ...body, [key]: value }, `${key}=${JSON.stringify(value)?.slice(0, 20)}`);
        const nested = body[key];
        if (nested && typeof nested === 'object' && !Array.isArray(nested)) {
          for (const inner of Object.keys(nested)) {
            for (const value of NASTY) {
              await check(url, { ...body, [key]: { ...(nested as object), [inner]: value } }, `${key}.${inner}=${JSON.stringify(value)?.slice(0, 20)}`);
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('a 400 names the field', async () => {
    const res = await post(t.app, '/api/cart/add', { cartId: 'x', productSku: 'y', quantity: 'many' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', field: 'quantity', message: 'quantity: quantity must be a whole number from 1 to 999' });
  });
});
