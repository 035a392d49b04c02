import type { FastifyBaseLogger } from 'fastify';
import { fromPence } from '@shop/shared/pricing';
import type { OrderPlacedAnswer } from '@shop/shared/schemas';
import type { Db } from '../db/client';
import { isDiskFullError } from '../db/disk';
import { HttpError, notFound } from '../http-errors';
import type { OrderPlacement } from '../orders/placement';
import type { FailureReason, Step } from '../steps';
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

/** What an answer shows of an attempt's order. */
type OrderRef = { number: string; publicRef: string };

/** What the charge step needs besides the attempt: for the provider's description and receipt. */
export interface ChargeInput {
  payment: PaymentRow;
  returnUrl: string;
  email: string | null;
  orderNumber: string;
  orderRef: string;
}

/** What the provider answered to a charge. */
export type Charge =
  /** The provider has the payment, in whatever state (paid, needs an extra step, declined). */
  | { kind: 'answered'; intent: ProviderIntent }
  /** The provider refused the payment details: nothing was taken (a failure for good). */
  | { kind: 'refused'; reason: FailureReason }
  /** No answer (the provider unreachable): asked again later with the same idempotency key. */
  | { kind: 'unknown' };

/** An attempt's outcome, as recorded. */
export type Outcome =
  /** Paid, or being settled by the provider: the basket is closed and the order placed. */
  | { kind: 'placed'; answer: OrderPlacedAnswer }
  /** The bank wants an extra step (3-D Secure): the answer says where to send the shopper. */
  | { kind: 'needs-authentication'; answer: OrderPlacedAnswer }
  /** Declined, failed or cancelled: for the caller to release the claim (`releaseClaim`). */
  | { kind: 'declined'; reason: FailureReason };

/**
 * A payment attempt after its claim (the pending order, its stock and the attempt 'creating',
 * committed by checkout). The payment's steps of placing an order, run by checkout's workflow
 * (checkout/place-order.ts) and by payment's own resumptions (complete, cancel, events,
 * reconciliation), with the compensation a failure for good needs beside them:
 *
 *   charge → record outcome          compensation of the claim: releaseClaim
 *
 * Answers to the shopper come from the attempt's row, whoever recorded it (this call or the
 * provider's event).
 */
