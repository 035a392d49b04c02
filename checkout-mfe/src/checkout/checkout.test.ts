import { createStore } from 'jotai';
import { cartAtom, cartIdAtom } from '@shop/shared';
import { CARD_MESSAGES, formatCardNumber, formatExpiry, validateCard } from '../payment/testCard';
import { scriptApi } from '../test/api';
import { basket, nextDay, placed, standard, stepAnswer, totals } from '../test/fixtures';
import { estimateAddressFor, fieldsToState, stateToFields } from './addresses';
import { sameBillingSchema, separateBillingSchema } from './checkoutForm';
import { failureMessage, placeOrder, type PlaceOrderInput } from './order';
import { summaryTotals } from './totals';
import { ApiError } from '@shop/shared';
import { checkoutStateAtom, emptyCheckoutAddress, successOrderIdAtom } from './checkoutState';

const shipping = { ...emptyCheckoutAddress, firstname: 'Jo', lastname: 'Bloggs', street: ['12 Canal Wharf'], city: 'Leeds', region: 'West Yorkshire', region_id: 5002, postcode: 'LS11 5AB', phone: '0113 496 0000' };

const input = (over: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  email: ' Jo@Example.co.uk ',
  shippingAddress: shipping,
  billingAddress: null,
  comment: '',
  shippingMethod: { carrierCode: 'courier', methodCode: 'standard' },
  paymentMethod: 'stripe_payments',
  createPaymentMethod: jest.fn(async () => ({ id: 'pm_test_1', type: 'card' })),
  handleNextAction: jest.fn(async () => null),
  ...over,
});

describe('placeOrder (spec section 4, checkout order)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  const handlers = {
    '/cart/estimate-shipping-methods': { body: [standard, nextDay] },
    '/cart/save-shipping-info': { body: stepAnswer() },
    '/cart/save-payment-info': { body: stepAnswer() },
    '/cart/confirm-order': { body: placed() },
  };

  it('estimates, saves shipping, saves the payment method, confirms, then clears the billing address and resets the basket', async () => {
    const calls = scriptApi(handlers);
    const store = createStore();
    store.set(cartIdAtom, 'guest-1');
    store.set(cartAtom, basket);
    const result = await placeOrder(store, input());
    expect(result.kind).toBe('placed');
    // No basket is made after the order: the guest's next add makes one.
    expect(calls.paths()).toEqual(['/cart/estimate-shipping-methods', '/cart/save-shipping-info', '/cart/save-payment-info', '/cart/confirm-order']);
    expect(store.get(cartIdAtom)).toBeNull();
    expect(calls.calls[1]!.body.billingAddress).toEqual(calls.calls[1]!.body.address);
    expect(calls.calls[2]!.body.email).toBe('Jo@Example.co.uk'.toLowerCase());
    expect(store.get(successOrderIdAtom)).toBe('REF1234567890abcdefREF');
    expect(localStorage.getItem('billingAddress')).toBeNull();
    expect(store.get(checkoutStateAtom).shippingAddress).toEqual(emptyCheckoutAddress);
    expect(store.get(cartAtom).items).toEqual([]);
  });

  it('refuses a delivery method no longer offered before anything is saved', async () => {
    const calls = scriptApi({ ...handlers, '/cart/estimate-shipping-methods': { body: [nextDay] } });
    const store = createStore();
    store.set(cartIdAtom, 'guest-1');
    await expect(placeOrder(store, input())).rejects.toThrow('This delivery method is not available for your basket and address. Please choose another.');
    expect(calls.paths()).toEqual(['/cart/estimate-shipping-methods']);
  });

  it('a failure leaves the basket and the checkout as they were', async () => {
    scriptApi({ ...handlers, '/cart/confirm-order': { status: 409, body: { message: 'Sorry, we only have 1 of Tape left in stock. Please change the quantity in your basket.' } } });
    const store = createStore();
    store.set(cartIdAtom, 'guest-1');
    store.set(cartAtom, basket);
    await expect(placeOrder(store, input())).rejects.toThrow('Sorry, we only have 1 of Tape left in stock.');
    expect(store.get(cartAtom)).toEqual(basket);
    expect(store.get(cartIdAtom)).toBe('guest-1');
    expect(store.get(checkoutStateAtom).shippingAddress).toEqual(shipping);
    expect(store.get(successOrderIdAtom)).toBeNull();
  });
});

describe('order summary totals', () => {
  it('adds the chosen rate the way the server does until a method is saved', () => {
    expect(summaryTotals(basket, standard)).toEqual({ subtotal: 39, shipping: 9.95, shippingKnown: true, tax: 9.79, discount: 0, grandTotal: 58.74 });
    expect(summaryTotals(basket, null)).toMatchObject({ shipping: 0, shippingKnown: false, grandTotal: 46.8 });
    const saved = { ...basket, totals: totals({ shipping: 9.95, shipping_incl_tax: 11.94, tax: 9.79, grand_total: 58.74, shipping_method: { carrier_code: 'courier', method_code: 'standard', title: '' } }) };
    expect(summaryTotals(saved, standard).grandTotal).toBe(58.74);
    expect(summaryTotals(saved, nextDay)).toMatchObject({ shipping: 14.95, tax: 10.79, grandTotal: 64.74 });
  });
});

