import type { FastifyBaseLogger } from 'fastify';
import { formatGBP, fromPence } from '@shop/shared/pricing';
import type { Baskets } from '../cart/baskets';
import type { Stock } from '../catalog/stock';
import type { Db, DbExecutor, Tx } from '../db/client';
import { enqueueMail } from '../mail/outbox';
import { orderConfirmationMail } from '../mail/templates';
import type { OrderPlacement } from '../orders/placement';
import type { ProviderIntent } from './provider';
import type { PaymentStatus } from './schema';
import type { PaymentRow, PaymentStore } from './store';

/** Marks an attempt whose payment did not match its order: reconciliation leaves it to a person. */
export const AMOUNT_MISMATCH = 'amount_mismatch';

/** Links of the order confirmation mail (customer domain). */
export interface OrderMailLinks {
  /** Loads what the links need, before a transaction (inside one they must not query). */
  prime(): Promise<void>;
  orderUrl(orderId: number): string;
  notificationsUrl(email: string): Promise<string>;
}

export interface SettlementDeps {
  db: Db;
  payments: PaymentStore;
  baskets: Baskets;
  orders: OrderPlacement;
  stock: Stock;
  mailLinks: OrderMailLinks;
  log: FastifyBaseLogger;
}

/**
 * The state changes of a payment attempt, each in the caller's transaction, shared by checkout
 * (placing an order) and payment (provider events, completing and cancelling, reconciliation):
 * - `settle`: the provider took the payment: the order is marked paid (`markPaid`, once) and the
 *   basket closed with the confirmation mail queued (`finalize`, once);
 * - `release`: the payment failed or was cancelled: the compensation of the claim (the pending
 *   order goes, its stock comes back, the basket reopens as it was).
 * Each locks the basket row first, then the attempt, as the claim does, so they queue behind a
 * claim of the same basket and never deadlock with it.
 */
export function createSettlement(deps: SettlementDeps) {
  const { db, payments, baskets, orders, stock, log } = deps;

  /**
   * The provider took the payment (or is settling it): the basket is closed and the order
   * confirmation mail queued, once. Answers true when this call closed the basket.
   */
  async function finalize(tx: Tx, paymentId: number, intent: ProviderIntent | null): Promise<boolean> {
    const before = await payments.findById(paymentId, tx);
    if (!before) return false;
    const cart = await baskets.lock(tx, before.cartId);
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
    await baskets.closeOrdered(tx, cart.id);
    const intentId = intent?.id || payment.intentId;
    if (intentId) await orders.setPaymentReference(tx, payment.orderId, intentId);
    const orderUrl = cart.customerId ? deps.mailLinks.orderUrl(payment.orderId) : null;
    const data = await orders.confirmationMail(tx, payment.orderId, { orderUrl });
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
    const cart = await baskets.lock(tx, before.cartId);
    const payment = await payments.lockById(tx, paymentId);
    if (!payment || payment.paidAt) return false;
    if (!['creating', 'requires_action', 'processing'].includes(payment.status)) return false;
    if (payment.orderId) {
      const order = await orders.lock(tx, payment.orderId);
      if (order && order.status === 'pending') {
        await stock.giveBack(tx, await orders.heldStock(tx, order.id));
        await orders.withdraw(tx, order.id);
      }
    }
    if (cart && cart.status === 'checkout' && cart.orderId === payment.orderId) {
      await baskets.reopen(tx, cart.id);
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
    await baskets.lock(tx, before.cartId);
    const payment = await payments.lockById(tx, paymentId);
    if (!payment) return { outcome: 'ignored', detail: 'unknown payment' };
    if (payment.paidAt) return { outcome: 'ignored', detail: 'already paid' };
    const order = payment.orderId ? await orders.lock(tx, payment.orderId) : undefined;
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
  async function paymentForIntent(providerName: string, intent: ProviderIntent, executor: DbExecutor = db): Promise<PaymentRow | undefined> {
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

  return { finalize, release, settle, paymentForIntent };
}

export type Settlement = ReturnType<typeof createSettlement>;
