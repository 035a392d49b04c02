import { atom, type ExtractAtomValue } from 'jotai';
import { atomWithStorage, createJSONStorage, RESET, safeLocalStorage, type AddressBase } from '@shop/shared';

/**
 * Checkout state (spec section 3): what the shopper has told the checkout so far. The checkout
 * page and the express wallet both read and write it; the order flows reset it once an order is
 * confirmed. Contact, addresses and delivery choice last for the tab's session (sessionStorage);
 * the billing address is also kept in localStorage under `billingAddress` until then.
 */

/**
 * A shipping or billing address as the checkout keeps it (spec section 3): the shared address
 * base with the spec's names and text values. `street` is a list of lines; `region` the county or
 * state as text (a wallet gives text; the form's choice is region_id); `postcode` is '*' until
 * known (the delivery estimate's "anywhere"); `phone` is the base's telephone.
 */
export type CheckoutAddressState = Omit<AddressBase, 'company' | 'telephone'> & {
  company: string;
  region: string;
  phone: string;
};

export const DEFAULT_CHECKOUT_POSTCODE = '*';
export const DEFAULT_CHECKOUT_PAYMENT_METHOD = 'stripe_payments';

export const emptyCheckoutAddress: CheckoutAddressState = {
  firstname: '',
  lastname: '',
  company: '',
  street: [],
  city: '',
  region: '',
  region_id: null,
  postcode: DEFAULT_CHECKOUT_POSTCODE,
  country_id: 'GB',
  phone: '',
};

export const paymentMethodAtom = atom(DEFAULT_CHECKOUT_PAYMENT_METHOD);

/**
 * What the shopper typed and chose, kept for this tab's session (sessionStorage, keys
 * `checkout.*`) so a reload or a return from the basket finds it again; cleared when the order is
 * confirmed. Never anything of the card: the payment form keeps that itself.
 */
function sessionAtom<T>(key: string, initial: T) {
  return atomWithStorage<T>(`checkout.${key}`, initial, sessionJSONStorage<T>(), { getOnInit: true });
}
export const checkoutEmailAtom = sessionAtom('email', '');
export const shippingMethodCodeAtom = sessionAtom<string | null>('shippingMethodCode', null);
export const shippingCarrierCodeAtom = sessionAtom<string | null>('shippingCarrierCode', null);
export const sameAsShippingAddressAtom = sessionAtom('sameAsShippingAddress', true);
export const deliveryCommentAtom = sessionAtom('deliveryComment', '');
export const shippingAddressAtom = sessionAtom<CheckoutAddressState>('shippingAddress', emptyCheckoutAddress);

/** The billing address, kept in localStorage (`billingAddress`) until the order is confirmed. */
export const billingAddressAtom = atomWithStorage<CheckoutAddressState>(
  'billingAddress',
  emptyCheckoutAddress,
  safeLocalStorage<CheckoutAddressState>(),
  { getOnInit: true },
);

/** The payment in progress (an extra confirmation step) and the last payment problem. */
export interface CheckoutPaymentState {
  paymentIntentId: string | null;
  clientSecret: string | null;
  error: string | null;
}
export const emptyCheckoutPayment: CheckoutPaymentState = { paymentIntentId: null, clientSecret: null, error: null };
export const checkoutPaymentAtom = atom<CheckoutPaymentState>(emptyCheckoutPayment);

function sessionJSONStorage<T>() {
  return createJSONStorage<T>(() => {
    try {
      const s = globalThis.sessionStorage;
      s.getItem('probe');
      return s;
    } catch {
      const mem = new Map<string, string>();
      return {
        getItem: (k: string) => mem.get(k) ?? null,
        setItem: (k: string, v: string) => void mem.set(k, v),
        removeItem: (k: string) => void mem.delete(k),
      };
    }
  });
}

/**
 * The reference of the order just placed (what confirm-order answers), for the order success
 * page. Kept for this tab only (sessionStorage `successOrderId`), so a reload still shows it.
 */
export const successOrderIdAtom = atomWithStorage<string | null>('successOrderId', null, sessionJSONStorage<string | null>(), {
  getOnInit: true,
});

/** Everything the checkout knows, in one read (for summaries and tests). */
export const checkoutStateAtom = atom((get) => ({
  email: get(checkoutEmailAtom),
  paymentMethod: get(paymentMethodAtom),
  shippingMethodCode: get(shippingMethodCodeAtom),
  shippingCarrierCode: get(shippingCarrierCodeAtom),
  sameAsShippingAddress: get(sameAsShippingAddressAtom),
  deliveryComment: get(deliveryCommentAtom),
  shippingAddress: get(shippingAddressAtom),
  billingAddress: get(billingAddressAtom),
}));
export type CheckoutState = ExtractAtomValue<typeof checkoutStateAtom>;

/**
 * Back to the defaults after an order is confirmed: every field cleared (and removed from
 * sessionStorage), the stored billing address removed from localStorage, the payment state emptied (the success order id stays).
 */
export const resetCheckoutAtom = atom(null, (_get, set) => {
  set(checkoutEmailAtom, RESET);
  set(paymentMethodAtom, DEFAULT_CHECKOUT_PAYMENT_METHOD);
  set(shippingMethodCodeAtom, RESET);
  set(shippingCarrierCodeAtom, RESET);
  set(sameAsShippingAddressAtom, RESET);
  set(deliveryCommentAtom, RESET);
  set(shippingAddressAtom, RESET);
  set(billingAddressAtom, RESET);
  set(checkoutPaymentAtom, emptyCheckoutPayment);
});
