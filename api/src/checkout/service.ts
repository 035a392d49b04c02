import {
  DEFAULT_PAYMENT_METHOD,
  paymentMethodTitle,
  type CheckoutAddress,
  type CheckoutStepAnswer,
  type OrderPlacedAnswer,
} from '@shop/shared/schemas';
import type { Baskets } from '../cart/baskets';
import { ratesFor } from '../cart/pricing';
import { toCartAnswer, type CartContext, type CartOwnerInput, type CartService } from '../cart/service';
import { faultPoint } from '../faults';
import { badRequest, HttpError } from '../http-errors';
import type { Attempts } from '../payment/attempts';
import { Steps } from '../steps';
import { CHECKOUT_MESSAGES } from './messages';
import { toAddressColumn, type ConfirmOrderInput, type PlaceOrderSteps } from './place-order';

export { CHECKOUT_MESSAGES } from './messages';
export type { ConfirmOrderInput } from './place-order';

/**
 * Checkout: saving the delivery and payment choices, and placing the order.
 *
 * confirm-order is idempotent and never oversells. Placing an order runs as named steps
 * (src/steps.ts), each undone by its compensation when a later one fails for good:
 *
 *   resolve basket → claim stock and price → charge → record outcome
 *   (place-order.ts)  (place-order.ts)        (payment/attempts.ts)
 *
 * 1. Claim (one short transaction, the basket row locked `for update`): if the basket already has
 *    an attempt in progress or paid, answer that one; otherwise price the basket afresh, insert
 *    the pending order and a payment attempt 'creating', hold the basket ('checkout') and take the
 *    stock (never below zero). Concurrent confirms of one basket queue on the row lock and find
 *    the attempt; they wait for its outcome and answer the same.
 * 2. Charge: ask the provider (outside any transaction) to create and confirm the payment, with
 *    an idempotency key of basket, amount and attempt.
 * 3. Record the outcome (second transaction): paid or processing: the basket is closed and the
 *    confirmation mail goes to the outbox; needs an extra step: answer where to go; declined (or
 *    the payment method refused at step 2): the claim's compensation removes the order, gives the
 *    stock back and reopens the basket as it was.
 * An unknown outcome (the provider unreachable, the process stopped) undoes nothing: the attempt
 * is asked about again with the same key (next confirm, or reconciliation in payment/service.ts).
 * The fault points (src/faults.ts) sit between the steps.
 */

export interface CheckoutDeps {
  baskets: Baskets;
  cart: CartService;
  attempts: Attempts;
  steps: PlaceOrderSteps;
}

export function createCheckoutService(deps: CheckoutDeps) {
  const { baskets, attempts, steps } = deps;

  const paymentMethods = [{ code: DEFAULT_PAYMENT_METHOD, title: paymentMethodTitle(DEFAULT_PAYMENT_METHOD) }];

  async function stepAnswer(ctx: Pick<CartContext, 'cart' | 'groupId'>): Promise<CheckoutStepAnswer> {
    const fresh = (await baskets.find(ctx.cart.id)) ?? ctx.cart;
    const v = await deps.cart.view({ cart: fresh, groupId: ctx.groupId });
    return { status: 'success', cart: toCartAnswer(v.priced, v.totals), payment_methods: paymentMethods };
  }

  return {
    /** POST /api/cart/save-shipping-info */
    async saveShippingInfo(
      owner: CartOwnerInput,
      input: {
        address: CheckoutAddress;
        shippingMethod: { carrierCode: string; methodCode: string };
        comment: string | null;
        billingAddress?: CheckoutAddress | null;
      },
    ): Promise<CheckoutStepAnswer> {
      const ctx = await deps.cart.resolveForChange(owner);
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
      owner: CartOwnerInput,
      input: { paymentMethod: string; email: string; comment: string | null; billingAddress?: CheckoutAddress | null },
    ): Promise<CheckoutStepAnswer> {
      const ctx = await deps.cart.resolveForChange(owner);
      await baskets.savePayment(ctx.cart.id, {
        paymentMethod: input.paymentMethod,
        email: input.email,
        ...(input.comment !== null ? { customerNote: input.comment } : {}),
        ...(input.billingAddress ? { billingAddress: toAddressColumn(input.billingAddress) } : {}),
      });
      return stepAnswer(ctx);
    },

    /** POST /api/cart/confirm-order: the order's steps (see the top of this file). */
    async confirmOrder(input: ConfirmOrderInput): Promise<OrderPlacedAnswer> {
      const returnUrl = attempts.returnUrlFor(input.returnUrl, input.requestOrigin);
      for (let round = 0; round < 3; round++) {
        const run = new Steps('place-order');
        const ctx = await run.run(steps.resolveBasket, input.owner);
        const claimed = await run.run(steps.claimStockAndPrice, { ctx, input });
        if (claimed.kind === 'new') {
          faultPoint('checkout.after-claim');
          return attempts.pay(run, {
            payment: claimed.payment,
            returnUrl,
            email: claimed.email,
            orderNumber: claimed.order.number,
            orderRef: claimed.order.reference,
          });
        }
        if (claimed.kind === 'existing') {
          if (claimed.unfinished) {
            // Taken by the provider, but not yet recorded as paid (the process stopped in between):
            // settle it from the intent now.
            await attempts.settleFromProvider(claimed.payment);
          }
          return attempts.awaitOutcome(claimed.payment.id, returnUrl);
        }
        // A different card while an extra step was pending: cancel that attempt, then start anew.
        const after = await attempts.cancelAttempt(claimed.payment);
        if (after.status === 'succeeded' || after.status === 'processing') return attempts.placedAnswer(after);
      }
      throw new HttpError(409, CHECKOUT_MESSAGES.paymentInProgress);
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
