import type { FastifyBaseLogger } from 'fastify';
import { formatGBP, fromPence } from '@shop/shared/pricing';
import type { Db } from '../db/client';
import { faultPoint, InjectedFault } from '../faults';
import { badRequest, HttpError } from '../http-errors';
import { PaymentRequestError, type PaymentProvider, type ProviderRefund } from './provider';
import type { RefundRow, RefundStore } from './refund-store';
import type { RefundRowStatus } from './schema';

/** A refund left 'requested' this long is asked for again (its process died, or the provider was down). */
export const STALE_REFUND_MS = 30_000;

export const REFUND_MESSAGES = {
  amount: 'Enter the amount to refund in pence, a whole number of at least 1.',
  key: 'A refund needs an idempotency key (1 to 200 characters): the same key refunds once.',
  notPaid: 'This order has not been paid, so there is nothing to refund.',
  refundedInFull: 'This order has been refunded in full already.',
  tooMuch: (amount: number, paid: number, refunded: number) =>
    `Cannot refund ${gbp(amount)}: ${gbp(paid)} was paid and ${gbp(refunded)} is refunded already, so at most ${gbp(paid - refunded)} can be refunded.`,
  otherProvider: (name: string) => `This order was paid through ${name}, which no longer takes the shop's payments: refund it there.`,
  keyReused: 'This idempotency key was used for a different refund (another order or amount): use a new key for a new refund.',
  unreachable: 'The payment provider could not be reached, so the refund is not confirmed yet. It will be retried automatically; nothing will be refunded twice.',
} as const;

const gbp = (pence: number) => formatGBP(fromPence(pence));

export interface RefundRequest {
  /** The order (orders.id) whose payment is refunded. */
  orderId: number;
  /** Pence to refund: the whole payment or part of it. */
  amountPence: number;
  /** The caller's key for this refund (e.g. the back office's action id): the same key refunds once. */
  idempotencyKey: string;
  reason?: 'requested_by_customer' | 'duplicate' | 'fraudulent';
}

export interface RefundAnswer {
  /** payment_refunds.id */
  refundId: number;
  /** 'succeeded'; 'pending' (the provider finishes it later; reconciliation records it); 'failed' | 'canceled'. */
  status: RefundRowStatus;
  amountPence: number;
  /** What the order's payment took. */
  paidPence: number;
  /** Refunded or being refunded on that payment, this refund included. */
  refundedPence: number;
  /** What can still be refunded. */
  refundablePence: number;
  provider: string;
  providerRefundId: string | null;
  failureReason: string | null;
}

export interface RefundsDeps {
  db: Db;
  store: RefundStore;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}

/**
 * Refunds of paid orders: the payment domain's entry point for the back office (README, "Adding a
 * payment provider" / "Refunds"). A refund is recorded ('requested') in the same transaction that
 * checks what is left to refund (the payment row locked, so two refunds of one order queue up),
 * then the provider is asked with an idempotency key derived from the caller's, then its outcome
 * recorded. A process that dies in between, or a provider that cannot be reached, leaves the
 * refund 'requested': `reconcile` asks again with the same key (the provider refunds once), and
 * settles 'pending' refunds when the provider has finished them.
 */
