import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db, DbExecutor, Tx } from '../db/client';
import { paymentRefunds, payments, type RefundRowStatus } from './schema';

export type RefundRow = typeof paymentRefunds.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** Refunds that count against what is left of a payment: asked for, pending, or done. */
export const COUNTED_REFUND_STATUSES: RefundRowStatus[] = ['requested', 'pending', 'succeeded'];

/** The payment domain's refunds (table payment_refunds). */
export function createRefundStore(db: Db) {
  return {
    /** The payment that paid for an order, locked (one refund of it at a time). */
    async lockPaidPaymentOfOrder(tx: Tx, orderId: number): Promise<PaymentRow | undefined> {
      const [row] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), isNotNull(payments.paidAt)))
        .for('update')
        .limit(1);
      return row;
    },

    async findByKey(idempotencyKey: string, executor: DbExecutor = db): Promise<RefundRow | undefined> {
      const [row] = await executor.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, idempotencyKey)).limit(1);
      return row;
    },

    async findById(id: number, executor: DbExecutor = db): Promise<RefundRow | undefined> {
      const [row] = await executor.select().from(paymentRefunds).where(eq(paymentRefunds.id, id)).limit(1);
      return row;
    },

    /** Pence refunded or being refunded on a payment. */
    async countedPence(paymentId: number, executor: DbExecutor = db): Promise<number> {
      const [row] = await executor
        .select({ pence: sql<number>`coalesce(sum(${paymentRefunds.amountPence}), 0)::int` })
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.paymentId, paymentId), inArray(paymentRefunds.status, COUNTED_REFUND_STATUSES)));
      return row?.pence ?? 0;
    },

    async insert(tx: Tx, values: typeof paymentRefunds.$inferInsert): Promise<RefundRow> {
      const [row] = await tx.insert(paymentRefunds).values(values).returning();
      return row!;
    },

    async update(id: number, values: Partial<Pick<RefundRow, 'status' | 'providerRefundId' | 'failureReason'>>): Promise<RefundRow> {
      const [row] = await db
        .update(paymentRefunds)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(paymentRefunds.id, id))
        .returning();
      return row!;
    },

    /** An order's refunds, oldest first. */
    async ofOrder(orderId: number): Promise<RefundRow[]> {
      return db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId)).orderBy(paymentRefunds.id);
    },

    /** Refunds in a status since before `before` (reconciliation), oldest first. */
    async stale(status: RefundRowStatus, before: Date, limit = 50): Promise<RefundRow[]> {
      return db
        .select()
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.status, status), lt(paymentRefunds.updatedAt, before)))
        .orderBy(paymentRefunds.updatedAt)
        .limit(limit);
    },

    /** Claims a refund left 'requested' (its process died or the provider was down): true for one caller only. */
    async claimRequested(id: number, before: Date): Promise<boolean> {
      const rows = await db
        .update(paymentRefunds)
        .set({ updatedAt: new Date() })
        .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'requested'), lt(paymentRefunds.updatedAt, before)))
        .returning({ id: paymentRefunds.id });
      return rows.length > 0;
    },
  };
}

export type RefundStore = ReturnType<typeof createRefundStore>;
