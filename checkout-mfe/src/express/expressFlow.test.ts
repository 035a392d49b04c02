import { createStore } from 'jotai';
import { authTokenAtom, cartAtom, cartIdAtom, emptyCart } from '@shop/shared';
import { scriptApi } from '../test/api';
import { basket, nextDay, placed, standard, stepAnswer, tape, totals } from '../test/fixtures';
import {
  createExpressFlow,
  EXPRESS_MISSING_INFORMATION,
  ExpressCheckoutError,
  missingInformation,
  walletSheet,
  type WalletConfirmDetails,
} from './expressFlow';
import {
  billingAddressAtom,
  checkoutEmailAtom,
  checkoutPaymentAtom,
  checkoutStateAtom,
  shippingAddressAtom,
  shippingCarrierCodeAtom,
  shippingMethodCodeAtom,
  successOrderIdAtom,
} from '../checkout/checkoutState';

const product = { sku: 'HV-PRIMER', name: 'Hydrovault Butyl Primer 1 Litre', price: 22, qty: 1, image: '/media/primer.svg' };
const primer = { item_id: 12, sku: 'HV-PRIMER', name: 'Hydrovault Butyl Primer 1 Litre', price: 22, qty: 1, row_total: 22 };
const withPrimer = { items: [tape, primer], total: 61, totals: totals({ subtotal: 61, subtotal_incl_tax: 73.2, tax: 12.2, grand_total: 73.2 }) };

const wallet = (over: Partial<WalletConfirmDetails> = {}): WalletConfirmDetails => ({
  billingDetails: {
    name: 'Sam Reed',
    email: 'Sam@Example.co.uk',
    phone: '07700 900123',
    address: { line1: '4 Mill Lane', line2: null, city: 'Manchester', state: 'Greater Manchester', postal_code: 'm11ae', country: 'GB' },
  },
  shippingAddress: {
    name: 'Sam Reed',
    address: { line1: '4 Mill Lane', line2: 'Unit 2', city: 'Manchester', state: '', postal_code: 'M1 1AE', country: 'GB' },
  },
  shippingRate: { id: 'courier_nextday' },
  expressPaymentType: 'google_pay',
  ...over,
});

function setup(handlers: Parameters<typeof scriptApi>[0] = {}) {
  const store = createStore();
  const navigate = jest.fn();
  const createPaymentMethod = jest.fn(async () => ({ id: 'pm_test_wallet', type: 'google_pay' }));
  const handleNextAction = jest.fn(async () => null);
  const api = scriptApi({
    '/cart': { body: basket },
    '/cart/add': { body: withPrimer },
    '/cart/estimate-shipping-methods': { body: [standard, nextDay] },
    '/cart/save-shipping-info': { body: stepAnswer() },
    '/cart/save-payment-info': { body: stepAnswer() },
    '/cart/confirm-order': { body: placed() },
    ...handlers,
  });
  const flow = createExpressFlow({ store, navigate, createPaymentMethod, handleNextAction });
  return { store, navigate, createPaymentMethod, handleNextAction, api, flow };
}