describe('addresses', () => {
  it('keeps the postcode as * until one is typed, and normalises UK postcodes', () => {
    expect(stateToFields(emptyCheckoutAddress).postcode).toBe('');
    expect(fieldsToState({ postcode: '' }).postcode).toBe('*');
    expect(fieldsToState({ postcode: 'ls115ab', country_id: 'GB', region_id: '5002', streetLine1: ' 1 High St ', streetLine2: '' })).toMatchObject({
      postcode: 'LS11 5AB',
      region: 'West Yorkshire',
      region_id: 5002,
      street: ['1 High St'],
    });
  });

  it('estimates with the postcode only once it is a usable one', () => {
    expect(estimateAddressFor({ country_id: 'GB', postcode: 'LS11', city: '' }).postcode).toBe('*');
    expect(estimateAddressFor({ country_id: 'GB', postcode: 'ls11 5ab', city: '' }).postcode).toBe('LS11 5AB');
    expect(estimateAddressFor({ country_id: 'US', postcode: '10001', city: '' })).toMatchObject({ country_id: 'US', postcode: '10001' });
  });
});

describe('checkout form messages (spec section 5)', () => {
  const blank = stateToFields(emptyCheckoutAddress);
  const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

  it('names every missing field with the spec’s words', () => {
    const result = sameBillingSchema.safeParse({ email: '', shipping: blank, sameAsShipping: true, billing: blank, comment: '' });
    expect(messages(result)).toEqual({
      email: 'This is a required field.',
      'shipping.firstname': 'First Name is required',
      'shipping.lastname': 'Last Name is required',
      'shipping.telephone': 'Phone Number is required',
      'shipping.streetLine1': 'Street Address (Line 1) is required',
      'shipping.city': 'City is required',
      'shipping.postcode': 'Postal Code is required',
      // GB has regions, so one must be chosen.
      'shipping.region_id': 'County/State/Province is required for the selected country',
    });
  });

  it('checks phone, UK postcode and region, and the billing address only when it is separate', () => {
    const shippingFields = { ...stateToFields(shipping), postcode: 'XX1', telephone: '12', region_id: '' };
    const same = sameBillingSchema.safeParse({ email: 'jo@example.co.uk', shipping: shippingFields, sameAsShipping: true, billing: blank, comment: '' });
    expect(messages(same)).toEqual({
      'shipping.telephone': 'Please enter a valid phone number',
      'shipping.postcode': 'Please enter a valid UK postcode',
      'shipping.region_id': 'County/State/Province is required for the selected country',
    });
    const separate = separateBillingSchema.safeParse({ email: 'jo@example.co.uk', shipping: stateToFields(shipping), sameAsShipping: false, billing: blank, comment: '' });
    expect(messages(separate)['billing.firstname']).toBe('First Name is required');
  });
});

describe('test card checks', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('accepts the test cards and answers Stripe’s words otherwise', () => {
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' }, now)).toEqual({});
    expect(validateCard({ number: '3782 822463 10005', expiry: '12 / 30', cvc: '1234' }, now)).toEqual({});
    expect(validateCard({ number: '', expiry: '', cvc: '' }, now)).toEqual({
      number: CARD_MESSAGES.incompleteNumber,
      expiry: CARD_MESSAGES.incompleteExpiry,
      cvc: CARD_MESSAGES.incompleteCvc,
    });
    expect(validateCard({ number: '4242 4242 4242 4241', expiry: '13 / 30', cvc: '12a' }, now)).toEqual({
      number: CARD_MESSAGES.invalidNumber,
      expiry: CARD_MESSAGES.invalidMonth,
      cvc: CARD_MESSAGES.invalidCvc,
    });
    expect(validateCard({ number: '4242424242424242', expiry: '10 / 26', cvc: '123' }, now).expiry).toBe(CARD_MESSAGES.datePast);
  });

  it('formats as the shopper types', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('12 /', '12 / ')).toBe('1');
  });
});

describe('failure messages', () => {
  it('drops the field path of a validation answer and hides server faults', () => {
    expect(failureMessage(new ApiError('address.postcode: Please enter a valid UK postcode', 400, { field: 'address.postcode' }))).toBe('Please enter a valid UK postcode');
    expect(failureMessage(new ApiError('Internal', 500))).toBe('Sorry, we could not place your order. Please check your details and try again.');
    expect(failureMessage(new TypeError('Failed to fetch'))).toBe('We could not reach the shop. Please check your connection and try again.');
  });
});
