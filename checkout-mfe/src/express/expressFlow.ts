import {
  addLine,
  cartAtom,
  ownerOf,
  reloadCart,
  toPence,
  vatOfPence,
  type BasketLine,
  type Cart,
  type ShippingEstimate,
  type ShopStore,
} from '@shop/shared';
import { COUNTRIES, findCountry } from '@shop/shared/forms';
import { normalisePostcode } from '@shop/shared/schemas';
import type { OrderPlacedAnswer } from '@shop/shared/schemas';
import { checkoutApi } from '../api/checkoutApi';
import { estimateAddressFor, stateToApiAddress } from '../checkout/addresses';
import {
  CHECKOUT_TEXT,
  completeOrder,
  failureMessage,
  type CreatedPaymentMethod,
  type NextActionHandler,
} from '../checkout/order';
import { chooseRate, rateId, rateTitle } from '../checkout/totals';
import {
  billingAddressAtom,
  checkoutEmailAtom,
  checkoutPaymentAtom,
  deliveryCommentAtom,
  emptyCheckoutAddress,
  paymentMethodAtom,
  sameAsShippingAddressAtom,
  shippingAddressAtom,
  shippingCarrierCodeAtom,
  shippingMethodCodeAtom,
  type CheckoutAddressState,
} from '../checkout/checkoutState';

/**
 * The express wallet checkout (spec section 4, "Express checkout"), whatever draws the wallet:
 * Stripe's Express Checkout Element or the test provider's own wallet sheet. The UI calls these
 * handlers and shows what they answer; all the shop's logic is here.
 *
 * - click: the product goes into the basket if it is not there yet, delivery is estimated, and
 *   the sheet gets its rates and line items.
 * - shippingAddressChange: the basket's (checkout's) address changes and delivery is re-estimated.
 * - shippingRateChange: the chosen rate is saved as the shipping choice.
 * - confirm: validate (EXPRESS_MISSING_INFORMATION when email, phone, or the shipping/billing line
 *   1, city or postcode is missing), save the addresses and shipping, create the payment method,
 *   confirm the order, store the success order id, reset checkout, basket and payment, go to
 *   /order/success.
 *
 * Amounts for the wallet are pence (Stripe's minor units).
 */

/** Spec section 5, as spelled there. */
export const EXPRESS_MISSING_INFORMATION = 'Unable able to proceed with payment due to missing information';

/** The wallet cannot open or update (the API failed in a way the shopper cannot fix). */
export const EXPRESS_UNAVAILABLE = 'Express Checkout is not available just now. Please try again, or check out from your basket.';

export interface WalletLineItem {
  name: string;
  /** Pence. */
  amount: number;
}

export interface WalletShippingRate {
  /** 'courier_standard' */
  id: string;
  /** Pence, ex VAT (the VAT is its own line item). */
  amount: number;
  displayName: string;
  carrierCode: string;
  methodCode: string;
}

/** What the wallet sheet shows: the rates, the chosen one, the line items and the total (pence). */
export interface WalletSheet {
  shippingRates: WalletShippingRate[];
  selectedRateId: string | null;
  lineItems: WalletLineItem[];
  total: number;
}

/** The partial address a wallet tells while the shopper chooses (no street until confirm). */
export interface WalletPartialAddress {
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
}

export interface WalletAddress extends WalletPartialAddress {
  line1?: string | null;
  line2?: string | null;
}

/** What the wallet answers on confirm (Stripe's confirm event has this shape). */
export interface WalletConfirmDetails {
  billingDetails?: { name?: string | null; email?: string | null; phone?: string | null; address?: WalletAddress | null } | null;
  shippingAddress?: { name?: string | null; address?: WalletAddress | null } | null;
  shippingRate?: { id: string } | null;
  /** 'apple_pay', 'google_pay', 'link'... */
  expressPaymentType?: string | null;
}

export interface ExpressFlowDeps {
  store: ShopStore;
  navigate: (to: string) => void;
  /** Creates the payment method once the wallet is confirmed (Stripe.js, or the test provider). */
  createPaymentMethod: (details: WalletConfirmDetails) => Promise<CreatedPaymentMethod>;
  /** The card needs an extra step: finish it (Stripe) or go where it is done (test provider: null). */
  handleNextAction: NextActionHandler;
  api?: typeof checkoutApi;
}

