import type { FastifyBaseLogger } from 'fastify';
import { fromPence } from '@shop/shared/pricing';
import type { OrderPlacedAnswer } from '@shop/shared/schemas';
import type { Db } from '../db/client';
import { isDiskFullError } from '../db/disk';
import { faultPoint } from '../faults';
import { HttpError, notFound } from '../http-errors';
import type { OrderPlacement } from '../orders/placement';
import { StepFailure, Steps, type Step } from '../steps';
import { PAYMENT_MESSAGES } from './messages';
import { PaymentRequestError, type PaymentProvider, type ProviderIntent, type ProviderName } from './provider';
import type { OrderMailLinks, Settlement } from './settlement';
import type { PaymentRow, PaymentStore } from './store';

/** A 'creating' attempt older than this is retried by the next caller (its process died). */
export const STALE_CREATING_MS = 30_000;
/** How long a concurrent confirm waits for the first one's outcome. */
const WAIT_FOR_OUTCOME_MS = 25_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface AttemptsDeps {
  db: Db;
  payments: PaymentStore;
  orders: OrderPlacement;
  settlement: Settlement;
  provider: PaymentProvider;
  /** The storefront's origin (SHOP_URL): return URL for Stripe's extra step. */
  shopUrl: string;
  log: FastifyBaseLogger;
  mailLinks: Pick<OrderMailLinks, 'prime'>;
  /** Sends queued mail now (after a commit). */
  kickMail(): void;
}

/** What the charge step needs besides the attempt: for the provider's description and receipt. */
export interface ChargeInput {
  payment: PaymentRow;
  returnUrl: string;
  email: string | null;
  orderNumber: string;
  orderRef: string;
}

/**
 * A payment attempt after its claim (the pending order, its stock and the attempt 'creating',
 * committed by checkout): the steps that ask the provider and record its answer, shared by
 * checkout (confirm-order) and payment (complete, cancel, events, reconciliation).
 *
 *   claim (checkout, compensation: release) → charge → record outcome
 *
 * A definite failure (the provider refused the payment method, the card was declined) runs the
 * claim's compensation; an unknown outcome (provider unreachable, a crash) leaves the attempt for
 * the next caller or reconciliation, which asks again with the same idempotency key.
 */
