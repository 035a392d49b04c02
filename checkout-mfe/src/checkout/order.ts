import { ApiError, authTokenAtom, cartAtom, cartIdAtom, emptyCart, ownerOf, reloadCart, reportError, type ShopStore } from '@shop/shared';
import type { OrderPlacedAnswer } from '@shop/shared/schemas';
import { checkoutApi } from '../api/checkoutApi';
import { estimateAddressFor, stateToApiAddress } from './addresses';
import { saveLastOrder } from './lastOrder';
import {
  checkoutEmailAtom,
  checkoutPaymentAtom,
  resetCheckoutAtom,
  shippingAddressAtom,
  successOrderIdAtom,
  type CheckoutAddressState,
} from './checkoutState';

/** Messages of the checkout that are not the server's own words. */
export const CHECKOUT_TEXT = {
  placeOrderFailed: 'Sorry, we could not place your order. Please check your details and try again.',
  unreachable: 'We could not reach the shop. Please check your connection and try again.',
  methodUnavailable: 'This delivery method is not available for your basket and address. Please choose another.',
  noDelivery: 'Sorry, we cannot deliver this basket to that address online. Please call us to arrange delivery.',
  emptyBasket: 'Your basket is empty.',
  paymentCancelled: 'The payment was cancelled. Your basket is as you left it.',
  confirming: 'Confirming payment...',
} as const;

/** A failure to tell the shopper about, in words they can act on. */
export class CheckoutError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CheckoutError';
  }
}

/**
 * The words for a failed call: the server's message (a declined card, stock, a bad field), without
 * the field path a validation answer starts with ('address.postcode: ...'); a network failure or
 * a server fault gets a general message.
 */
export function failureMessage(error: unknown, fallback: string = CHECKOUT_TEXT.placeOrderFailed): string {
  if (error instanceof CheckoutError) return error.message;
  if (error instanceof ApiError) {
    if (error.status >= 500 && error.status !== 503) return fallback;
    const body = error.body as { field?: unknown } | undefined;
    const field = typeof body?.field === 'string' ? body.field : null;
    const message = field && error.message.startsWith(`${field}: `) ? error.message.slice(field.length + 2) : error.message;
    return message.startsWith('Unexpected answer') || message.startsWith('Request to ') ? fallback : message;
  }
  if (error instanceof TypeError) return CHECKOUT_TEXT.unreachable;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/**
 * The basket after an order: a customer's open basket is fetched afresh (the ordered one is
 * closed); a guest is left without a basket (the ordered one is gone): their next add makes one.
 */
export async function resetBasket(store: ShopStore): Promise<void> {
  store.set(cartAtom, emptyCart);
  if (store.get(authTokenAtom)) {
    await reloadCart(store).catch((error: unknown) => reportError('[checkout] basket reload after the order failed', error));
    return;
  }
  store.set(cartIdAtom, null);
}

/**
 * The order is placed (paid, or being settled by the provider): remember its reference for the
 * success page, reset the checkout (the stored billing address goes), the payment state and the
 * basket. The caller then goes to /order/success.
 */
export async function completeOrder(store: ShopStore, answer: OrderPlacedAnswer): Promise<void> {
  const shippingAddress = store.get(shippingAddressAtom);
  if (shippingAddress.street.length > 0) {
    saveLastOrder({ reference: answer.orderId, email: store.get(checkoutEmailAtom), shippingAddress });
  }
  store.set(successOrderIdAtom, answer.orderId);
  store.set(resetCheckoutAtom);
  await resetBasket(store);
}

/** A payment method made by the payment UI: Stripe.js or the test provider's card form. */
export interface CreatedPaymentMethod {
  id: string;
  /** 'card', 'apple_pay', 'google_pay'... */
  type: string;
}

/**
 * What to do when the card needs an extra step (3-D Secure). Answers the order once the step is
 * done, or null when the shopper was sent elsewhere to do it (the /payment-complete page
 * finishes the order).
 */
export type NextActionHandler = (answer: OrderPlacedAnswer) => Promise<OrderPlacedAnswer | null>;

export interface PlaceOrderInput {
  email: string;
  shippingAddress: CheckoutAddressState;
  /** null: the same as the shipping address. */
  billingAddress: CheckoutAddressState | null;
  comment: string;
  shippingMethod: { carrierCode: string; methodCode: string };
  paymentMethod: string;
  createPaymentMethod: () => Promise<CreatedPaymentMethod>;
  handleNextAction: NextActionHandler;
  returnUrl?: string;
}

export type PlaceOrderResult = { kind: 'placed'; answer: OrderPlacedAnswer } | { kind: 'redirected'; answer: OrderPlacedAnswer };

/**
 * The checkout order (spec section 4): estimate shipping, save the shipping information, save the
 * payment method, confirm the order (creating the payment method just before), then reset the
 * checkout (which clears the stored billing address) and the basket. Any failure throws with the
 * basket left as it was (the API gives a declined basket back).
 */
export async function placeOrder(store: ShopStore, input: PlaceOrderInput, api = checkoutApi): Promise<PlaceOrderResult> {
  const owner = ownerOf(store);
  const email = input.email.trim().toLowerCase();
  const shipping = stateToApiAddress(input.shippingAddress, email);
  const billing = stateToApiAddress(input.billingAddress ?? input.shippingAddress, email);
  const comment = input.comment.trim() || null;
  store.set(checkoutEmailAtom, email);
  store.set(shippingAddressAtom, input.shippingAddress);

  // 1. Delivery for this address (the basket may have changed since the page estimated it).
  const rates = await api.estimateShipping(owner, estimateAddressFor(input.shippingAddress, email));
  if (rates.length === 0) throw new CheckoutError(CHECKOUT_TEXT.noDelivery);
  const { carrierCode, methodCode } = input.shippingMethod;
  if (!rates.some((r) => r.available && r.carrier_code === carrierCode && r.method_code === methodCode)) {
    throw new CheckoutError(CHECKOUT_TEXT.methodUnavailable);
  }
  // 2. Shipping information; 3. payment method.
  await api.saveShippingInfo(owner, { address: shipping, shippingMethod: { carrierCode, methodCode }, comment, billingAddress: billing });
  await api.savePaymentInfo(owner, { paymentMethod: input.paymentMethod, email, comment, billingAddress: billing });
  // 4. Confirm with the card.
  const method = await input.createPaymentMethod();
  store.set(checkoutPaymentAtom, { paymentIntentId: null, clientSecret: null, error: null });
  let answer = await api.confirmOrder(owner, {
    payment: { method: input.paymentMethod as 'stripe_payments', piPaymentMethodId: method.id, paymentMethodType: method.type },
    billingAddress: billing,
    comment,
    ...(input.returnUrl ? { returnUrl: input.returnUrl } : {}),
  });
  if (answer.status === 'requires_action') {
    store.set(checkoutPaymentAtom, { paymentIntentId: answer.paymentIntentId, clientSecret: answer.clientSecret, error: null });
    const after = await input.handleNextAction(answer);
    if (!after) return { kind: 'redirected', answer };
    answer = after;
  }
  // 5. Placed: clear the stored billing address and the rest of the checkout, reset the basket.
  await completeOrder(store, answer);
  return { kind: 'placed', answer };
}
