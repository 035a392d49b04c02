import {
  DEFAULT_PAYMENT_METHOD,
  paymentMethodTitle,
  type CheckoutAddress,
  type CheckoutStepAnswer,
  type OrderPlacedAnswer,
} from '@shop/shared/schemas';
import type { Baskets } from '../cart/baskets';
import { ratesFor } from '../cart/pricing';
import { toCartAnswer, type CartContext, type CartService } from '../cart/service';
import type { Shopper } from '../customer/shopper';
import { badRequest } from '../http-errors';
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

  async function stepAnswer(ctx: Pick<CartContext, 'cart' | 'groupId'>): Promise<CheckoutStepAnswer> {
    const fresh = (await baskets.find(ctx.cart.id)) ?? ctx.cart;
    const v = await deps.cart.view({ cart: fresh, groupId: ctx.groupId });
    return { status: 'success', cart: toCartAnswer(v.priced, v.totals), payment_methods: paymentMethods };
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
      const ctx = await deps.cart.activeBasket(shopper, 'change');
      const priced = await deps.cart.priced(ctx.cart.id, ctx.groupId);
      if (priced.lines.length === 0) throw badRequest(CHECKOUT_MESSAGES.emptyBasket, 'cartId');
      const rates = ratesFor(priced, { countryId: input.address.country_id, postcode: input.address.postcode });
      if (rates.length === 0) throw badRequest(CHECKOUT_MESSAGES.cannotDeliver, 'address.postcode');
      const rate = rates.find((r) => r.carrierCode === input.shippingMethod.carrierCode && r.methodCode === input.shippingMethod.methodCode);
      if (!rate) throw badRequest(CHECKOUT_MESSAGES.methodUnavailable, 'shippingMethod');
      await baskets.saveDelivery(ctx.cart.id, {
        shippingAddress: toAddressColumn(input.address),
        shippingCarrierCode: rate.carrierCode,
        shippingMethodCode: rate.methodCode,
        ...(input.comment !== null ? { customerNote: input.comment } : {}),
        ...(input.address.email ? { email: input.address.email } : {}),
        ...(input.billingAddress ? { billingAddress: toAddressColumn(input.billingAddress) } : {}),
      });
      return stepAnswer(ctx);
    },

    /** POST /api/cart/save-payment-info */
    async savePaymentInfo(
      shopper: Shopper,
      input: { paymentMethod: string; email: string; comment: string | null; billingAddress?: CheckoutAddress | null },
    ): Promise<CheckoutStepAnswer> {
      const ctx = await deps.cart.activeBasket(shopper, 'change');
      await baskets.savePayment(ctx.cart.id, {
        paymentMethod: input.paymentMethod,
        email: input.email,
        ...(input.comment !== null ? { customerNote: input.comment } : {}),
        ...(input.billingAddress ? { billingAddress: toAddressColumn(input.billingAddress) } : {}),
      });
      return stepAnswer(ctx);
    },

    /** POST /api/cart/confirm-order: the order's steps (place-order.ts). */
    confirmOrder(shopper: Shopper, input: ConfirmOrderInput): Promise<OrderPlacedAnswer> {
      return deps.placeOrder.placeOrder(shopper, input);
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
