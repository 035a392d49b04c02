import type { FastifyBaseLogger } from 'fastify';
import type { OrderPlacedAnswer } from '@shop/shared/schemas';
import type { Baskets } from '../cart/baskets';
import type { CartRow } from '../cart/store';
import type { Db } from '../db/client';
import { HttpError, notFound } from '../http-errors';
import type { OrderPlacement } from '../orders/placement';
import { STALE_CREATING_MS, type Attempts } from './attempts';
import { PAYMENT_MESSAGES } from './messages';
import { PaymentRequestError, type PaymentProvider, type ProviderEvent, type ProviderIntent, type ProviderName } from './provider';
import { AMOUNT_MISMATCH, type OrderMailLinks, type Settlement } from './settlement';
import type { PaymentStore } from './store';

/** Empty guest baskets (made, nothing added) are deleted after this many hours. */
export const EMPTY_GUEST_CART_HOURS = 3;

export interface PaymentServiceDeps {
  db: Db;
  payments: PaymentStore;
  baskets: Baskets;
  orders: OrderPlacement;
  provider: PaymentProvider;
  settlement: Settlement;
  attempts: Attempts;
  log: FastifyBaseLogger;
  mailLinks: Pick<OrderMailLinks, 'prime'>;
  /** Sends queued mail now (after a commit). */
  kickMail(): void;
}

