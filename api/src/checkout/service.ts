import type { FastifyBaseLogger } from 'fastify';
import { fromPence } from '@shop/shared/pricing';
import {
  ACCOUNT_MESSAGES,
  DEFAULT_PAYMENT_METHOD,
  paymentMethodTitle,
  type CheckoutAddress,
  type CheckoutStepAnswer,
  type OrderPlacedAnswer,
} from '@shop/shared/schemas';
import { formatGBP } from '@shop/shared/pricing';
import { addressToRow } from '../address/mapper';
import { cartTotals, ratesFor, savedShippingRate } from '../cart/pricing';
import type { CartAddressColumn } from '../cart/schema';
import { toCartAnswer, type CartContext, type CartOwnerInput, type CartService } from '../cart/service';
import type { CartRow, CartStore } from '../cart/store';
import type { Tx } from '../db/client';
import { authenticateCustomer, type AuthenticatedCustomer } from '../customer/auth';
import type { Db } from '../db/client';
import { isDiskFullError } from '../db/disk';
import { faultPoint } from '../faults';
import { badRequest, HttpError, notFound } from '../http-errors';
import { enqueueMail } from '../mail/outbox';
import { orderConfirmationMail } from '../mail/templates';
import type { OrderAddressInput, OrdersStore } from '../orders/store';
import {
  PaymentProviderError,
  PaymentRequestError,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
  type ProviderName,
} from '../payment/provider';
import type { PaymentStatus } from '../payment/schema';
import type { PaymentRow, PaymentStore } from '../payment/store';
import type { CheckoutStore } from './store';

/**
 * Checkout: saving the delivery and payment choices, and placing the order.
 *
 * confirm-order is idempotent and never oversells:
 * 1. Claim (one short transaction, the basket row locked `for update`): if the basket already has
 *    an attempt in progress or paid, answer that one; otherwise price the basket afresh, take the
 *    stock (never below zero), insert the pending order and a payment attempt 'creating', and mark
 *    the basket 'checkout'. Concurrent confirms of one basket queue on the row lock and find the
 *    attempt; they wait for its outcome and answer the same.
 * 2. Ask the provider (outside any transaction) to create and confirm the payment, with an
 *    idempotency key of basket, amount and attempt.
 * 3. Record the outcome (second transaction): paid or processing: the basket is closed and the
 *    confirmation mail goes to the outbox; needs an extra step: answer where to go; declined: the
 *    order is removed, the stock given back and the basket reopened as it was.
 * The order becomes 'processing' (paid) when the provider's intent has succeeded, with the amount
 * and currency checked, exactly once, whichever path sees that intent first: the provider's event
 * (Stripe webhook; the test provider's own), the answer to the create call (a retry with the same
 * key answers the intent without a second event), or reconciliation (`reconcile`, at start and
 * every minute), which asks the provider about every attempt not in a final state.
 */

export const CHECKOUT_MESSAGES = {
  emptyBasket: 'Your basket is empty.',
  needAddress: 'Please enter a delivery address.',
  needShippingMethod: 'Please choose a delivery method.',
  methodUnavailable: 'This delivery method is not available for your basket and address. Please choose another.',
  cannotDeliver: 'Sorry, we cannot deliver this basket to that address online. Please call us to arrange delivery.',
  needEmail: 'This is a required field.',
  paymentInProgress: 'Your payment is still being processed. Please wait a moment and check your email before trying again.',
  paymentUnreachable: 'We could not reach the payment service. Your card has not been charged twice: please try again in a moment.',
  paymentCancelled: 'The payment was cancelled. Your basket is as you left it.',
  alreadyOrdered: 'This basket has just been ordered.',
  paymentNotFound: 'Payment not found.',
  declinedFallback: 'Your card was declined.',
  outOfStock: (name: string) => `Sorry, ${name} is out of stock.`,
  onlyInStock: (name: string, n: number) => `Sorry, we only have ${n} of ${name} left in stock. Please change the quantity in your basket.`,
} as const;

/** A repeated confirm by a customer (no cartId) finds a basket ordered this recently. */
const REPEAT_WINDOW_MS = 15 * 60_000;
/** A 'creating' attempt older than this is retried by the next caller (its process died). */
const STALE_CREATING_MS = 30_000;
/** How long a concurrent confirm waits for the first one's outcome. */
const WAIT_FOR_OUTCOME_MS = 25_000;
/** Marks an attempt whose payment did not match its order: reconciliation leaves it to a person. */
const AMOUNT_MISMATCH = 'amount_mismatch';
/** Empty guest baskets (made, nothing added) are deleted after this many hours. */
export const EMPTY_GUEST_CART_HOURS = 3;

