import { createStore } from 'jotai';
import {
  billingAddressAtom,
  checkoutEmailAtom,
  checkoutPaymentAtom,
  checkoutStateAtom,
  deliveryCommentAtom,
  emptyCheckoutAddress,
  paymentMethodAtom,
  resetCheckoutAtom,
  sameAsShippingAddressAtom,
  shippingAddressAtom,
  shippingCarrierCodeAtom,
  shippingMethodCodeAtom,
  successOrderIdAtom,
} from './checkoutState';

/** A new page load: the atoms module evaluated afresh (stored values are read when it loads). */
let fresh: typeof import('./checkoutState') | null = null;
function freshAtoms() {
  jest.isolateModules(() => {
    fresh = require('./checkoutState') as typeof import('./checkoutState');
  });
  return fresh!;
}
const freshPage = () => createStore();

const address = {
  ...emptyCheckoutAddress,
  firstname: 'Jo',
  lastname: 'Bloggs',
  street: ['12 Canal Wharf'],
  city: 'Leeds',
  region: 'West Yorkshire',
  region_id: 5002,
  postcode: 'LS11 5AB',
  phone: '0113 496 0000',
};

describe('checkout state (spec section 3)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('starts with the spec defaults', () => {
    const store = createStore();
    expect(store.get(checkoutStateAtom)).toEqual({
      email: '',
      paymentMethod: 'stripe_payments',
      shippingMethodCode: null,
      shippingCarrierCode: null,
      sameAsShippingAddress: true,
      deliveryComment: '',
      shippingAddress: emptyCheckoutAddress,
      billingAddress: emptyCheckoutAddress,
    });
    // Addresses: names, city, region, street list, phone, and postcode '*' until known.
    expect(emptyCheckoutAddress).toMatchObject({ firstname: '', lastname: '', city: '', region: '', street: [], phone: '', postcode: '*' });
  });

  it('keeps the billing address in localStorage under billingAddress, and reads it back on a new page', () => {
    const store = createStore();
    store.set(billingAddressAtom, address);
    expect(JSON.parse(localStorage.getItem('billingAddress') ?? 'null')).toEqual(address);
    // The shipping address is not stored.
    store.set(shippingAddressAtom, address);
    expect(Object.keys(localStorage)).toEqual(['billingAddress']);
    expect(freshPage().get(freshAtoms().billingAddressAtom)).toEqual(address);
  });

  it('resets everything once the order is confirmed, clearing the stored billing address', () => {
    const store = createStore();
    store.set(checkoutEmailAtom, 'jo@example.co.uk');
    store.set(paymentMethodAtom, 'stripe_payments');
    store.set(shippingCarrierCodeAtom, 'courier');
    store.set(shippingMethodCodeAtom, 'nextday');
    store.set(sameAsShippingAddressAtom, false);
    store.set(deliveryCommentAtom, 'Leave by the gate');
    store.set(shippingAddressAtom, address);
    store.set(billingAddressAtom, address);
    store.set(checkoutPaymentAtom, { paymentIntentId: 'pi_1', clientSecret: 'cs', error: 'Declined' });
    store.set(successOrderIdAtom, 'REF1');

    store.set(resetCheckoutAtom);

    expect(localStorage.getItem('billingAddress')).toBeNull();
    expect(store.get(checkoutStateAtom)).toEqual(createStore().get(checkoutStateAtom));
    expect(store.get(checkoutPaymentAtom)).toEqual({ paymentIntentId: null, clientSecret: null, error: null });
    // The success page still needs the order's reference.
    expect(store.get(successOrderIdAtom)).toBe('REF1');
  });

  it('keeps contact, shipping address and delivery choice for the session (a reload finds them), never in localStorage', () => {
    const store = createStore();
    store.set(checkoutEmailAtom, 'jo@example.co.uk');
    store.set(shippingAddressAtom, address);
    store.set(sameAsShippingAddressAtom, false);
    store.set(shippingCarrierCodeAtom, 'courier');
    store.set(shippingMethodCodeAtom, 'nextday');
    store.set(deliveryCommentAtom, 'Leave by the gate');
    expect(Object.keys(localStorage)).toEqual([]);

    const atoms = freshAtoms();
    const page = freshPage();
    expect(page.get(atoms.checkoutEmailAtom)).toBe('jo@example.co.uk');
    expect(page.get(atoms.shippingAddressAtom)).toEqual(address);
    expect(page.get(atoms.sameAsShippingAddressAtom)).toBe(false);
    expect(page.get(atoms.shippingCarrierCodeAtom)).toBe('courier');
    expect(page.get(atoms.shippingMethodCodeAtom)).toBe('nextday');
    expect(page.get(atoms.deliveryCommentAtom)).toBe('Leave by the gate');

    // Confirmed: nothing of it is left for the next page either.
    page.set(atoms.resetCheckoutAtom);
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('checkout.'))).toEqual([]);
    expect(freshPage().get(freshAtoms().checkoutStateAtom)).toEqual(createStore().get(checkoutStateAtom));
  });

  it('keeps the success order id for this tab (sessionStorage), not across browser sessions', () => {
    createStore().set(successOrderIdAtom, 'REF2');
    expect(JSON.parse(sessionStorage.getItem('successOrderId') ?? 'null')).toBe('REF2');
    expect(localStorage.getItem('successOrderId')).toBeNull();
    expect(freshPage().get(freshAtoms().successOrderIdAtom)).toBe('REF2');
  });
});
