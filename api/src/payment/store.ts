import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { DbExecutor as Executor, Tx } from '../db/client';
import { orders } from '../orders/schema';
import { paymentEvents, payments, type PaymentStatus } from './schema';

export type PaymentRow = typeof payments.$inferSelect;

/** Statuses of an attempt that still holds its basket (the partial unique index). */
export const LIVE_STATUSES: PaymentStatus[] = ['creating', 'requires_action', 'processing', 'succeeded'];

/** Payment attempts and provider events. */
export function createPaymentStore(db: Db) {
  return {
    async findById(id: number, executor: Executor = db): Promise<PaymentRow | undefined> {
      const [row] = await executor.select().from(payments).where(eq(payments.id, id)).limit(1);
      return row;
    },

    /**
     * An attempt with the number and reference of its order (null without one), in one statement:
     * what the shopper's answer to a placed order needs (attempts.ts answerFor).
     */
    async findWithOrder(id: number, executor: Executor = db): Promise<{ payment: PaymentRow; order: { number: string; publicRef: string } | null } | undefined> {
      const [row] = await executor
        .select({ payment: payments, number: orders.number, publicRef: orders.publicRef })
        .from(payments)
        .leftJoin(orders, eq(orders.id, payments.orderId))
        .where(eq(payments.id, id))
        .limit(1);
      if (!row) return undefined;
      return { payment: row.payment, order: row.number !== null && row.publicRef !== null ? { number: row.number, publicRef: row.publicRef } : null };
    },

    async lockById(tx: Tx, id: number): Promise<PaymentRow | undefined> {
      const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update').limit(1);
      return row;
    },

    async findByIntent(provider: string, intentId: string, executor: Executor = db): Promise<PaymentRow | undefined> {
      const [row] = await executor
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.intentId, intentId)))
        .limit(1);
      return row;
    },

    /**
     * The attempt of a provider's intent (`intentId`), and the attempt our metadata names
     * (`id`), in one statement: at most two rows, for the caller to choose (settlement.paymentForIntent).
     */
    async findByIntentOrId(provider: string, intentId: string | null, id: number | null, executor: Executor = db): Promise<PaymentRow[]> {
      const byIntent = intentId ? and(eq(payments.provider, provider), eq(payments.intentId, intentId)) : undefined;
      const byId = id !== null ? eq(payments.id, id) : undefined;
      if (!byIntent && !byId) return [];
      return executor.select().from(payments).where(or(byIntent, byId)).limit(2);
    },

    /** As findByIntentOrId, the rows locked (in id order) until the transaction ends. */
    async lockByIntentOrId(tx: Tx, provider: string, intentId: string | null, id: number | null): Promise<PaymentRow[]> {
      const byIntent = intentId ? and(eq(payments.provider, provider), eq(payments.intentId, intentId)) : undefined;
      const byId = id !== null ? eq(payments.id, id) : undefined;
      if (!byIntent && !byId) return [];
      return tx.select().from(payments).where(or(byIntent, byId)).orderBy(payments.id).limit(2).for('update');
    },

    /** Every attempt of a basket, oldest first (a basket has a few at most: one per card tried). */
    async findForCart(cartId: string, executor: Executor = db): Promise<PaymentRow[]> {
      return executor.select().from(payments).where(eq(payments.cartId, cartId)).orderBy(payments.id);
    },

    /** The attempt holding the basket, if any. */
    async findLiveForCart(cartId: string, executor: Executor = db): Promise<PaymentRow | undefined> {
      const [row] = await executor
        .select()
        .from(payments)
        .where(and(eq(payments.cartId, cartId), inArray(payments.status, LIVE_STATUSES)))
        .limit(1);
      return row;
    },

    /** The attempt that paid for a basket (an ordered basket has one). */
    async findPaidForCart(cartId: string, executor: Executor = db): Promise<PaymentRow | undefined> {
      const [row] = await executor
        .select()
        .from(payments)
        .where(and(eq(payments.cartId, cartId), inArray(payments.status, ['succeeded', 'processing'])))
        .orderBy(desc(payments.id))
        .limit(1);
      return row;
    },

    async insert(values: typeof payments.$inferInsert, executor: Executor = db): Promise<PaymentRow> {
      const [row] = await executor.insert(payments).values(values).returning();
      return row!;
    },

    async update(id: number, values: Partial<typeof payments.$inferInsert>, executor: Executor = db): Promise<void> {
      await executor
        .update(payments)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(payments.id, id));
    },

    /**
     * Claims an attempt stuck in 'creating' for longer than `olderThanMs` (its process died or
     * could not reach the provider): answers true to exactly one caller, who asks the provider
     * again with the same idempotency key.
     */
    async claimStale(id: number, olderThanMs: number): Promise<boolean> {
      const rows = await db
        .update(payments)
        .set({ updatedAt: new Date() })
        .where(
          and(
            eq(payments.id, id),
            eq(payments.status, 'creating'),
            lt(payments.updatedAt, new Date(Date.now() - olderThanMs)),
          ),
        )
        .returning({ id: payments.id });
      return rows.length > 0;
    },

    /** Lets the next confirm retry at once (after the provider could not be reached). */
    async markRetryable(id: number): Promise<void> {
      await db
        .update(payments)
        .set({ updatedAt: new Date(0) })
        .where(and(eq(payments.id, id), eq(payments.status, 'creating')));
    },

    /** Attempts in a status since before `before` (for the clean-up sweep). */
    async staleAttempts(status: PaymentStatus, before: Date, limit = 50): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.status, status), lt(payments.updatedAt, before)))
        .orderBy(payments.updatedAt)
        .limit(limit);
    },

    /**
     * Attempts with an intent whose outcome is not recorded: waiting for an extra step or
     * settling, or taken by the provider and not yet marked paid. Oldest first. Attempts marked
     * with `skipErrorCode` (a payment that did not match its order) are left to a person.
     */
    async unsettled(skipErrorCode: string, limit = 200): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(
          and(
            isNotNull(payments.intentId),
            or(
              inArray(payments.status, ['requires_action', 'processing']),
              and(eq(payments.status, 'succeeded'), isNull(payments.paidAt)),
            ),
            or(isNull(payments.errorCode), sql`${payments.errorCode} <> ${skipErrorCode}`),
          ),
        )
        .orderBy(payments.updatedAt)
        .limit(limit);
    },

    /**
     * Records an event once, with the outcome its handling is expected to have (written again in
     * the same transaction when it has another): undefined when it was recorded before (a replay).
     */
    async recordEvent(
      tx: Tx,
      event: { provider: string; eventId: string; type: string; intentId: string | null },
      expected = 'processed',
    ): Promise<number | undefined> {
      const [row] = await tx
        .insert(paymentEvents)
        .values({ ...event, outcome: expected })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      return row?.id;
    },

    async setEventOutcome(tx: Tx, id: number, outcome: string, detail: string | null): Promise<void> {
      await tx.update(paymentEvents).set({ outcome, detail }).where(eq(paymentEvents.id, id));
    },
  };
}

export type PaymentStore = ReturnType<typeof createPaymentStore>;
