import { ACCOUNT_MESSAGES, type CheckoutAddress } from '@shop/shared/schemas';
import type { Baskets } from '../cart/baskets';
import { cartTotals, savedShippingRate } from '../cart/pricing';
import { addressToRow } from '../address/mapper';
import type { CartAddressColumn } from '../cart/schema';
import type { CartContext, CartOwnerInput, CartService } from '../cart/service';
import type { Stock } from '../catalog/stock';
import { authenticateCustomer, type AuthenticatedCustomer } from '../customer/auth';
import type { Db } from '../db/client';
import { badRequest, HttpError, notFound } from '../http-errors';
import type { OrderPlacement } from '../orders/placement';
import type { OrderAddressInput } from '../orders/store';
import type { Attempts } from '../payment/attempts';
import type { PaymentProvider } from '../payment/provider';
import type { PaymentRow, PaymentStore } from '../payment/store';
import type { Step } from '../steps';
import { CHECKOUT_MESSAGES } from './messages';

/** A repeated confirm by a customer (no cartId) finds a basket ordered this recently. */
const REPEAT_WINDOW_MS = 15 * 60_000;

export interface ConfirmOrderInput {
  owner: CartOwnerInput;
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
  attempts: Attempts;
  provider: PaymentProvider;
}

export const toAddressColumn = (a: CheckoutAddress): CartAddressColumn => ({ ...a });

const toOrderAddress = (a: CartAddressColumn): OrderAddressInput => addressToRow(a);

/**
 * The first two steps of placing an order (the payment's steps, charge and record outcome, are in
 * payment/attempts.ts):
 * - `resolveBasket`: whose basket is confirmed (nothing to undo);
 * - `claimStockAndPrice`: one short transaction with the basket row locked `for update`: the
 *   basket priced afresh, the pending order and a payment attempt 'creating' inserted, the basket
 *   held ('checkout'), the stock taken last (never below zero; short: everything rolls back).
 *   Its compensation, when the payment fails for good, releases it all (payment/settlement.ts).
 */
export function createPlaceOrderSteps(deps: PlaceOrderDeps) {
  const { db, baskets, stock, orders, payments, provider } = deps;

  async function customerFor(token: string): Promise<AuthenticatedCustomer> {
    const customer = await authenticateCustomer(db, token);
    if (!customer) throw new HttpError(401, ACCOUNT_MESSAGES.sessionExpired);
    return customer;
  }

  /**
   * The basket confirm-order works on: like every cart call, plus what makes a repeated confirm
   * find its order: a guest's ordered basket still answers; a customer's cartId (their own) is
   * used as given, and without it a basket they ordered minutes ago answers when the open one is
   * empty.
   */
  const resolveBasket: Step<CartOwnerInput, CartContext> = {
    name: 'resolve-basket',
    async run(owner) {
      if (owner.customerToken) {
        const customer = await customerFor(owner.customerToken);
        if (owner.cartId) {
          const given = await baskets.find(owner.cartId);
          if (given && given.customerId === customer.id && given.status !== 'merged') {
            return { cart: given, customer, groupId: customer.groupId };
          }
        }
        const open = await baskets.openOfCustomer(customer.id);
        if (open && (open.status === 'checkout' || (await baskets.countLines(open.id)) > 0)) {
          return { cart: open, customer, groupId: customer.groupId };
        }
        const recent = await baskets.recentlyOrdered(customer.id, REPEAT_WINDOW_MS);
        if (recent) return { cart: recent, customer, groupId: customer.groupId };
        return { cart: open ?? (await baskets.ensureOfCustomer(customer.id)), customer, groupId: customer.groupId };
      }
      if (!owner.cartId) throw badRequest('cartId is required for a guest basket', 'cartId');
      const cart = await baskets.find(owner.cartId);
      if (!cart || cart.customerId !== null || cart.status === 'merged') {
        throw notFound('This basket no longer exists. Please start a new one.');
      }
      return { cart, customer: null, groupId: 0 };
    },
  };

  const claimStockAndPrice: Step<{ ctx: CartContext; input: ConfirmOrderInput }, Claim> = {
    name: 'claim-stock-and-price',
    run: ({ ctx, input }) =>
      db.transaction(async (tx): Promise<Claim> => {
        const cart = await baskets.lock(tx, ctx.cart.id);
        if (!cart || cart.status === 'merged') throw notFound('This basket no longer exists. Please start a new one.');
        if (cart.status === 'ordered') {
          const paid = await payments.findPaidForCart(cart.id, tx);
          if (!paid) throw new HttpError(409, CHECKOUT_MESSAGES.alreadyOrdered);
          return { kind: 'existing', payment: paid, unfinished: paid.status === 'succeeded' && !paid.paidAt };
        }
        const live = await payments.findLiveForCart(cart.id, tx);
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

        const attempt = (await payments.countForCart(cart.id, tx)) + 1;
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
    // Only a new attempt holds anything; an attempt found under way is not this call's to release.
    compensate: async (claim, failure) => {
      if (claim.kind === 'new') await deps.attempts.releaseClaim(claim.payment.id)(failure);
    },
  };

  return { resolveBasket, claimStockAndPrice };
}

export type PlaceOrderSteps = ReturnType<typeof createPlaceOrderSteps>;