export function createRefunds({ db, store, provider, log }: RefundsDeps) {
  const providerKey = (row: RefundRow) => `refund-${row.idempotencyKey}`;

  async function answer(row: RefundRow, paidPence: number): Promise<RefundAnswer> {
    const refundedPence = await store.countedPence(row.paymentId);
    return {
      refundId: row.id,
      status: row.status,
      amountPence: row.amountPence,
      paidPence,
      refundedPence,
      refundablePence: Math.max(0, paidPence - refundedPence),
      provider: row.provider,
      providerRefundId: row.providerRefundId,
      failureReason: row.failureReason,
    };
  }

  const recordOutcome = (row: RefundRow, refund: ProviderRefund) =>
    store.update(row.id, { status: refund.status, providerRefundId: refund.id, failureReason: refund.failureReason });

  /** Asks the provider for a recorded refund (again, with the same key) and records what it says. */
  async function askProvider(row: RefundRow, intentId: string): Promise<RefundRow> {
    try {
      const refund = await provider.refund({
        intentId,
        amountPence: row.amountPence,
        idempotencyKey: providerKey(row),
        ...(row.reason ? { reason: row.reason as NonNullable<RefundRequest['reason']> } : {}),
        metadata: { refund_id: String(row.id), ...(row.orderId ? { order_id: String(row.orderId) } : {}) },
      });
      faultPoint('refund.before-outcome');
      return await recordOutcome(row, refund);
    } catch (error) {
      if (error instanceof InjectedFault) throw error;
      if (error instanceof PaymentRequestError) {
        // The provider refused it as asked (e.g. refunded elsewhere meanwhile): nothing was refunded.
        await store.update(row.id, { status: 'failed', failureReason: error.message });
        log.warn({ refundId: row.id, code: error.code, reason: error.message }, 'refund refused by the payment provider');
        throw new HttpError(409, `The payment provider refused the refund: ${error.message}`);
      }
      log.warn({ err: error, refundId: row.id }, 'refund not confirmed: the provider could not be reached (reconciliation retries it)');
      throw new HttpError(503, REFUND_MESSAGES.unreachable);
    }
  }

  return {
    /**
     * Refunds `amountPence` of the payment that paid order `orderId`, once per `idempotencyKey`:
     * a repeated call with the same key and amount answers the same refund (finishing it if it was
     * left unconfirmed) and refunds nothing more. Refuses (HttpError, the field named) an amount
     * that is not a positive whole number of pence or more than is left, an unpaid order (409),
     * and a key reused for another refund (409); 503 when the provider cannot be reached (the
     * refund stays recorded and reconciliation finishes it).
     */
    async refundOrderPayment(request: RefundRequest): Promise<RefundAnswer> {
      const { orderId, amountPence, idempotencyKey } = request;
      if (!Number.isSafeInteger(amountPence) || amountPence < 1) throw badRequest(REFUND_MESSAGES.amount, 'amountPence');
      if (typeof idempotencyKey !== 'string' || idempotencyKey.length < 1 || idempotencyKey.length > 200) {
        throw badRequest(REFUND_MESSAGES.key, 'idempotencyKey');
      }
      const { row, payment, fresh } = await db.transaction(async (tx) => {
        const payment = await store.lockPaidPaymentOfOrder(tx, orderId);
        const existing = await store.findByKey(idempotencyKey, tx);
        if (existing) {
          if (existing.orderId !== orderId || existing.amountPence !== amountPence) throw new HttpError(409, REFUND_MESSAGES.keyReused, 'idempotencyKey');
          return { row: existing, payment, fresh: false };
        }
        if (!payment || !payment.intentId) throw new HttpError(409, REFUND_MESSAGES.notPaid);
        if (payment.provider !== provider.name) throw new HttpError(409, REFUND_MESSAGES.otherProvider(payment.provider));
        const refunded = await store.countedPence(payment.id, tx);
        if (refunded >= payment.amountPence) throw new HttpError(409, REFUND_MESSAGES.refundedInFull);
        if (amountPence > payment.amountPence - refunded) {
          throw badRequest(REFUND_MESSAGES.tooMuch(amountPence, payment.amountPence, refunded), 'amountPence');
        }
        const row = await store.insert(tx, {
          paymentId: payment.id,
          orderId,
          provider: payment.provider,
          idempotencyKey,
          amountPence,
          currency: payment.currency,
          status: 'requested',
          reason: request.reason ?? null,
        });
        return { row, payment, fresh: true };
      });
      if (!payment?.intentId) throw new HttpError(409, REFUND_MESSAGES.notPaid);
      // A repeat of a refund already answered by the provider: the same answer, nothing more refunded.
      if (!fresh && row.status !== 'requested') return answer(row, payment.amountPence);
      faultPoint('refund.after-record');
      const done = await askProvider(row, payment.intentId);
      log.info({ refundId: done.id, orderId, amountPence, status: done.status }, 'refund recorded');
      return answer(done, payment.amountPence);
    },

    /** An order's refunds, oldest first (for the back office's order page). */
    refundsOf: (orderId: number) => store.ofOrder(orderId),

    /**
     * Refunds without a final outcome: those left 'requested' for STALE_REFUND_MS are asked for
     * again with their key; 'pending' ones are read back from the provider. Run with payment
     * reconciliation (jobs).
     */
    async reconcile(): Promise<{ retried: number; settled: number }> {
      let retried = 0;
      let settled = 0;
      const before = new Date(Date.now() - STALE_REFUND_MS);
      for (const row of await store.stale('requested', before)) {
        try {
          if (!(await store.claimRequested(row.id, before))) continue;
          const payment = await db.transaction((tx) => store.lockPaidPaymentOfOrder(tx, row.orderId ?? -1));
          if (!payment?.intentId) {
            await store.update(row.id, { status: 'failed', failureReason: 'The payment of this order is gone.' });
            continue;
          }
          await askProvider(row, payment.intentId).catch((error) => {
            if (!(error instanceof HttpError)) throw error;
          });
          retried++;
        } catch (error) {
          log.warn({ err: error, refundId: row.id }, 'could not retry a refund');
        }
      }
      for (const row of await store.stale('pending', new Date())) {
        try {
          if (!row.providerRefundId) continue;
          const refund = await provider.retrieveRefund(row.providerRefundId);
          if (refund.status !== row.status) {
            await recordOutcome(row, refund);
            settled++;
          }
        } catch (error) {
          log.warn({ err: error, refundId: row.id }, 'could not reconcile a refund');
        }
      }
      return { retried, settled };
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
