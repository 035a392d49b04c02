import type { CheckoutAddress, OrderPlacedAnswer } from '@shop/shared/schemas';
import { addressToRow } from '../address/mapper';
import type { Baskets } from '../cart/baskets';
import { cartTotals, savedShippingRate } from '../cart/pricing';
import type { CartAddressColumn } from '../cart/schema';
import { CART_MESSAGES, type BasketToOrder, type CartService } from '../cart/service';
import type { Stock } from '../catalog/stock';
import type { Shopper } from '../customer/shopper';
import type { Db } from '../db/client';
import { faultPoint } from '../faults';
import { badRequest, HttpError, notFound } from '../http-errors';
import type { OrderPlacement } from '../orders/placement';
import type { OrderAddressInput } from '../orders/store';
import type { Attempts } from '../payment/attempts';
import type { PaymentProvider } from '../payment/provider';
import { LIVE_STATUSES, type PaymentRow, type PaymentStore } from '../payment/store';
import { Steps, type Step } from '../steps';
import { CHECKOUT_MESSAGES } from './messages';

export interface ConfirmOrderInput {
  payment: { method: string; piPaymentMethodId: string; paymentMethodType: string };
  billingAddress: CheckoutAddress | null | undefined;
  returnUrl: string | null | undefined;
  /** The request's Origin header (a returnUrl on it is accepted). */
  requestOrigin?: string | null;
  comment: string | null | undefined;
}

/** What the claim found: a new attempt it made, or one already under way for this basket. */
export type Claim =
  | { kind: 'new'; payment: PaymentRow; order: { id: number; number: string; reference: string }; email: string }
  | { kind: 'existing'; payment: PaymentRow; unfinished?: boolean }
  | { kind: 'replace'; payment: PaymentRow };

export interface PlaceOrderDeps {
  db: Db;
  baskets: Baskets;
  cart: CartService;
  stock: Stock;
  orders: OrderPlacement;
  payments: PaymentStore;
  /** The payment's steps (charge, record outcome) and the claim's compensation. */
  attempts: Attempts;
  provider: PaymentProvider;
}

export const toAddressColumn = (a: CheckoutAddress): CartAddressColumn => ({ ...a });

const toOrderAddress = (a: CartAddressColumn): OrderAddressInput => addressToRow(a);

/**
 * Placing an order (POST /api/cart/confirm-order), read top to bottom in `placeOrder` below:
 *
 *   resolve basket → claim stock and price → charge → record outcome
 *   (this file)      (this file)               (payment/attempts.ts)
 *                    compensation: release the claim (payment/attempts.ts releaseClaim)
 *
 * Idempotent and never oversells: the claim is one short transaction with the basket row locked,
 * so concurrent confirms of one basket queue there and find the first one's attempt; the charge
 * carries an idempotency key of basket, amount and attempt. Fault points (src/faults.ts) sit
 * between the steps that commit; the crash tests stop the process at each.
 */