describe('express flow', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  describe('click', () => {
    it('adds the product when it is not in the basket, estimates delivery, and answers rates and line items', async () => {
      const { store, flow, api } = setup();
      store.set(cartIdAtom, 'guest-1');
      store.set(cartAtom, basket);
      const sheet = await flow.click(product);
      expect(api.paths()).toEqual(['/cart/add', '/cart/estimate-shipping-methods']);
      expect(api.calls[0]!.body).toMatchObject({ cartId: 'guest-1', productSku: 'HV-PRIMER', quantity: 1 });
      expect(api.calls[1]!.body).toMatchObject({ cartId: 'guest-1', address: { country_id: 'GB', postcode: '*' } });
      expect(store.get(cartAtom)).toEqual(withPrimer);
      expect(sheet.shippingRates).toEqual([
        { id: 'courier_standard', amount: 995, displayName: 'Courier - Standard Delivery (1-3 working days)', carrierCode: 'courier', methodCode: 'standard' },
        { id: 'courier_nextday', amount: 1495, displayName: 'Courier - Next Working Day Delivery (order by 12 noon)', carrierCode: 'courier', methodCode: 'nextday' },
      ]);
      expect(sheet.selectedRateId).toBe('courier_standard');
      expect(sheet.lineItems).toEqual([
        { name: 'Hydrovault Double-Sided Butyl Tape 50mm x 15m × 2', amount: 3900 },
        { name: 'Hydrovault Butyl Primer 1 Litre', amount: 2200 },
        { name: 'Delivery: Courier - Standard Delivery (1-3 working days)', amount: 995 },
        { name: 'VAT (20%)', amount: 1220 + 199 },
      ]);
      // Pence, and what the server charges: £61 + £9.95 + VAT £14.19.
      expect(sheet.total).toBe(8514);
      expect(store.get(shippingCarrierCodeAtom)).toBe('courier');
      expect(store.get(shippingMethodCodeAtom)).toBe('standard');
    });

    it('does not add the product again when the basket already has it', async () => {
      const { store, flow, api } = setup();
      store.set(cartIdAtom, 'guest-1');
      store.set(cartAtom, withPrimer);
      await flow.click(product);
      expect(api.paths()).toEqual(['/cart/estimate-shipping-methods']);
    });

    it('a guest without a basket gets one with the add, in the same call; without a product it works on the whole basket (basket button)', async () => {
      const { store, flow, api } = setup({ '/cart/add': { body: { ...withPrimer, cartId: 'guest-1' } } });
      await flow.click(product);
      expect(api.paths()).toEqual(['/cart/add', '/cart/estimate-shipping-methods']);
      expect(api.calls[0]!.body).toMatchObject({ cartId: null, productSku: 'HV-PRIMER' });
      expect(store.get(cartIdAtom)).toBe('guest-1');
      expect(store.get(cartAtom)).toEqual(withPrimer);

      const other = setup();
      other.store.set(cartIdAtom, 'guest-1');
      other.store.set(cartAtom, basket);
      const sheet = await other.flow.click();
      expect(other.api.paths()).toEqual(['/cart/estimate-shipping-methods']);
      expect(sheet.total).toBe(3900 + 995 + 780 + 199);
    });

    it('fails with a message for an empty basket, or when nothing can be delivered', async () => {
      const { store, flow } = setup({ '/cart': { body: emptyCart } });
      store.set(cartIdAtom, 'guest-1');
      await expect(flow.click()).rejects.toThrow('Your basket is empty.');

      const none = setup({ '/cart/estimate-shipping-methods': { body: [] } });
      none.store.set(cartIdAtom, 'guest-1');
      none.store.set(cartAtom, basket);
      await expect(none.flow.click()).rejects.toMatchObject({ reason: 'address_unserviceable' });
    });

    it('a guest basket the server no longer knows: the add is made again without it, which makes a new one', async () => {
      const { store, flow, api } = setup({
        '/cart/add': (body: { cartId: string | null }) =>
          body.cartId === 'gone' ? { status: 404, body: { message: 'This basket no longer exists. Please start a new one.' } } : { body: { ...withPrimer, cartId: 'guest-3' } },
      });
      store.set(cartIdAtom, 'gone');
      store.set(cartAtom, basket);
      await flow.click(product);
      expect(api.paths()).toEqual(['/cart/add', '/cart/add', '/cart/estimate-shipping-methods']);
      expect(store.get(cartIdAtom)).toBe('guest-3');
      expect(api.calls[2]!.body).toMatchObject({ cartId: 'guest-3' });
    });

    it('keeps the basket and says why when the product cannot be added', async () => {
      const { store, flow } = setup({ '/cart/add': { status: 409, body: { message: 'Sorry, Hydrovault Butyl Primer 1 Litre is out of stock.' } } });
      store.set(cartIdAtom, 'guest-1');
      store.set(cartAtom, basket);
      await expect(flow.click(product)).rejects.toThrow('Sorry, Hydrovault Butyl Primer 1 Litre is out of stock.');
      expect(store.get(cartAtom)).toEqual(basket);
    });
  });

  describe('shippingAddressChange', () => {
    it("updates the basket's address and re-estimates delivery for it", async () => {
      const { store, flow, api } = setup();
      store.set(cartIdAtom, 'guest-1');
      store.set(cartAtom, basket);
      await flow.click();
      api.calls.length = 0;
      const sheet = await flow.shippingAddressChange({ city: 'Belfast', state: '', postal_code: 'bt71nn', country: 'GB' });
      expect(store.get(shippingAddressAtom)).toMatchObject({ city: 'Belfast', postcode: 'BT7 1NN', country_id: 'GB' });
      expect(api.paths()).toEqual(['/cart/estimate-shipping-methods']);
      expect(api.calls[0]!.body.address).toMatchObject({ country_id: 'GB', postcode: 'BT7 1NN' });
      expect(sheet.shippingRates).toHaveLength(2);
    });

    it('keeps the chosen rate when it is still offered, else takes the first', async () => {
      const { store, flow } = setup({
        '/cart/estimate-shipping-methods': (body) => ({ body: body.address.postcode === 'BT7 1NN' ? [{ ...standard, method_code: 'remote', method_title: 'Highlands & Islands' }] : [standard, nextDay] }),
      });
      store.set(cartIdAtom, 'guest-1');
      store.set(cartAtom, basket);
      await flow.click();
      await flow.shippingRateChange('courier_nextday');
      expect((await flow.shippingAddressChange({ postal_code: 'M1 1AE', country: 'GB' })).selectedRateId).toBe('courier_nextday');
      expect((await flow.shippingAddressChange({ postal_code: 'BT7 1NN', country: 'GB' })).selectedRateId).toBe('courier_remote');
      expect(store.get(shippingMethodCodeAtom)).toBe('remote');
    });

    it('refuses a country the shop does not deliver to', async () => {
      const { store, flow } = setup();
      store.set(cartIdAtom, 'guest-1');
      store.set(cartAtom, basket);
      await flow.click();
      await expect(flow.shippingAddressChange({ country: 'FR', postal_code: '75001' })).rejects.toMatchObject({ reason: 'invalid_shipping_address' });
    });
  });

  describe('shippingRateChange', () => {
    it('saves the shipping choice and answers the line items and total for it', async () => {
      const { store, flow, api } = setup();
      store.set(cartIdAtom, 'guest-1');
      store.set(cartAtom, basket);
      await flow.click();
      api.calls.length = 0;
      const sheet = await flow.shippingRateChange('courier_nextday');
      expect(store.get(shippingCarrierCodeAtom)).toBe('courier');
      expect(store.get(shippingMethodCodeAtom)).toBe('nextday');
      expect(sheet.selectedRateId).toBe('courier_nextday');
      expect(sheet.lineItems).toContainEqual({ name: 'Delivery: Courier - Next Working Day Delivery (order by 12 noon)', amount: 1495 });
      expect(sheet.total).toBe(3900 + 1495 + 780 + 299);
      expect(api.calls).toHaveLength(0);
    });

    it('refuses a rate that was not offered', async () => {
      const { flow, store } = setup();
      store.set(cartIdAtom, 'guest-1');
      store.set(cartAtom, basket);
      await flow.click();
      await expect(flow.shippingRateChange('pallet_nextday')).rejects.toBeInstanceOf(ExpressCheckoutError);
    });
  });

  describe('confirm', () => {
    it.each([
      ['email', wallet({ billingDetails: { ...wallet().billingDetails!, email: '' } })],
      ['phone', wallet({ billingDetails: { ...wallet().billingDetails!, phone: ' ' } })],
      ['shipping line 1', wallet({ shippingAddress: { name: 'Sam', address: { ...wallet().shippingAddress!.address!, line1: '' } } })],
      ['shipping city', wallet({ shippingAddress: { name: 'Sam', address: { ...wallet().shippingAddress!.address!, city: null } } })],
      ['shipping postcode', wallet({ shippingAddress: { name: 'Sam', address: { ...wallet().shippingAddress!.address!, postal_code: '' } } })],
      ['shipping address', wallet({ shippingAddress: null })],
      ['billing line 1', wallet({ billingDetails: { ...wallet().billingDetails!, address: { ...wallet().billingDetails!.address!, line1: '' } } })],
      ['billing city', wallet({ billingDetails: { ...wallet().billingDetails!, address: { ...wallet().billingDetails!.address!, city: '' } } })],
      ['billing postcode', wallet({ billingDetails: { ...wallet().billingDetails!, address: { ...wallet().billingDetails!.address!, postal_code: '' } } })],
      ['billing address', wallet({ billingDetails: { ...wallet().billingDetails!, address: null } })],
    ])("fails with the spec's message when the %s is missing, and calls nothing", async (_what, details) => {
      const { store, flow, api, createPaymentMethod } = setup();
      store.set(cartIdAtom, 'guest-1');
      store.set(cartAtom, basket);
      expect(missingInformation(details)).toBe(true);
      await expect(flow.confirm(details)).rejects.toThrow('Unable able to proceed with payment due to missing information');
      expect(EXPRESS_MISSING_INFORMATION).toBe('Unable able to proceed with payment due to missing information');
      expect(api.calls).toHaveLength(0);
      expect(createPaymentMethod).not.toHaveBeenCalled();
      expect(store.get(checkoutPaymentAtom).error).toBe(EXPRESS_MISSING_INFORMATION);
      expect(store.get(cartAtom)).toEqual(basket);
    });

    it('saves addresses and shipping, creates the payment method, confirms, stores the order id, resets everything and goes to the success page', async () => {
      const { store, flow, api, createPaymentMethod, navigate } = setup();
      store.set(cartIdAtom, 'guest-1');
      store.set(cartAtom, basket);
      await flow.click();
      api.calls.length = 0;

      const answer = await flow.confirm(wallet());

      expect(api.paths()).toEqual([
        '/cart/estimate-shipping-methods',
        '/cart/save-shipping-info',
        '/cart/save-payment-info',
        '/cart/confirm-order',
      ]);
      const [, saveShipping, savePayment, confirm] = api.calls;
      expect(saveShipping!.body).toMatchObject({
        cartId: 'guest-1',
        shippingMethod: { carrierCode: 'courier', methodCode: 'nextday' },
        address: {
          firstname: 'Sam',
          lastname: 'Reed',
          telephone: '07700 900123',
          street: ['4 Mill Lane', 'Unit 2'],
          city: 'Manchester',
          postcode: 'M1 1AE',
          country_id: 'GB',
          email: 'sam@example.co.uk',
        },
        billingAddress: { street: ['4 Mill Lane'], postcode: 'M1 1AE', region_id: 5003, region: 'Greater Manchester' },
      });
      expect(savePayment!.body).toMatchObject({ cartId: 'guest-1', paymentMethod: 'stripe_payments', email: 'sam@example.co.uk' });
      expect(createPaymentMethod).toHaveBeenCalledWith(wallet());
      expect(confirm!.body).toMatchObject({
        cartId: 'guest-1',
        payment: { method: 'stripe_payments', piPaymentMethodId: 'pm_test_wallet', paymentMethodType: 'google_pay' },
        billingAddress: { email: 'sam@example.co.uk', city: 'Manchester' },
      });
      expect(answer?.orderId).toBe('REF1234567890abcdefREF');
      // Stored for the success page; checkout, basket and payment reset; no basket until the next add.
      expect(store.get(successOrderIdAtom)).toBe('REF1234567890abcdefREF');
      expect(store.get(checkoutStateAtom)).toEqual(createStore().get(checkoutStateAtom));
      expect(localStorage.getItem('billingAddress')).toBeNull();
      expect(store.get(cartAtom)).toEqual(emptyCart);
      expect(store.get(cartIdAtom)).toBeNull();
      expect(store.get(checkoutPaymentAtom)).toEqual({ paymentIntentId: null, clientSecret: null, error: null });
      expect(navigate).toHaveBeenCalledWith('/order/success');
    });

    it("a customer's basket is fetched afresh after the order instead of a guest basket", async () => {
      const { store, flow, api } = setup({ '/cart': { body: emptyCart } });
      store.set(authTokenAtom, 'token-1');
      store.set(cartAtom, basket);
      await flow.confirm(wallet());
      expect(api.calls.find((c) => c.path === '/cart/confirm-order')!.body).toMatchObject({ customerToken: 'token-1' });
      expect(api.paths().at(-1)).toBe('/cart');
    });

    it('hands an extra confirmation step to the UI, and finishes the order with its answer', async () => {
      const { store, flow, handleNextAction, navigate } = setup({
        '/cart/confirm-order': { body: placed({ status: 'requires_action', clientSecret: 'pi_1_secret', redirectUrl: '/payment-complete?payment_intent=pi_test_1' }) },
      });
      store.set(cartIdAtom, 'guest-1');
      store.set(cartAtom, basket);
      handleNextAction.mockResolvedValueOnce(null);
      await expect(flow.confirm(wallet())).resolves.toBeNull();
      expect(handleNextAction).toHaveBeenCalledWith(expect.objectContaining({ status: 'requires_action', paymentIntentId: 'pi_test_1' }));
      expect(store.get(checkoutPaymentAtom)).toMatchObject({ paymentIntentId: 'pi_test_1', clientSecret: 'pi_1_secret' });
      // Sent to the bank's page: the order is finished there, nothing is reset yet.
      expect(navigate).not.toHaveBeenCalled();
      expect(store.get(successOrderIdAtom)).toBeNull();

      handleNextAction.mockResolvedValueOnce(placed() as never);
      await flow.confirm(wallet());
      expect(navigate).toHaveBeenCalledWith('/order/success');
      expect(store.get(successOrderIdAtom)).toBe('REF1234567890abcdefREF');
    });

    it('a declined card fails with the bank’s words and leaves basket and checkout as they were', async () => {
      const { store, flow, navigate } = setup({ '/cart/confirm-order': { status: 402, body: { error: 'Payment Required', message: 'Your card was declined.' } } });
      store.set(cartIdAtom, 'guest-1');
      store.set(cartAtom, basket);
      await expect(flow.confirm(wallet())).rejects.toThrow('Your card was declined.');
      expect(store.get(cartAtom)).toEqual(basket);
      expect(store.get(cartIdAtom)).toBe('guest-1');
      expect(store.get(checkoutEmailAtom)).toBe('sam@example.co.uk');
      expect(store.get(billingAddressAtom).street).toEqual(['4 Mill Lane']);
      expect(store.get(checkoutPaymentAtom).error).toBe('Your card was declined.');
      expect(store.get(successOrderIdAtom)).toBeNull();
      expect(navigate).not.toHaveBeenCalled();
    });
  });

  it('cancel clears the payment state and keeps the basket', async () => {
    const { store, flow } = setup();
    store.set(cartAtom, basket);
    store.set(checkoutPaymentAtom, { paymentIntentId: null, clientSecret: null, error: 'x' });
    flow.cancel();
    expect(store.get(checkoutPaymentAtom).error).toBeNull();
    expect(store.get(cartAtom)).toEqual(basket);
  });

  it('the sheet counts a delivery method the basket already saved only once', () => {
    const saved = { ...basket, totals: totals({ shipping: 9.95, shipping_incl_tax: 11.94, tax: 9.79, grand_total: 58.74, shipping_method: { carrier_code: 'courier', method_code: 'standard', title: 'x' } }) };
    expect(walletSheet(saved, [standard], standard).total).toBe(5874);
  });
});