export interface CheckoutDeps {
  db: Db;
  cartStore: CartStore;
  cart: CartService;
  checkoutStore: CheckoutStore;
  payments: PaymentStore;
  orders: OrdersStore;
  provider: PaymentProvider;
  /** The storefront's origin (SHOP_URL): return URL for Stripe's extra step, links in mail. */
  shopUrl: string;
  log: FastifyBaseLogger;
  /** Sends queued mail now (after a commit). */
  kickMail(): void;
  /** Links of the order confirmation mail (customer domain). */
  mailLinks: {
    /** Loads what the links need, before a transaction (inside one they must not query). */
    prime(): Promise<void>;
    orderUrl(orderId: number): string;
    notificationsUrl(email: string): Promise<string>;
  };
}

export interface ConfirmOrderInput {
  owner: CartOwnerInput;
  payment: { method: string; piPaymentMethodId: string; paymentMethodType: string };
  billingAddress: CheckoutAddress | null | undefined;
  returnUrl: string | null | undefined;
  /** The request's Origin header (a returnUrl on it is accepted). */
  requestOrigin?: string | null;
  comment: string | null | undefined;
}

type Claim =
  | { kind: 'new'; payment: PaymentRow; order: { id: number; number: string; reference: string }; email: string }
  | { kind: 'existing'; payment: PaymentRow; unfinished?: boolean }
  | { kind: 'replace'; payment: PaymentRow };

const toAddressColumn = (a: CheckoutAddress): CartAddressColumn => ({ ...a });

