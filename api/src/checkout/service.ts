import {
  DEFAULT_PAYMENT_METHOD,
  paymentMethodTitle,
  type CheckoutAddress,
  type CheckoutStepAnswer,
  type OrderPlacedAnswer,
} from '@shop/shared/schemas';
import type { CartWithBasket, CheckoutChoices } from '../cart/basket-store';
import type { Baskets } from '../cart/baskets';
import { priceCart, ratesFor } from '../cart/pricing';
import { CART_MESSAGES, type CartContext, type CartService } from '../cart/service';
import type { CartRow } from '../cart/store';
import type { Shopper } from '../customer/shopper';
import { badRequest, HttpError } from '../http-errors';
import { CHECKOUT_MESSAGES } from './messages';
import { toAddressColumn, type ConfirmOrderInput, type PlaceOrder } from './place-order';

export { CHECKOUT_MESSAGES } from './messages';
export type { ConfirmOrderInput } from './place-order';

/**
 * Checkout: saving the delivery and payment choices (save-shipping-info, save-payment-info), and
 * placing the order (confirm-order), whose steps read top to bottom in place-order.ts.
 */

export interface CheckoutDeps {
  baskets: Baskets;
  cart: CartService;
  placeOrder: PlaceOrder;
}

export function createCheckoutService(deps: CheckoutDeps) {
  const { baskets } = deps;

  const paymentMethods = [{ code: DEFAULT_PAYMENT_METHOD, title: paymentMethodTitle(DEFAULT_PAYMENT_METHOD) }];

  const stepAnswer = (saved: CartWithBasket, cart: CartRow, groupId: number): CheckoutStepAnswer => ({
    status: 'success',
    cart: deps.cart.answerOf({ cart, groupId }, saved),
    payment_methods: paymentMethods,
  });

  /**
   * Saves checkout choices on the shopper's basket and answers it as saved, in one statement on an
   * open basket: `known` (already resolved), else a guest's by the id they hold (the statement
   * checks it is an open guest basket), else the customer's. A basket that is not open (unknown,
   * held by a payment) is then resolved as for any change (404, or the payment's hold given back)
   * and saved again; held again meanwhile: 409.
   */
  async function saveChoices(shopper: Shopper, known: CartContext | null, choices: CheckoutChoices): Promise<CheckoutStepAnswer> {
    const first = known ?? (shopper.kind === 'guest' ? null : await deps.cart.activeBasket(shopper, 'change'));
    const firstId = first?.cart.id ?? (shopper.kind === 'guest' ? shopper.cartId : null);
    if (firstId) {
      const saved = await baskets.saveChoices(firstId, choices, { guest: !first?.customer });
      if (saved.cart) return stepAnswer(saved, saved.cart, first?.groupId ?? 0);
    }
    const ctx = await deps.cart.activeBasket(shopper, 'change');
    const saved = await baskets.saveChoices(ctx.cart.id, choices, { guest: !ctx.customer });
    if (!saved.cart) throw new HttpError(409, CART_MESSAGES.inCheckout);
    return stepAnswer(saved, saved.cart, ctx.groupId);
  }

  return {
    /** POST /api/cart/save-shipping-info */
    async saveShippingInfo(
      shopper: Shopper,
      input: {
        address: CheckoutAddress;
        shippingMethod: { carrierCode: string; methodCode: string };
        comment: string | null;
        billingAddress?: CheckoutAddress | null;
      },
    ): Promise<CheckoutStepAnswer> {
      const { ctx, basket } = await deps.cart.basketFor(shopper, 'change');
      const priced = priceCart(basket.items, basket.products, ctx.groupId);
      if (priced.lines.length === 0) throw badRequest(CHECKOUT_MESSAGES.emptyBasket, 'cartId');
      const rates = ratesFor(priced, { countryId: input.address.country_id, postcode: input.address.postcode });
      if (rates.length === 0) throw badRequest(CHECKOUT_MESSAGES.cannotDeliver, 'address.postcode');
      const rate = rates.find((r) => r.carrierCode === input.shippingMethod.carrierCode && r.methodCode === input.shippingMethod.methodCode);
      if (!rate) throw badRequest(CHECKOUT_MESSAGES.methodUnavailable, 'shippingMethod');
      return saveChoices(shopper, ctx, {
        shippingAddress: toAddressColumn(input.address),
        shippingCarrierCode: rate.carrierCode,
        shippingMethodCode: rate.methodCode,
        customerNote: input.comment,
        email: input.address.email || null,
        billingAddress: input.billingAddress ? toAddressColumn(input.billingAddress) : null,
      });
    },

    /** POST /api/cart/save-payment-info */
    async savePaymentInfo(
      shopper: Shopper,
      input: { paymentMethod: string; email: string; comment: string | null; billingAddress?: CheckoutAddress | null },
    ): Promise<CheckoutStepAnswer> {
      return saveChoices(shopper, null, {
        paymentMethod: input.paymentMethod,
        email: input.email,
        customerNote: input.comment,
        billingAddress: input.billingAddress ? toAddressColumn(input.billingAddress) : null,
      });
    },

    /** POST /api/cart/confirm-order: the order's steps (place-order.ts). */
    confirmOrder(shopper: Shopper, input: ConfirmOrderInput): Promise<OrderPlacedAnswer> {
      return deps.placeOrder.placeOrder(shopper, input);
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