export function createAttempts(deps: AttemptsDeps) {
  const { db, payments, orders, settlement, provider, log } = deps;

  // ------------------------------------------------------------------ answers

  async function placedAnswer(payment: PaymentRow): Promise<OrderPlacedAnswer> {
    const order = payment.orderId ? await orders.find(db, payment.orderId) : undefined;
    if (!order) throw new HttpError(409, PAYMENT_MESSAGES.paymentCancelled);
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
        throw new HttpError(402, payment.errorMessage ?? PAYMENT_MESSAGES.declinedFallback);
      case 'canceled':
        throw new HttpError(409, PAYMENT_MESSAGES.paymentCancelled);
      default:
        throw new HttpError(409, PAYMENT_MESSAGES.paymentInProgress);
    }
  }

  async function answerFor(paymentId: number): Promise<OrderPlacedAnswer> {
    const payment = await payments.findById(paymentId);
    if (!payment) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    return outcomeAnswer(payment);
  }

  // ------------------------------------------------------------------ steps

  /** The claim's compensation: the attempt ends, its order goes, the stock and basket come back. */
  const releaseClaim = (paymentId: number) => async (failure: StepFailure<unknown>) => {
    const { status, code, message, intentId } = failure.reason;
    await db.transaction((tx) => settlement.release(tx, paymentId, status, { code, message }, intentId ?? null));
  };

  /** Steps of an attempt whose claim was committed earlier (by another call, or a process that died). */
  const resumed = (workflow: string, paymentId: number) => new Steps(workflow).done('claim', releaseClaim(paymentId));

  /** Asks the provider to take the payment of an attempt in 'creating' (same key on every retry). */
  const charge: Step<ChargeInput, ProviderIntent> = {
    name: 'charge',
    async run({ payment, ...extra }) {
      try {
        return await provider.createAndConfirm({
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
          throw new StepFailure({ status: 'failed', code: error.code, message: error.message }, async () => {
            throw new HttpError(400, `Your payment details could not be used: ${error.message}`, 'payment.piPaymentMethodId');
          });
        }
        // Our own database failing (a full disk) is not the provider's outage: say what it is.
        if (isDiskFullError(error)) throw error;
        log.error({ err: error, paymentId: payment.id }, 'payment provider call failed');
        await payments.markRetryable(payment.id);
        throw new HttpError(503, PAYMENT_MESSAGES.paymentUnreachable);
      }
    },
  };

  /** Records what the provider answered about an attempt, and answers the shopper. */
  const recordOutcome: Step<{ paymentId: number; intent: ProviderIntent }, OrderPlacedAnswer> = {
    name: 'record-outcome',
    async run({ paymentId, intent }) {
      await deps.mailLinks.prime();
      switch (intent.status) {
        case 'succeeded':
        case 'processing':
        case 'requires_capture': {
          // Often the provider's event got here first and did it all.
          const current = await payments.findById(paymentId);
          if (current?.status === 'succeeded' && current.paidAt) return outcomeAnswer(current);
          const { closed } = await db.transaction((tx) => settlement.settle(tx, paymentId, intent));
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
          // Declined, failed or cancelled: the claim is released, then the attempt answers.
          const error = intent.lastError ?? { code: intent.status, message: PAYMENT_MESSAGES.declinedFallback };
          throw new StepFailure(
            { status: intent.status === 'canceled' ? 'canceled' : 'failed', code: error.code, message: error.message, intentId: intent.id || null },
            () => answerFor(paymentId),
          );
        }
      }
      return answerFor(paymentId);
    },
  };

  /** Applies what the provider says about an attempt (outside the order's own steps). */
  function applyIntent(paymentId: number, intent: ProviderIntent): Promise<OrderPlacedAnswer> {
    return resumed('apply-intent', paymentId).run(recordOutcome, { paymentId, intent });
  }

  /** Charge, then record the outcome; the fault points mark the boundaries between them. */
  async function pay(steps: Steps, input: ChargeInput): Promise<OrderPlacedAnswer> {
    const intent = await steps.run(charge, input);
    faultPoint('checkout.before-outcome');
    const answer = await steps.run(recordOutcome, { paymentId: input.payment.id, intent });
    faultPoint('checkout.after-outcome');
    return answer;
  }

  /** Charges an attempt claimed earlier, e.g. one left 'creating' by a call that died. */
  async function payClaimed(payment: PaymentRow, returnUrl: string): Promise<OrderPlacedAnswer> {
    const order = payment.orderId ? await orders.find(db, payment.orderId) : undefined;
    return pay(resumed('retry-payment', payment.id), {
      payment,
      returnUrl,
      email: order?.email ?? null,
      orderNumber: order?.number ?? '',
      orderRef: order?.publicRef ?? '',
    });
  }

  // ------------------------------------------------------------------ attempts in progress

  /**
   * The return URL for Stripe's extra step: the one the browser sent when it is on the shop's
   * origin (SHOP_URL) or on the origin the request came from, else SHOP_URL/payment-complete.
   */
  function returnUrlFor(requested: string | null | undefined, requestOrigin?: string | null): string {
    if (provider.returnPath) return provider.returnPath;
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
      if (!payment) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
      if (payment.status !== 'creating') return outcomeAnswer(payment);
      if (await payments.claimStale(payment.id, STALE_CREATING_MS)) return payClaimed(payment, returnUrl);
      if (Date.now() > deadline) throw new HttpError(409, PAYMENT_MESSAGES.paymentInProgress);
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
      if (!(error instanceof PaymentRequestError)) throw new HttpError(503, PAYMENT_MESSAGES.paymentUnreachable);
      intent = await provider.retrieve(payment.intentId).catch(() => {
        throw new HttpError(503, PAYMENT_MESSAGES.paymentUnreachable);
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
        await closePaid(payment.id);
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

  /** Closes the basket of an attempt taken by the provider (no intent at hand); mail sent if queued. */
  async function closePaid(paymentId: number): Promise<void> {
    await deps.mailLinks.prime();
    if (await db.transaction((tx) => settlement.finalize(tx, paymentId, null))) deps.kickMail();
  }

  return {
    releaseClaim,
    pay,
    payClaimed,
    applyIntent,
    placedAnswer,
    returnUrlFor,
    awaitOutcome,
    cancelAttempt,
    settleFromProvider,
    closePaid,
  };
}

export type Attempts = ReturnType<typeof createAttempts>;