const toOrderAddress = (a: CartAddressColumn): OrderAddressInput => addressToRow(a);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createCheckoutService(deps: CheckoutDeps) {
  const { db, cartStore, checkoutStore, payments, orders, provider, log } = deps;

  const paymentMethods = [{ code: DEFAULT_PAYMENT_METHOD, title: paymentMethodTitle(DEFAULT_PAYMENT_METHOD) }];

  async function stepAnswer(ctx: Pick<CartContext, 'cart' | 'groupId'>): Promise<CheckoutStepAnswer> {
    const fresh = (await cartStore.findCart(ctx.cart.id)) ?? ctx.cart;
    const v = await deps.cart.view({ cart: fresh, groupId: ctx.groupId });
    return { status: 'success', cart: toCartAnswer(v.priced, v.totals), payment_methods: paymentMethods };
  }

  // ------------------------------------------------------------------ answers

  async function placedAnswer(payment: PaymentRow): Promise<OrderPlacedAnswer> {
    const order = payment.orderId ? await checkoutStore.findOrder(db, payment.orderId) : undefined;
    if (!order) throw new HttpError(409, CHECKOUT_MESSAGES.paymentCancelled);
    const status: OrderPlacedAnswer['status'] =
      payment.status === 'requires_action' ? 'requires_action' : payment.status === 'processing' ? 'processing' : 'succeeded';
    return {
      status,
      orderId: order.publicRef,
      orderRef: order.publicRef,
      orderNumber: order.number,
      paymentIntentId: payment.intentId,
      amount: fromPence(payment.amountPence),
      currency: 'GBP',
      redirectUrl: status === 'requires_action' ? payment.redirectUrl : null,
      clientSecret: status === 'requires_action' ? payment.clientSecret : null,
      provider: payment.provider as ProviderName,
    };
  }

  /** The answer for an attempt that has an outcome (or an error for a failed one). */
  async function outcomeAnswer(payment: PaymentRow): Promise<OrderPlacedAnswer> {
    switch (payment.status) {
      case 'succeeded':
      case 'processing':
      case 'requires_action':
        return placedAnswer(payment);
      case 'failed':
        throw new HttpError(402, payment.errorMessage ?? CHECKOUT_MESSAGES.declinedFallback);
      case 'canceled':
        throw new HttpError(409, CHECKOUT_MESSAGES.paymentCancelled);
      default:
        throw new HttpError(409, CHECKOUT_MESSAGES.paymentInProgress);
    }
  }

  // ------------------------------------------------------------------ state changes (in a transaction)

  /**
   * The provider took the payment (or is settling it): the basket is closed and the order
   * confirmation mail queued, once. Answers true when this call closed the basket.
   */
  async function finalize(tx: Tx, paymentId: number, intent: ProviderIntent | null): Promise<boolean> {
    const before = await payments.findById(paymentId, tx);
    if (!before) return false;
    const cart = await cartStore.lockCart(tx, before.cartId);
    const payment = await payments.lockById(tx, paymentId);
    if (!payment || !cart || !payment.orderId) return false;
    if (payment.status === 'failed' || payment.status === 'canceled') return false;
    // What the provider says now (without an intent: the attempt's status stands).
    const status: PaymentStatus | null = intent ? (intent.status === 'processing' ? 'processing' : 'succeeded') : null;
    if (status && (payment.status === 'creating' || payment.status === 'requires_action' || (payment.status === 'processing' && status === 'succeeded'))) {
      await payments.update(
        payment.id,
        {
          status,
          ...(intent ? { intentId: intent.id || payment.intentId, cardBrand: intent.card?.brand ?? null, cardLast4: intent.card?.last4 ?? null } : {}),
          redirectUrl: null,
        },
        tx,
      );
    }
    if (cart.status !== 'checkout' || cart.orderId !== payment.orderId) return false;
    await cartStore.updateCart(cart.id, { status: 'ordered', closedAt: new Date() }, tx);
    const intentId = intent?.id || payment.intentId;
    if (intentId) await orders.setPaymentReference(tx, payment.orderId, intentId);
    const orderUrl = cart.customerId ? deps.mailLinks.orderUrl(payment.orderId) : null;
    const data = await orders.orderMailData(tx, payment.orderId, { orderUrl });
    const mail = orderConfirmationMail({ ...data, notificationsUrl: await deps.mailLinks.notificationsUrl(data.to) });
    await enqueueMail(tx, mail);
    return true;
  }

  /**
   * The attempt failed or was cancelled: the pending order goes, its stock comes back and the
   * basket is reopened as it was. No-op for an attempt that already ended or was paid.
   */
  async function release(
    tx: Tx,
    paymentId: number,
    status: 'failed' | 'canceled',
    error: { code?: string | null; message: string } | null,
    intentId?: string | null,
  ): Promise<boolean> {
    const before = await payments.findById(paymentId, tx);
    if (!before) return false;
    const cart = await cartStore.lockCart(tx, before.cartId);
    const payment = await payments.lockById(tx, paymentId);
    if (!payment || payment.paidAt) return false;
    if (!['creating', 'requires_action', 'processing'].includes(payment.status)) return false;
    if (payment.orderId) {
      const order = await checkoutStore.lockOrder(tx, payment.orderId);
      if (order && order.status === 'pending') {
        const lines = await checkoutStore.orderLinesOf(tx, order.id);
        const byProduct = new Map<number, number>();
        for (const line of lines) if (line.productId) byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + line.qty);
        for (const productId of [...byProduct.keys()].sort((a, b) => a - b)) {
          await checkoutStore.giveBackStock(tx, productId, byProduct.get(productId)!);
        }
        await checkoutStore.deleteUnpaidOrder(tx, order.id);
      }
    }
    if (cart && cart.status === 'checkout' && cart.orderId === payment.orderId) {
      await cartStore.updateCart(cart.id, { status: 'active', orderId: null }, tx);
    }
    await payments.update(
      payment.id,
      {
        status,
        orderId: null,
        errorCode: error?.code ?? null,
        errorMessage: error?.message ?? null,
        redirectUrl: null,
        ...(intentId ? { intentId } : {}),
      },
      tx,
    );
    return true;
  }

  /** The provider says it was paid: amount and currency checked, the order becomes 'processing'. */
  async function markPaid(tx: Tx, paymentId: number, intent: ProviderIntent): Promise<{ outcome: string; detail: string | null }> {
    const before = await payments.findById(paymentId, tx);
    if (!before) return { outcome: 'ignored', detail: 'unknown payment' };
    await cartStore.lockCart(tx, before.cartId);
    const payment = await payments.lockById(tx, paymentId);
    if (!payment) return { outcome: 'ignored', detail: 'unknown payment' };
    if (payment.paidAt) return { outcome: 'ignored', detail: 'already paid' };
    const order = payment.orderId ? await checkoutStore.lockOrder(tx, payment.orderId) : undefined;
    if (!order) {
      log.error({ paymentId, intentId: intent.id }, 'payment succeeded for an attempt without an order: refund it');
      return { outcome: 'rejected', detail: 'no order for this payment (released): needs a refund' };
    }
    const currency = intent.currency.toLowerCase();
    if (intent.amount !== payment.amountPence || intent.amount !== order.grandTotalPence || currency !== 'gbp' || payment.currency !== 'gbp') {
      const detail = `amount/currency mismatch: paid ${intent.amount} ${currency}, order ${order.grandTotalPence} gbp, attempt ${payment.amountPence} ${payment.currency}`;
      log.error({ paymentId, orderId: order.id, intentId: intent.id }, `payment rejected: ${detail}`);
      await orders.setStatus(tx, order.id, order.status, `Payment ${intent.id} NOT accepted: ${detail}. Check the payment before shipping.`);
      await payments.update(payment.id, { errorCode: AMOUNT_MISMATCH, errorMessage: detail }, tx);
      return { outcome: 'rejected', detail };
    }
    await payments.update(payment.id, { paidAt: new Date(), intentId: intent.id || payment.intentId, errorCode: null, errorMessage: null }, tx);
    if (order.status === 'pending') {
      await orders.setStatus(
        tx,
        order.id,
        'processing',
        `Payment of ${formatGBP(fromPence(intent.amount))} received (${payment.provider === 'test' ? 'offline test provider, no money taken' : payment.provider} ${intent.id}).`,
      );
    }
    return { outcome: 'processed', detail: null };
  }

  /**
   * The provider took (or is settling) the payment of an attempt: a succeeded intent marks the
   * order paid (once: `paid_at`), then the basket is closed and the confirmation queued (once).
   * Every path that sees such an intent comes here. Answers whether this call closed the basket.
   */
  async function settle(tx: Tx, paymentId: number, intent: ProviderIntent): Promise<{ closed: boolean; outcome: string; detail: string | null }> {
    let paid = { outcome: 'processed', detail: null as string | null };
    if (intent.status === 'succeeded') {
      paid = await markPaid(tx, paymentId, intent);
      if (paid.outcome === 'rejected') return { closed: false, ...paid };
    }
    const closed = await finalize(tx, paymentId, intent);
    return { closed, ...paid };
  }

  /** Finds our attempt for a provider intent: by its id, else by the metadata we gave it. */
  async function paymentForIntent(providerName: string, intent: ProviderIntent, executor: Db | Tx = db): Promise<PaymentRow | undefined> {
    if (intent.id) {
      const byIntent = await payments.findByIntent(providerName, intent.id, executor);
      if (byIntent) return byIntent;
    }
    const id = Number(intent.metadata?.payment_id);
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    const byMeta = await payments.findById(id, executor);
    if (!byMeta || byMeta.provider !== providerName) return undefined;
    if (byMeta.intentId && intent.id && byMeta.intentId !== intent.id) return undefined;
    if (intent.metadata.cart_id && intent.metadata.cart_id !== byMeta.cartId) return undefined;
    return byMeta;
  }

  // ------------------------------------------------------------------ provider calls

  /** Applies what the provider answered about an attempt, and answers the shopper. */
  async function applyIntent(paymentId: number, intent: ProviderIntent): Promise<OrderPlacedAnswer> {
    await deps.mailLinks.prime();
    switch (intent.status) {
      case 'succeeded':
      case 'processing':
      case 'requires_capture': {
        // Often the provider's event got here first and did it all.
        const current = await payments.findById(paymentId);
        if (current?.status === 'succeeded' && current.paidAt) return outcomeAnswer(current);
        const { closed } = await db.transaction((tx) => settle(tx, paymentId, intent));
        if (closed) deps.kickMail();
        break;
      }
      case 'requires_action': {
        const payment = await payments.findById(paymentId);
        if (payment && (payment.status === 'creating' || payment.status === 'requires_action')) {
          await payments.update(paymentId, {
            status: 'requires_action',
            intentId: intent.id,
            clientSecret: intent.clientSecret,
            redirectUrl: intent.redirectUrl,
            cardBrand: intent.card?.brand ?? null,
            cardLast4: intent.card?.last4 ?? null,
          });
        }
        break;
      }
      default: {
        const error = intent.lastError ?? { code: intent.status, message: CHECKOUT_MESSAGES.declinedFallback };
        await db.transaction((tx) => release(tx, paymentId, intent.status === 'canceled' ? 'canceled' : 'failed', error, intent.id || null));
      }
    }
    const payment = await payments.findById(paymentId);
    if (!payment) throw notFound(CHECKOUT_MESSAGES.paymentNotFound);
    return outcomeAnswer(payment);
  }

  /** Asks the provider to take the payment of an attempt in 'creating' (same key on every retry). */
  async function runPayment(payment: PaymentRow, extra: { returnUrl: string; email: string | null; orderNumber: string; orderRef: string }) {
    let intent: ProviderIntent;
    try {
      intent = await provider.createAndConfirm({
        amountPence: payment.amountPence,
        currency: 'gbp',
        paymentMethodId: payment.paymentMethodId,
        paymentMethodType: payment.paymentMethodType,
        idempotencyKey: payment.idempotencyKey,
        returnUrl: extra.returnUrl,
        description: `Order ${extra.orderNumber}`,
        receiptEmail: extra.email,
        metadata: { payment_id: String(payment.id), cart_id: payment.cartId, order_ref: extra.orderRef, order_number: extra.orderNumber },
      });
    } catch (error) {
      if (error instanceof PaymentRequestError) {
        await db.transaction((tx) => release(tx, payment.id, 'failed', { code: error.code, message: error.message }));
        throw new HttpError(400, `Your payment details could not be used: ${error.message}`, 'payment.piPaymentMethodId');
      }
      // Our own database failing (a full disk) is not the provider's outage: say what it is.
      if (isDiskFullError(error)) throw error;
      log.error({ err: error, paymentId: payment.id }, 'payment provider call failed');
      await payments.markRetryable(payment.id);
      throw new HttpError(503, CHECKOUT_MESSAGES.paymentUnreachable);
    }
    faultPoint('checkout.before-outcome');
    const answer = await applyIntent(payment.id, intent);
    faultPoint('checkout.after-outcome');
    return answer;
  }

  /**
   * The return URL for Stripe's extra step: the one the browser sent when it is on the shop's
   * origin (SHOP_URL) or on the origin the request came from, else SHOP_URL/payment-complete.
   */
  function returnUrlFor(requested: string | null | undefined, requestOrigin?: string | null): string {
    if (provider.name === 'test') return '/payment-complete';
    if (requested) {
      try {
        const url = new URL(requested, deps.shopUrl);
        const allowed = [new URL(deps.shopUrl).origin, ...(requestOrigin ? [requestOrigin] : [])];
        if ((url.protocol === 'https:' || url.protocol === 'http:') && allowed.includes(url.origin)) return url.toString();
      } catch {
        /* fall through */
      }
    }
    return `${deps.shopUrl}/payment-complete`;
  }

  /** Waits for another call's attempt to get an outcome (or takes it over when its call died). */
  async function awaitOutcome(paymentId: number, returnUrl: string): Promise<OrderPlacedAnswer> {
    const deadline = Date.now() + WAIT_FOR_OUTCOME_MS;
    let delay = 20;
    for (;;) {
      const payment = await payments.findById(paymentId);
      if (!payment) throw notFound(CHECKOUT_MESSAGES.paymentNotFound);
      if (payment.status !== 'creating') return outcomeAnswer(payment);
      if (await payments.claimStale(payment.id, STALE_CREATING_MS)) {
        const order = payment.orderId ? await checkoutStore.findOrder(db, payment.orderId) : undefined;
        return runPayment(payment, {
          returnUrl,
          email: order?.email ?? null,
          orderNumber: order?.number ?? '',
          orderRef: order?.publicRef ?? '',
        });
      }
      if (Date.now() > deadline) throw new HttpError(409, CHECKOUT_MESSAGES.paymentInProgress);
      await sleep(delay);
      delay = Math.min(delay * 2, 250);
    }
  }

  /**
   * Cancels an attempt waiting for its extra step (the provider first: if the payment went through
   * meanwhile, the order is finalised instead). Answers the attempt afterwards.
   */
  async function cancelAttempt(payment: PaymentRow): Promise<PaymentRow> {
    if (payment.status !== 'requires_action' || !payment.intentId) return payment;
    let intent: ProviderIntent;
    try {
      intent = await provider.cancel(payment.intentId);
    } catch (error) {
      if (!(error instanceof PaymentRequestError)) throw new HttpError(503, CHECKOUT_MESSAGES.paymentUnreachable);
      intent = await provider.retrieve(payment.intentId).catch(() => {
        throw new HttpError(503, CHECKOUT_MESSAGES.paymentUnreachable);
      });
    }
    try {
      await applyIntent(payment.id, intent);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
    }
    return (await payments.findById(payment.id)) ?? payment;
  }

  /**
   * Asks the provider how an attempt with an intent stands and applies it. An attempt waiting for
   * its extra step is left to the shopper (and the hold sweep); an unreachable provider leaves it
   * for the next reconciliation.
   */
  async function settleFromProvider(payment: PaymentRow): Promise<void> {
    if (!payment.intentId) return;
    let intent: ProviderIntent;
    try {
      intent = await provider.retrieve(payment.intentId);
    } catch (error) {
      log.warn({ err: error, paymentId: payment.id, intentId: payment.intentId }, 'could not ask the provider about a payment: retried by reconciliation');
      if (payment.status === 'succeeded' || payment.status === 'processing') {
        // Taken, as far as we know: the basket is closed now; paid is recorded when the provider answers.
        await deps.mailLinks.prime();
        if (await db.transaction((tx) => finalize(tx, payment.id, null))) deps.kickMail();
      }
      return;
    }
    if (intent.status === 'requires_action' || intent.status === 'requires_confirmation') return;
    try {
      await applyIntent(payment.id, intent);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
    }
  }

  /**
   * Reconciliation: every attempt not in a final state is checked against the provider (Stripe
   * and the test provider alike), so money taken always ends in a paid order and a dead attempt
   * never keeps its stock: attempts with an intent are settled from it; attempts left 'creating'
   * longer than 30 s (their process died before it had the provider's answer) ask
   * the provider again with their idempotency key, which answers the same intent or makes the one
   * the shopper asked for. `creatingBefore`: attempts 'creating' since before then count as dead
   * at once; right only when no other process can be placing orders (the embedded database at
   * start, with this process's start time: its lock guarantees one process).
   */
  async function reconcile(options: { creatingBefore?: Date } = {}): Promise<{ settled: number; retried: number }> {
    const creatingAge = Math.max(0, options.creatingBefore ? Date.now() - options.creatingBefore.getTime() : STALE_CREATING_MS);
    let settled = 0;
    let retried = 0;
    for (const payment of await payments.unsettled(AMOUNT_MISMATCH)) {
      try {
        await settleFromProvider(payment);
        const after = await payments.findById(payment.id);
        if (after && (after.status !== payment.status || Boolean(after.paidAt) !== Boolean(payment.paidAt))) settled++;
      } catch (error) {
        log.warn({ err: error, paymentId: payment.id }, 'could not reconcile a payment');
      }
    }
    for (const payment of await payments.staleAttempts('creating', new Date(Date.now() - creatingAge))) {
      try {
        if (!(await payments.claimStale(payment.id, creatingAge))) continue;
        const order = payment.orderId ? await checkoutStore.findOrder(db, payment.orderId) : undefined;
        await runPayment(payment, {
          returnUrl: returnUrlFor(null),
          email: order?.email ?? null,
          orderNumber: order?.number ?? '',
          orderRef: order?.publicRef ?? '',
        }).catch((error) => {
          if (!(error instanceof HttpError)) throw error;
        });
        retried++;
      } catch (error) {
        log.warn({ err: error, paymentId: payment.id }, 'could not retry a payment attempt');
      }
    }
    if (settled + retried > 0) log.info({ settled, retried }, 'payments reconciled with the provider');
    return { settled, retried };
  }

  // ------------------------------------------------------------------ whose basket

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
  async function resolveForConfirm(owner: CartOwnerInput): Promise<CartContext> {
    if (owner.customerToken) {
      const customer = await customerFor(owner.customerToken);
      if (owner.cartId) {
        const given = await cartStore.findCart(owner.cartId);
        if (given && given.customerId === customer.id && given.status !== 'merged') {
          return { cart: given, customer, groupId: customer.groupId };
        }
      }
      const open = await cartStore.findOpenCartOfCustomer(customer.id);
      if (open && (open.status === 'checkout' || (await cartStore.countLines(open.id)) > 0)) {
        return { cart: open, customer, groupId: customer.groupId };
      }
      const recent = await checkoutStore.recentlyOrderedCart(customer.id, REPEAT_WINDOW_MS);
      if (recent) return { cart: recent, customer, groupId: customer.groupId };
      return { cart: open ?? (await cartStore.ensureCustomerCart(customer.id)), customer, groupId: customer.groupId };
    }
    if (!owner.cartId) throw badRequest('cartId is required for a guest basket', 'cartId');
    const cart = await cartStore.findCart(owner.cartId);
    if (!cart || cart.customerId !== null || cart.status === 'merged') {
      throw notFound('This basket no longer exists. Please start a new one.');
    }
    return { cart, customer: null, groupId: 0 };
  }

  /** Step 1 of confirm-order: the claim (see the top of this file). */
  async function claim(ctx: CartContext, input: ConfirmOrderInput): Promise<Claim> {
    return db.transaction(async (tx): Promise<Claim> => {
      const cart = await cartStore.lockCart(tx, ctx.cart.id);
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
        await cartStore.deleteLines(
          priced.unavailable.map((l) => l.id),
          tx,
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
      const order = await orders.insertOrder(tx, {
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
      await cartStore.updateCart(
        cart.id,
        { status: 'checkout', orderId: order.id, email, billingAddress: billing, paymentMethod: input.payment.method },
        tx,
      );
      // Stock last: every product of the basket, in id order (no deadlocks between baskets), just
      // before the commit, so a popular product's stock row is locked as briefly as possible.
      const wanted = new Map<number, { qty: number; name: string }>();
      for (const line of priced.lines) {
        const w = wanted.get(line.product.id) ?? { qty: 0, name: line.product.name };
        w.qty += line.item.qty;
        wanted.set(line.product.id, w);
      }
      for (const productId of [...wanted.keys()].sort((a, b) => a - b)) {
        const w = wanted.get(productId)!;
        const left = await checkoutStore.takeStock(tx, productId, w.qty);
        if (left === undefined) {
          const have = await checkoutStore.stockOf(tx, productId);
          throw new HttpError(409, have > 0 ? CHECKOUT_MESSAGES.onlyInStock(w.name, have) : CHECKOUT_MESSAGES.outOfStock(w.name));
        }
      }

      return { kind: 'new', payment, order, email };
    });
  }

  // ------------------------------------------------------------------ the service

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
      await cartStore.updateCart(ctx.cart.id, {
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
      await cartStore.updateCart(ctx.cart.id, {
        paymentMethod: input.paymentMethod,
        email: input.email,
        ...(input.comment !== null ? { customerNote: input.comment } : {}),
        ...(input.billingAddress ? { billingAddress: toAddressColumn(input.billingAddress) } : {}),
      });
      return stepAnswer(ctx);
    },

    /** POST /api/cart/confirm-order */
    async confirmOrder(input: ConfirmOrderInput): Promise<OrderPlacedAnswer> {
      const returnUrl = returnUrlFor(input.returnUrl, input.requestOrigin);
      for (let round = 0; round < 3; round++) {
        const ctx = await resolveForConfirm(input.owner);
        const claimed = await claim(ctx, input);
        if (claimed.kind === 'new') {
          faultPoint('checkout.after-claim');
          return runPayment(claimed.payment, {
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
            await settleFromProvider(claimed.payment);
          }
          return awaitOutcome(claimed.payment.id, returnUrl);
        }
        // A different card while an extra step was pending: cancel that attempt, then start anew.
        const after = await cancelAttempt(claimed.payment);
        if (after.status === 'succeeded' || after.status === 'processing') return placedAnswer(after);
      }
      throw new HttpError(409, CHECKOUT_MESSAGES.paymentInProgress);
    },

    /** POST /api/payment/complete: after the extra step, what the provider says now. */
    async completePayment(intentId: string): Promise<OrderPlacedAnswer> {
      const payment = await payments.findByIntent(provider.name, intentId);
      if (!payment) throw notFound(CHECKOUT_MESSAGES.paymentNotFound);
      if (payment.status !== 'requires_action') return awaitOutcome(payment.id, returnUrlFor(null));
      let intent: ProviderIntent;
      try {
        intent = await provider.retrieve(intentId);
      } catch (error) {
        if (error instanceof PaymentRequestError) throw notFound(CHECKOUT_MESSAGES.paymentNotFound);
        throw new HttpError(503, CHECKOUT_MESSAGES.paymentUnreachable);
      }
      if (intent.status === 'requires_action') return placedAnswer(payment);
      return applyIntent(payment.id, intent);
    },

    /** POST /api/payment/cancel-payment-intent */
    async cancelPaymentIntent(intentId: string): Promise<{
      status: 'canceled' | 'succeeded' | 'processing';
      paymentIntentId: string;
      message: string;
      orderId: string | null;
    }> {
      const payment = await payments.findByIntent(provider.name, intentId);
      if (!payment) throw notFound(CHECKOUT_MESSAGES.paymentNotFound);
      if (payment.status === 'creating') throw new HttpError(409, CHECKOUT_MESSAGES.paymentInProgress);
      const after = payment.status === 'requires_action' ? await cancelAttempt(payment) : payment;
      if (after.status === 'succeeded' || after.status === 'processing') {
        const order = after.orderId ? await checkoutStore.findOrder(db, after.orderId) : undefined;
        return {
          status: after.status,
          paymentIntentId: intentId,
          message: 'This payment has already gone through: your order is placed.',
          orderId: order?.publicRef ?? null,
        };
      }
      return { status: 'canceled', paymentIntentId: intentId, message: CHECKOUT_MESSAGES.paymentCancelled, orderId: null };
    },

    /**
     * A provider event (Stripe webhook, test provider): recorded once (a replay is not processed
     * again), then applied in the same transaction.
     */
    async handleEvent(providerName: ProviderName, event: ProviderEvent): Promise<{ duplicate: boolean; outcome: string }> {
      let closed = false;
      await deps.mailLinks.prime();
      const result = await db.transaction(async (tx) => {
        const eventRow = await payments.recordEvent(tx, {
          provider: providerName,
          eventId: event.id,
          type: event.type,
          intentId: event.intent?.id || null,
        });
        if (eventRow === undefined) return { duplicate: true, outcome: 'duplicate' };
        let outcome = 'ignored';
        let detail: string | null = null;
        const intent = event.intent;
        const payment = intent ? await paymentForIntent(providerName, intent, tx) : undefined;
        if (!intent || !payment) {
          detail = intent ? 'no payment attempt for this intent' : 'not a payment intent event';
        } else if (event.type === 'payment_intent.succeeded') {
          if (intent.status !== 'succeeded') {
            outcome = 'rejected';
            detail = `status ${intent.status} in a succeeded event`;
          } else {
            ({ closed, outcome, detail } = await settle(tx, payment.id, intent));
          }
        } else if (event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.canceled') {
          const released = await release(
            tx,
            payment.id,
            event.type === 'payment_intent.canceled' ? 'canceled' : 'failed',
            intent.lastError ?? { code: 'canceled', message: CHECKOUT_MESSAGES.paymentCancelled },
            intent.id || null,
          );
          outcome = released ? 'processed' : 'ignored';
          if (!released) detail = `attempt already ${payment.status}`;
        } else {
          detail = 'event type not used';
        }
        await payments.setEventOutcome(tx, eventRow, outcome, detail);
        return { duplicate: false, outcome };
      });
      if (closed) deps.kickMail();
      return result;
    },

    reconcile,

    /**
     * Clean-up: cancels payments left waiting for an extra step longer than `holdMs` (the stock
     * goes back), reconciles attempts whose outcome is not recorded, deletes guest baskets
     * untouched for `guestCartDays` that never reached checkout, and empty guest baskets after
     * `emptyGuestCartHours`.
     */
    async sweep(
      holdMs: number,
      guestCartDays = 30,
      emptyGuestCartHours = EMPTY_GUEST_CART_HOURS,
    ): Promise<{ cancelled: number; retried: number; purged: number; emptyPurged: number }> {
      let cancelled = 0;
      const purged = await cartStore.purgeAbandonedGuestCarts(new Date(Date.now() - guestCartDays * 24 * 3600_000));
      const emptyPurged = await cartStore.purgeEmptyGuestCarts(new Date(Date.now() - emptyGuestCartHours * 3600_000));
      for (const payment of await payments.staleAttempts('requires_action', new Date(Date.now() - holdMs))) {
        try {
          const after = await cancelAttempt(payment);
          if (after.status === 'canceled' || after.status === 'failed') cancelled++;
        } catch (error) {
          log.warn({ err: error, paymentId: payment.id }, 'could not cancel an abandoned payment');
        }
      }
      const { retried } = await reconcile();
      return { cancelled, retried, purged, emptyPurged };
    },

    /** For the cart domain: a basket held by a payment is given back before it changes. */
    async releaseForChanges(cart: CartRow): Promise<void> {
      const live = await payments.findLiveForCart(cart.id);
      if (!live) {
        if (cart.status === 'checkout') {
          await db.transaction(async (tx) => {
            const locked = await cartStore.lockCart(tx, cart.id);
            if (locked?.status === 'checkout' && !(await payments.findLiveForCart(cart.id, tx))) {
              await cartStore.updateCart(cart.id, { status: 'active', orderId: null }, tx);
            }
          });
        }
        return;
      }
      if (live.status === 'creating') throw new HttpError(409, CHECKOUT_MESSAGES.paymentInProgress);
      const after = live.status === 'requires_action' ? await cancelAttempt(live) : live;
      if (after.status === 'succeeded' || after.status === 'processing') {
        await deps.mailLinks.prime();
        const closed = await db.transaction((tx) => finalize(tx, after.id, null));
        if (closed) deps.kickMail();
        throw new HttpError(409, CHECKOUT_MESSAGES.alreadyOrdered);
      }
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