/** A failure the wallet UI shows (and Stripe's sheet is told with paymentFailed). */
export class ExpressCheckoutError extends Error {
  constructor(
    message: string,
    readonly reason: 'fail' | 'invalid_shipping_address' | 'invalid_billing_address' | 'address_unserviceable' = 'fail',
  ) {
    super(message);
    this.name = 'ExpressCheckoutError';
  }
}

export type ExpressFlow = ReturnType<typeof createExpressFlow>;

const blank = (v: string | null | undefined) => !v || !v.trim();

/** 'Jo Anne Bloggs' -> Jo Anne / Bloggs; a single word serves as both. */
export function splitName(name: string | null | undefined): { firstname: string; lastname: string } {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstname: '', lastname: '' };
  if (words.length === 1) return { firstname: words[0]!, lastname: words[0]! };
  return { firstname: words.slice(0, -1).join(' '), lastname: words[words.length - 1]! };
}

/** A wallet address (with the name and phone the wallet gave) as checkout state. */
export function walletAddressToState(
  address: WalletAddress | null | undefined,
  name: string | null | undefined,
  phone: string | null | undefined,
  fallback: CheckoutAddressState = emptyCheckoutAddress,
): CheckoutAddressState {
  const country = (address?.country || fallback.country_id || 'GB').toUpperCase();
  const stateText = (address?.state ?? '').trim();
  const region = findCountry(country)?.regions.find(
    (r) => r.name.toLowerCase() === stateText.toLowerCase() || r.code.toLowerCase() === stateText.toLowerCase(),
  );
  const postcode = (address?.postal_code ?? '').trim();
  const { firstname, lastname } = splitName(name);
  return {
    firstname: firstname || fallback.firstname,
    lastname: lastname || fallback.lastname,
    company: fallback.company,
    street: [address?.line1 ?? '', address?.line2 ?? ''].map((l) => l.trim()).filter(Boolean),
    city: (address?.city ?? '').trim(),
    region: region?.name ?? stateText,
    region_id: region?.id ?? null,
    postcode: postcode ? normalisePostcode(country, postcode) : '*',
    country_id: country,
    phone: (phone ?? '').trim() || fallback.phone,
  };
}

/** Spec section 5: email, phone, and line 1, city and postcode of both addresses are required. */
export function missingInformation(details: WalletConfirmDetails): boolean {
  const billing = details.billingDetails;
  const shipping = details.shippingAddress?.address;
  const incomplete = (a: WalletAddress | null | undefined) => !a || blank(a.line1) || blank(a.city) || blank(a.postal_code);
  return blank(billing?.email) || blank(billing?.phone) || incomplete(shipping) || incomplete(billing?.address);
}

const toWalletRate = (rate: ShippingEstimate): WalletShippingRate => ({
  id: rateId(rate),
  amount: toPence(rate.amount),
  displayName: rateTitle(rate),
  carrierCode: rate.carrier_code,
  methodCode: rate.method_code,
});

/**
 * The sheet for a basket and a rate: each line (ex VAT), the delivery (ex VAT), the VAT on both,
 * any discount; the total is their sum (what the server will charge, to the penny).
 */
export function walletSheet(cart: Cart, rates: readonly ShippingEstimate[], selected: ShippingEstimate | null): WalletSheet {
  const t = cart.totals;
  const lines: WalletLineItem[] = cart.items.map((item) => ({
    name: item.qty > 1 ? `${item.name} × ${item.qty}` : item.name,
    amount: toPence(item.row_total ?? item.price * item.qty),
  }));
  const goodsTax = t
    ? toPence(t.tax) - (t.shipping_method ? toPence(t.shipping_incl_tax) - toPence(t.shipping) : 0)
    : lines.reduce((sum, l) => sum + vatOfPence(l.amount), 0);
  const shipping = selected ? toPence(selected.amount) : 0;
  const shippingTax = selected ? toPence(selected.price_incl_tax) - toPence(selected.amount) : 0;
  const discount = toPence(t?.discount ?? 0);
  const lineItems: WalletLineItem[] = [
    ...lines,
    ...(selected ? [{ name: `Delivery: ${rateTitle(selected)}`, amount: shipping }] : []),
    { name: 'VAT (20%)', amount: goodsTax + shippingTax },
    ...(discount ? [{ name: 'Discount', amount: -discount }] : []),
  ];
  return {
    shippingRates: rates.filter((r) => r.available).map(toWalletRate),
    selectedRateId: selected ? rateId(selected) : null,
    lineItems,
    total: lineItems.reduce((sum, l) => sum + l.amount, 0),
  };
}