export function createAttempts(deps: AttemptsDeps) {
  const { db, payments, orders, settlement, provider, log } = deps;

  // ------------------------------------------------------------------ answers

  /** `known`: the order's number and reference as the caller read them with the attempt (not read again; null: no order). */
  async function placedAnswer(payment: PaymentRow, known?: OrderRef | null): Promise<OrderPlacedAnswer> {
    const order = known !== undefined ? known : payment.orderId ? await orders.find(db, payment.orderId) : undefined;
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
  async function outcomeAnswer(payment: PaymentRow, order?: OrderRef | null): Promise<OrderPlacedAnswer> {
    switch (payment.status) {
      case 'succeeded':
      case 'processing':
      case 'requires_action':
        return placedAnswer(payment, order);
      case 'failed':
        throw new HttpError(402, payment.errorMessage ?? PAYMENT_MESSAGES.declinedFallback);
      case 'canceled':
        throw new HttpError(409, PAYMENT_MESSAGES.paymentCancelled);
      default:
        throw new HttpError(409, PAYMENT_MESSAGES.paymentInProgress);
    }
  }

  /** The answer for an attempt as it stands: the attempt and its order read in one statement. */
  async function answerFor(paymentId: number): Promise<OrderPlacedAnswer> {
    const found = await payments.findWithOrder(paymentId);
    if (!found) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    return outcomeAnswer(found.payment, found.order);
  }

  // ------------------------------------------------------------------ steps

  /**
   * The compensation of the order's claim, for a payment that failed for good (refused, declined,
   * cancelled): the attempt ends, its pending order goes, the stock and the basket come back.
   */
  async function releaseClaim(paymentId: number, reason: FailureReason): Promise<void> {
    const { status, code, message, intentId } = reason;
    await db.transaction((tx) => settlement.release(tx, paymentId, status, { code, message }, intentId ?? null));
  }

  /**
   * Step "charge": asks the provider to take the payment of an attempt in 'creating' (the same
   * idempotency key on every retry, so never twice). Nothing to undo: a payment the provider
   * refuses or declines takes nothing, and one it took is settled forward.
   */
  const charge: Step<ChargeInput, Charge> = {
    name: 'charge',
    async run({ payment, ...extra }) {
      try {
        const intent = await provider.createAndConfirm({
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
        return { kind: 'answered', intent };
      } catch (error) {
        if (error instanceof PaymentRequestError) {
          return { kind: 'refused', reason: { status: 'failed', code: error.code, message: error.message } };
        }
        // Our own database failing (a full disk) is not the provider's outage: say what it is.
        if (isDiskFullError(error)) throw error;
        log.error({ err: error, paymentId: payment.id }, 'payment provider call failed');
        await payments.markRetryable(payment.id);
        return { kind: 'unknown' };
      }
    },
  };

  /**
   * Step "record outcome": what the provider answered about an attempt. Paid or being settled:
   * the order is marked paid (amount checked, once), the basket closed and the confirmation mail
   * queued; an extra step needed: the attempt keeps where to send the shopper; declined, failed or
   * cancelled: nothing is recorded here, the caller runs the claim's compensation
   * (`releaseClaim`), which records the failure with the claim's undoing, in one transaction.
   */
  const recordOutcome: Step<{ paymentId: number; intent: ProviderIntent }, Outcome> = {
    name: 'record-outcome',
    async run({ paymentId, intent }) {
      switch (intent.status) {
        case 'succeeded':
        case 'processing':
        case 'requires_capture': {
          // Often the provider's event got here first and did it all: then the attempt as read
          // (with its order, one statement) answers.
          const current = await payments.findWithOrder(paymentId);
          if (current?.payment.status === 'succeeded' && current.payment.paidAt) {
            return { kind: 'placed', answer: await outcomeAnswer(current.payment, current.order) };
          }
          await deps.mailLinks.prime();
          const { closed } = await db.transaction((tx) => settlement.settle(tx, paymentId, intent));
          if (closed) deps.kickMail();
          return { kind: 'placed', answer: await answerFor(paymentId) };
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
          return { kind: 'needs-authentication', answer: await answerFor(paymentId) };
        }
        default: {
          const error = intent.lastError ?? { code: intent.status, message: PAYMENT_MESSAGES.declinedFallback };
          return {
            kind: 'declined',
            reason: { status: intent.status === 'canceled' ? 'canceled' : 'failed', code: error.code, message: error.message, intentId: intent.id || null },
          };
        }
      }
    },
  };

  /** The shopper's answer for a charge the provider refused: the payment details cannot be used (400). */
  const refusedAnswer = (reason: FailureReason) =>
    new HttpError(400, `Your payment details could not be used: ${reason.message}`, 'payment.piPaymentMethodId');
  /** The shopper's answer while the provider cannot be reached: the attempt is asked about again later (503). */
  const unknownOutcomeAnswer = () => new HttpError(503, PAYMENT_MESSAGES.paymentUnreachable);

  /**
   * Applies what the provider says about an attempt claimed earlier (its event, the shopper back
   * from the extra step, a cancel, reconciliation): the outcome recorded; a declined one releases
   * the claim and answers 402 with the bank's message.
   */
  async function applyIntent(paymentId: number, intent: ProviderIntent): Promise<OrderPlacedAnswer> {
    const outcome = await recordOutcome.run({ paymentId, intent });
    if (outcome.kind !== 'declined') return outcome.answer;
    await releaseClaim(paymentId, outcome.reason);
    return answerFor(paymentId);
  }

  /** Charges an attempt claimed earlier (one left 'creating' by a call that died), then applies the answer. */
  async function payClaimed(payment: PaymentRow, returnUrl: string): Promise<OrderPlacedAnswer> {
    const order = payment.orderId ? await orders.find(db, payment.orderId) : undefined;
    const charged = await charge.run({
      payment,
      returnUrl,
      email: order?.email ?? null,
      orderNumber: order?.number ?? '',
      orderRef: order?.publicRef ?? '',
    });
    if (charged.kind === 'unknown') throw unknownOutcomeAnswer();
    if (charged.kind === 'refused') {
      await releaseClaim(payment.id, charged.reason);
      throw refusedAnswer(charged.reason);
    }
    return applyIntent(payment.id, charged.intent);
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
    if (await db.transaction((tx) => settlement.finalize(tx, paymentId))) deps.kickMail();
  }

  return {
    charge,
    recordOutcome,
    releaseClaim,
    refusedAnswer,
    unknownOutcomeAnswer,
    answerFor,
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