export function createPlaceOrder(deps: PlaceOrderDeps) {
  const { db, baskets, stock, orders, payments, attempts, provider } = deps;

  /**
   * Step 1: whose basket is confirmed (cart's one rule, for confirm-order). Nothing to undo. A
   * guest's is the one they name, read once, locked, by the claim (which refuses it as this would).
   */
  const resolveBasket: Step<Shopper, BasketToOrder> = {
    name: 'resolve-basket',
    run: (shopper) => deps.cart.basketToOrder(shopper),
  };

  /**
   * Step 2: one short transaction with the basket row locked `for update`. A basket with an
   * attempt under way (or paid) answers that attempt; otherwise the basket is priced afresh, the
   * pending order and a payment attempt 'creating' are inserted, the basket is held ('checkout')
   * and the stock taken last (never below zero; short: everything rolls back, 409).
   */
  const claimStockAndPrice: Step<{ ctx: BasketToOrder; input: ConfirmOrderInput }, Claim> = {
    name: 'claim-stock-and-price',
    run: ({ ctx, input }) =>
      db.transaction(async (tx): Promise<Claim> => {
        const cart = await baskets.lock(tx, ctx.cartId);
        if (!cart || cart.status === 'merged' || (!ctx.customer && cart.customerId !== null)) throw notFound(CART_MESSAGES.cartGone);
        if (cart.status === 'ordered') {
          const paid = await payments.findPaidForCart(cart.id, tx);
          if (!paid) throw new HttpError(409, CHECKOUT_MESSAGES.alreadyOrdered);
          return { kind: 'existing', payment: paid, unfinished: paid.status === 'succeeded' && !paid.paidAt };
        }
        // The basket's attempts so far (after the lock: a concurrent confirm's is seen): the one
        // under way, if any, and how many there were (this one's number).
        const tried = await payments.findForCart(cart.id, tx);
        const live = tried.find((p) => LIVE_STATUSES.includes(p.status));
        if (live) {
          if (live.status === 'requires_action' && live.paymentMethodId !== input.payment.piPaymentMethodId) {
            return { kind: 'replace', payment: live };
          }
          return { kind: 'existing', payment: live, unfinished: live.status === 'succeeded' || live.status === 'processing' };
        }

        // A new attempt: everything from the database, nothing about prices from the request.
        const priced = await deps.cart.priced(cart.id, ctx.groupId, tx);
        if (priced.unavailable.length > 0) {
          await baskets.dropLines(
            tx,
            priced.unavailable.map((l) => l.id),
          );
        }
        if (priced.lines.length === 0) throw badRequest(CHECKOUT_MESSAGES.emptyBasket, 'cartId');
        const shippingAddress = cart.shippingAddress;
        if (!shippingAddress) throw badRequest(CHECKOUT_MESSAGES.needAddress, 'address');
        if (!cart.shippingCarrierCode || !cart.shippingMethodCode) throw badRequest(CHECKOUT_MESSAGES.needShippingMethod, 'shippingMethod');
        const rate = savedShippingRate(priced, shippingAddress, cart.shippingCarrierCode, cart.shippingMethodCode);
        if (!rate) throw badRequest(CHECKOUT_MESSAGES.methodUnavailable, 'shippingMethod');
        const billing: CartAddressColumn = input.billingAddress
          ? toAddressColumn(input.billingAddress)
          : (cart.billingAddress ?? shippingAddress);
        const email = input.billingAddress?.email ?? cart.email ?? billing.email ?? shippingAddress.email ?? ctx.customer?.email ?? null;
        if (!email) throw badRequest(`billingAddress.email: ${CHECKOUT_MESSAGES.needEmail}`, 'billingAddress.email');
        const totals = cartTotals(priced, rate);

        const attempt = tried.length + 1;
        const order = await orders.placePending(tx, {
          customerId: ctx.customer?.id ?? null,
          customerGroupId: ctx.groupId,
          email,
          firstname: billing.firstname,
          lastname: billing.lastname,
          status: 'pending',
          statusComment: 'Order placed: awaiting payment.',
          lines: priced.lines.map((l) => ({
            productId: l.product.id,
            sku: l.item.sku,
            name: l.product.name,
            qty: l.item.qty,
            unitPricePence: l.unitPence,
            options: l.options,
          })),
          shipping: {
            carrierCode: rate.carrierCode,
            methodCode: rate.methodCode,
            description: `${rate.carrierTitle} - ${rate.methodTitle}`,
            amountPence: rate.amountPence,
          },
          totals: {
            subtotalPence: totals.subtotalPence,
            discountPence: totals.discountPence,
            shippingPence: totals.shippingPence,
            taxPence: totals.taxPence,
            grandTotalPence: totals.grandTotalPence,
          },
          paymentMethod: input.payment.method,
          paymentMethodType: input.payment.paymentMethodType,
          shippingAddress: toOrderAddress(shippingAddress),
          billingAddress: toOrderAddress(billing),
          cartId: cart.id,
          idempotencyKey: `cart:${cart.id}:${attempt}`,
          customerNote: input.comment ?? cart.customerNote ?? null,
        });
        const payment = await payments.insert(
          {
            cartId: cart.id,
            orderId: order.id,
            provider: provider.name,
            attempt,
            idempotencyKey: `order-${cart.id}-${totals.grandTotalPence}-${attempt}`,
            paymentMethodId: input.payment.piPaymentMethodId,
            paymentMethodType: input.payment.paymentMethodType,
            amountPence: totals.grandTotalPence,
            currency: 'gbp',
            status: 'creating',
          },
          tx,
        );
        await baskets.holdForOrder(tx, cart.id, { orderId: order.id, email, billingAddress: billing, paymentMethod: input.payment.method });
        // Stock last: every product of the basket, in id order (no deadlocks between baskets), just
        // before the commit, so a popular product's stock row is locked as briefly as possible.
        const short = await stock.claim(
          tx,
          priced.lines.map((l) => ({ productId: l.product.id, qty: l.item.qty })),
        );
        if (short) {
          const name = priced.lines.find((l) => l.product.id === short.productId)!.product.name;
          throw new HttpError(409, short.have > 0 ? CHECKOUT_MESSAGES.onlyInStock(name, short.have) : CHECKOUT_MESSAGES.outOfStock(name));
        }

        return { kind: 'new', payment, order, email };
      }),
    // Compensation: the claim released (order withdrawn, stock back, basket reopened, the attempt
    // ended with the reason). Only a new attempt holds anything: one found under way is not this call's.
    compensate: async (claim, reason) => {
      if (claim.kind === 'new') await attempts.releaseClaim(claim.payment.id, reason);
    },
  };

  /**
   * The order's steps, with their branches. An error thrown anywhere (the provider unreachable,
   * the database failing, a fault point) leaves the outcome unknown: nothing is undone, and the
   * attempt is finished forward (the next confirm, or reconciliation, asks the provider again with
   * the same idempotency key).
   */
  async function placeOrder(shopper: Shopper, input: ConfirmOrderInput): Promise<OrderPlacedAnswer> {
    const returnUrl = attempts.returnUrlFor(input.returnUrl, input.requestOrigin);
    const run = new Steps('place-order');

    // 1. Resolve basket.
    const ctx = await run.run(resolveBasket, shopper);

    // 2. Claim stock and price.
    let claim = await run.run(claimStockAndPrice, { ctx, input });
    if (claim.kind === 'replace') {
      // Branch: another card while the extra step of an earlier one was pending. That attempt is
      // cancelled (its claim released), unless it went through meanwhile; then claimed afresh.
      const after = await attempts.cancelAttempt(claim.payment);
      if (after.status === 'succeeded' || after.status === 'processing') return attempts.placedAnswer(after);
      claim = await run.run(claimStockAndPrice, { ctx, input });
      // Yet another card's attempt started meanwhile (a concurrent confirm): let that one finish.
      if (claim.kind === 'replace') throw new HttpError(409, CHECKOUT_MESSAGES.paymentInProgress);
    }
    if (claim.kind === 'existing') {
      // Branch: an attempt already under way or paid (a repeated confirm, a double click): its
      // outcome. One the provider took but nobody recorded (a process stopped) is settled now.
      if (claim.unfinished) await attempts.settleFromProvider(claim.payment);
      return attempts.awaitOutcome(claim.payment.id, returnUrl);
    }
    faultPoint('checkout.after-claim');

    // 3. Charge.
    const charged = await run.run(attempts.charge, {
      payment: claim.payment,
      returnUrl,
      email: claim.email,
      orderNumber: claim.order.number,
      orderRef: claim.order.reference,
    });
    if (charged.kind === 'unknown') {
      // Branch: outcome unknown (no answer from the provider). Nothing is undone (503).
      throw attempts.unknownOutcomeAnswer();
    }
    if (charged.kind === 'refused') {
      // Branch: the provider refused the payment details. The claim is released (400).
      await run.undo(charged.reason);
      throw attempts.refusedAnswer(charged.reason);
    }
    faultPoint('checkout.before-outcome');

    // 4. Record outcome.
    const outcome = await run.run(attempts.recordOutcome, { paymentId: claim.payment.id, intent: charged.intent });
    // Branch: declined. The claim is released (the basket as it was, the stock back).
    if (outcome.kind === 'declined') await run.undo(outcome.reason);
    faultPoint('checkout.after-outcome');
    switch (outcome.kind) {
      case 'placed': // Paid or being settled: the basket is closed, the confirmation mail queued.
      case 'needs-authentication': // Branch: the bank's extra step; the answer says where to send the shopper.
        return outcome.answer;
      case 'declined': // 402 with the bank's message, as the attempt recorded it.
        return attempts.answerFor(claim.payment.id);
    }
  }

  return { placeOrder };
}

export type PlaceOrder = ReturnType<typeof createPlaceOrder>;