/** What the wallet shows before the basket answers: the product's own price (button amount). */
export function productAmountPence(product: BasketLine | null | undefined, cart: Cart): number {
  const t = cart.totals;
  const basket = t ? toPence(t.grand_total) : toPence(cart.total * 1.2);
  const inBasket = product ? cart.items.some((i) => i.sku === (product.lineSku ?? product.sku)) : true;
  const extra = product && !inBasket ? Math.round(toPence(product.price * product.qty) * 1.2) : 0;
  return Math.max(basket + extra, 30);
}

export function createExpressFlow(deps: ExpressFlowDeps) {
  const { store } = deps;
  const api = deps.api ?? checkoutApi;
  let rates: ShippingEstimate[] = [];
  let selected: ShippingEstimate | null = null;

  function setChoice(rate: ShippingEstimate | null) {
    selected = rate;
    store.set(shippingCarrierCodeAtom, rate?.carrier_code ?? null);
    store.set(shippingMethodCodeAtom, rate?.method_code ?? null);
  }

  /**
   * The product into the basket with the shop's one basket client (@shop/shared's addLine: a
   * guest's first add makes the basket in the same call). No 'Added to Basket' modal: the wallet
   * sheet is opening.
   */
  async function addProduct(product: BasketLine): Promise<void> {
    store.set(cartAtom, await addLine(store, { productSku: product.sku, quantity: product.qty, productOptions: product.productOptions }));
  }

  /** The basket as the server prices it (fetched when the stored one is optimistic or has no totals). */
  async function currentCart(): Promise<Cart> {
    const cart = store.get(cartAtom);
    if (cart.totals && !cart.items.some((i) => String(i.item_id).startsWith('pending-'))) return cart;
    return reloadCart(store);
  }

  async function estimate(): Promise<WalletSheet> {
    const cart = await currentCart();
    if (cart.items.length === 0) throw new ExpressCheckoutError(CHECKOUT_TEXT.emptyBasket);
    const address = store.get(shippingAddressAtom);
    rates = (await api.estimateShipping(ownerOf(store), estimateAddressFor(address, store.get(checkoutEmailAtom)))).filter((r) => r.available);
    if (rates.length === 0) {
      setChoice(null);
      throw new ExpressCheckoutError(CHECKOUT_TEXT.noDelivery, 'address_unserviceable');
    }
    setChoice(chooseRate(rates, store.get(shippingCarrierCodeAtom), store.get(shippingMethodCodeAtom)));
    return walletSheet(cart, rates, selected);
  }

  /** Runs a handler; any failure becomes an ExpressCheckoutError with words for the shopper. */
  async function guarded<T>(run: () => Promise<T>, fallback?: string): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ExpressCheckoutError) throw error;
      throw new ExpressCheckoutError(failureMessage(error, fallback));
    }
  }

  return {
    /** The button was pressed: basket, delivery estimate, and the sheet's contents. */
    click(product?: BasketLine | null): Promise<WalletSheet> {
      return guarded(async () => {
        store.set(checkoutPaymentAtom, { paymentIntentId: null, clientSecret: null, error: null });
        if (product) {
          const lineSku = product.lineSku ?? product.sku;
          if (!store.get(cartAtom).items.some((i) => i.sku === lineSku)) await addProduct(product);
        }
        return estimate();
      }, EXPRESS_UNAVAILABLE);
    },

    /** The shopper picked another address in the wallet: it becomes the basket's, delivery is re-estimated. */
    shippingAddressChange(address: WalletPartialAddress): Promise<WalletSheet> {
      return guarded(async () => {
        const current = store.get(shippingAddressAtom);
        const country = (address.country || 'GB').toUpperCase();
        if (!findCountry(country)) {
          throw new ExpressCheckoutError(
            `We deliver to ${COUNTRIES.map((c) => c.name).join(' and ')} only.`,
            'invalid_shipping_address',
          );
        }
        store.set(shippingAddressAtom, {
          ...current,
          ...walletAddressToState({ ...address, line1: current.street[0] ?? '', line2: current.street[1] ?? '' }, null, null, current),
        });
        return estimate();
      }, EXPRESS_UNAVAILABLE);
    },

    /** The shopper picked another delivery rate: it is saved as the shipping choice. */
    shippingRateChange(id: string): Promise<WalletSheet> {
      return guarded(async () => {
        const rate = rates.find((r) => rateId(r) === id);
        if (!rate) throw new ExpressCheckoutError(CHECKOUT_TEXT.methodUnavailable);
        setChoice(rate);
        return walletSheet(store.get(cartAtom), rates, rate);
      });
    },

    /** The shopper confirmed in the wallet: validate, save, pay, place the order, go to the success page. */
    async confirm(details: WalletConfirmDetails): Promise<OrderPlacedAnswer | null> {
      if (missingInformation(details)) {
        store.set(checkoutPaymentAtom, { paymentIntentId: null, clientSecret: null, error: EXPRESS_MISSING_INFORMATION });
        throw new ExpressCheckoutError(EXPRESS_MISSING_INFORMATION);
      }
      return guarded(async () => {
        const billingDetails = details.billingDetails!;
        const email = billingDetails.email!.trim().toLowerCase();
        const phone = billingDetails.phone!.trim();
        const shipping = walletAddressToState(details.shippingAddress!.address, details.shippingAddress!.name || billingDetails.name, phone);
        const billing = walletAddressToState(billingDetails.address, billingDetails.name || details.shippingAddress!.name, phone);
        store.set(checkoutEmailAtom, email);
        store.set(shippingAddressAtom, shipping);
        store.set(billingAddressAtom, billing);
        store.set(sameAsShippingAddressAtom, JSON.stringify(shipping) === JSON.stringify(billing));

        // The rate the wallet shows as chosen, for the address it confirmed (re-estimated: the
        // wallet may have changed it without telling).
        const owner = ownerOf(store);
        rates = (await api.estimateShipping(owner, estimateAddressFor(shipping, email))).filter((r) => r.available);
        if (rates.length === 0) throw new ExpressCheckoutError(CHECKOUT_TEXT.noDelivery, 'address_unserviceable');
        const wanted = details.shippingRate?.id ?? (selected ? rateId(selected) : null);
        const rate = rates.find((r) => rateId(r) === wanted) ?? chooseRate(rates, null, null)!;
        setChoice(rate);

        const comment = store.get(deliveryCommentAtom).trim() || null;
        const paymentMethod = store.get(paymentMethodAtom);
        const shippingAddress = stateToApiAddress(shipping, email);
        const billingAddress = stateToApiAddress(billing, email);
        await api.saveShippingInfo(owner, {
          address: shippingAddress,
          shippingMethod: { carrierCode: rate.carrier_code, methodCode: rate.method_code },
          comment,
          billingAddress,
        });
        await api.savePaymentInfo(owner, { paymentMethod, email, comment, billingAddress });

        const method = await deps.createPaymentMethod(details);
        let answer = await api.confirmOrder(owner, {
          payment: { method: paymentMethod as 'stripe_payments', piPaymentMethodId: method.id, paymentMethodType: method.type },
          billingAddress,
          comment,
        });
        if (answer.status === 'requires_action') {
          store.set(checkoutPaymentAtom, { paymentIntentId: answer.paymentIntentId, clientSecret: answer.clientSecret, error: null });
          const after = await deps.handleNextAction(answer);
          if (!after) return null;
          answer = after;
        }
        await completeOrder(store, answer);
        deps.navigate('/order/success');
        return answer;
      }).catch((error: unknown) => {
        const message = error instanceof Error ? error.message : CHECKOUT_TEXT.placeOrderFailed;
        store.set(checkoutPaymentAtom, { paymentIntentId: null, clientSecret: null, error: message });
        throw error;
      });
    },

    /** The shopper closed the wallet: nothing is ordered (the basket keeps what was added). */
    cancel(): void {
      store.set(checkoutPaymentAtom, { paymentIntentId: null, clientSecret: null, error: null });
    },
  };
}