/**
 * Payments after the order's claim: the provider's events (Stripe webhook, the test provider's
 * own), completing and cancelling a payment that waits for its extra step (3-D Secure),
 * reconciliation with the provider, the sweep of abandoned payments and baskets, and giving back
 * a basket held by a payment before it changes.
 *
 * The order becomes 'processing' (paid) when the provider's intent has succeeded, with the amount
 * and currency checked, exactly once, whichever path sees that intent first: the provider's event,
 * the answer to the create call (a retry with the same key answers the intent without a second
 * event), or reconciliation (`reconcile`, at start and every minute), which asks the provider about
 * every attempt not in a final state.
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  const { db, payments, baskets, orders, provider, settlement, attempts, log } = deps;

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
        await attempts.settleFromProvider(payment);
        const after = await payments.findById(payment.id);
        if (after && (after.status !== payment.status || Boolean(after.paidAt) !== Boolean(payment.paidAt))) settled++;
      } catch (error) {
        log.warn({ err: error, paymentId: payment.id }, 'could not reconcile a payment');
      }
    }
    for (const payment of await payments.staleAttempts('creating', new Date(Date.now() - creatingAge))) {
      try {
        if (!(await payments.claimStale(payment.id, creatingAge))) continue;
        await attempts.payClaimed(payment, attempts.returnUrlFor(null)).catch((error) => {
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

  async function cancelAbandoned(holdMs: number): Promise<{ cancelled: number }> {
    let cancelled = 0;
    for (const payment of await payments.staleAttempts('requires_action', new Date(Date.now() - holdMs))) {
      try {
        const after = await attempts.cancelAttempt(payment);
        if (after.status === 'canceled' || after.status === 'failed') cancelled++;
      } catch (error) {
        log.warn({ err: error, paymentId: payment.id }, 'could not cancel an abandoned payment');
      }
    }
    return { cancelled };
  }

  return {
    /** POST /api/payment/complete: after the extra step, what the provider says now. */
    async completePayment(intentId: string): Promise<OrderPlacedAnswer> {
      const payment = await payments.findByIntent(provider.name, intentId);
      if (!payment) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
      if (payment.status !== 'requires_action') return attempts.awaitOutcome(payment.id, attempts.returnUrlFor(null));
      let intent: ProviderIntent;
      try {
        intent = await provider.retrieve(intentId);
      } catch (error) {
        if (error instanceof PaymentRequestError) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
        throw new HttpError(503, PAYMENT_MESSAGES.paymentUnreachable);
      }
      if (intent.status === 'requires_action') return attempts.placedAnswer(payment);
      return attempts.applyIntent(payment.id, intent);
    },

    /** POST /api/payment/cancel-payment-intent */
    async cancelPaymentIntent(intentId: string): Promise<{
      status: 'canceled' | 'succeeded' | 'processing';
      paymentIntentId: string;
      message: string;
      orderId: string | null;
    }> {
      const payment = await payments.findByIntent(provider.name, intentId);
      if (!payment) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
      if (payment.status === 'creating') throw new HttpError(409, PAYMENT_MESSAGES.paymentInProgress);
      const after = payment.status === 'requires_action' ? await attempts.cancelAttempt(payment) : payment;
      if (after.status === 'succeeded' || after.status === 'processing') {
        const order = after.orderId ? await orders.find(db, after.orderId) : undefined;
        return {
          status: after.status,
          paymentIntentId: intentId,
          message: 'This payment has already gone through: your order is placed.',
          orderId: order?.publicRef ?? null,
        };
      }
      return { status: 'canceled', paymentIntentId: intentId, message: PAYMENT_MESSAGES.paymentCancelled, orderId: null };
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
        // The attempt and its basket, locked (basket first, as everywhere).
        const locked = intent ? await settlement.lockForIntent(tx, providerName, intent) : undefined;
        const payment = locked?.payment;
        if (!intent || !payment) {
          detail = intent ? 'no payment attempt for this intent' : 'not a payment intent event';
        } else if (event.type === 'payment_intent.succeeded') {
          if (intent.status !== 'succeeded') {
            outcome = 'rejected';
            detail = `status ${intent.status} in a succeeded event`;
          } else {
            ({ closed, outcome, detail } = await settlement.settle(tx, payment.id, intent, locked));
          }
        } else if (event.type === 'payment_intent.payment_failed' || event.type === 'payment_intent.canceled') {
          const released = await settlement.release(
            tx,
            payment.id,
            event.type === 'payment_intent.canceled' ? 'canceled' : 'failed',
            intent.lastError ?? { code: 'canceled', message: PAYMENT_MESSAGES.paymentCancelled },
            intent.id || null,
            locked,
          );
          outcome = released ? 'processed' : 'ignored';
          if (!released) detail = `attempt already ${payment.status}`;
        } else {
          detail = 'event type not used';
        }
        // Recorded as 'processed' (the usual outcome): written again only when it was another.
        if (outcome !== 'processed' || detail !== null) await payments.setEventOutcome(tx, eventRow, outcome, detail);
        return { duplicate: false, outcome };
      });
      if (closed) deps.kickMail();
      return result;
    },

    reconcile,

    /**
     * Cancels payments left waiting for an extra step longer than `holdMs` (the stock goes back):
     * the payment-holds job, every minute.
     */
    cancelAbandoned,

    /**
     * Clean-up in one call (tests): cancels abandoned payments, reconciles attempts whose outcome
     * is not recorded, deletes guest baskets untouched for `guestCartDays` that never reached
     * checkout, and empty guest baskets after `emptyGuestCartHours`. The jobs (src/jobs/) run the
     * same parts on their own schedules.
     */
    async sweep(
      holdMs: number,
      guestCartDays = 30,
      emptyGuestCartHours = EMPTY_GUEST_CART_HOURS,
    ): Promise<{ cancelled: number; retried: number; purged: number; emptyPurged: number }> {
      const purged = await baskets.purgeAbandonedGuests(new Date(Date.now() - guestCartDays * 24 * 3600_000));
      const emptyPurged = await baskets.purgeEmptyGuests(new Date(Date.now() - emptyGuestCartHours * 3600_000));
      const { cancelled } = await cancelAbandoned(holdMs);
      const { retried } = await reconcile();
      return { cancelled, retried, purged, emptyPurged };
    },

    /** For the cart domain: a basket held by a payment is given back before it changes. */
    async releaseForChanges(cart: CartRow): Promise<void> {
      const live = await payments.findLiveForCart(cart.id);
      if (!live) {
        if (cart.status === 'checkout') {
          await db.transaction(async (tx) => {
            const locked = await baskets.lock(tx, cart.id);
            if (locked?.status === 'checkout' && !(await payments.findLiveForCart(cart.id, tx))) {
              await baskets.reopen(tx, cart.id);
            }
          });
        }
        return;
      }
      if (live.status === 'creating') throw new HttpError(409, PAYMENT_MESSAGES.paymentInProgress);
      const after = live.status === 'requires_action' ? await attempts.cancelAttempt(live) : live;
      if (after.status === 'succeeded' || after.status === 'processing') {
        await attempts.closePaid(after.id);
        throw new HttpError(409, PAYMENT_MESSAGES.alreadyOrdered);
      }
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
