import type { FastifyBaseLogger } from 'fastify';
import { formatGBP, fromPence } from '@shop/shared/pricing';
import type { Baskets } from '../cart/baskets';
import type { CartRow } from '../cart/store';
import type { Stock } from '../catalog/stock';
import type { Db, DbExecutor, Tx } from '../db/client';
import { enqueueMail } from '../mail/outbox';
import { orderConfirmationMail } from '../mail/templates';
import type { OrderPlacement, OrderRow } from '../orders/placement';
import type { OrderMailParts } from '../orders/store';
import type { ProviderIntent } from './provider';
import type { PaymentStatus, payments as paymentsTable } from './schema';
import type { PaymentRow, PaymentStore } from './store';

/** An attempt and its basket, locked in that order in the caller's transaction. */
export interface LockedAttempt {
  cart: CartRow | undefined;
  payment: PaymentRow;
}

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
 * - `settle`: the provider took the payment: the order is marked paid (once) and the basket
 *   closed with the confirmation mail queued (once); `finalize` closes it without an intent;
 * - `release`: the payment failed or was cancelled: the compensation of the claim (the pending
 *   order goes, its stock comes back, the basket reopens as it was).
 * Each locks the basket row first, then the attempt, as the claim does, so they queue behind a
 * claim of the same basket and never deadlock with it.
 */
export function createSettlement(deps: SettlementDeps) {
  const { db, payments, baskets, orders, stock, log } = deps;

  /**
   * The attempt's basket and the attempt, locked in that order (as the claim locks them). `locked`:
   * both as the caller locked them in this transaction (lockForIntent), so they are not read again.
   */
  async function lockAttempt(tx: Tx, paymentId: number, locked?: LockedAttempt): Promise<LockedAttempt | undefined> {
    if (locked?.payment.id === paymentId) return locked;
    const cartId = (await payments.findById(paymentId, tx))?.cartId;
    if (!cartId) return undefined;
    const cart = await baskets.lock(tx, cartId);
    const payment = await payments.lockById(tx, paymentId);
    return payment ? { cart, payment } : undefined;
  }

  /** The basket of a locked attempt closed as ordered and the confirmation mail queued (the order row when the caller has it). */
  async function closeBasket(tx: Tx, cart: CartRow, orderId: number, order?: { order: OrderRow; mail: OrderMailParts }): Promise<void> {
    await baskets.closeOrdered(tx, cart.id);
    const orderUrl = cart.customerId ? deps.mailLinks.orderUrl(orderId) : null;
    const data = await orders.confirmationMail(tx, orderId, { orderUrl }, order?.order, order?.mail);
    const mail = orderConfirmationMail({ ...data, notificationsUrl: await deps.mailLinks.notificationsUrl(data.to) });
    await enqueueMail(tx, mail);
  }

  /**
   * The provider took the payment (no intent at hand: the attempt's status stands): the basket is
   * closed and the order confirmation mail queued, once. Answers true when this call closed it.
   */
  async function finalize(tx: Tx, paymentId: number): Promise<boolean> {
    const locked = await lockAttempt(tx, paymentId);
    if (!locked?.cart) return false;
    const { cart, payment } = locked;
    if (!payment.orderId || payment.status === 'failed' || payment.status === 'canceled') return false;
    if (cart.status !== 'checkout' || cart.orderId !== payment.orderId) return false;
    if (payment.intentId) await orders.recordPayment(tx, payment.orderId, { status: null, paymentReference: payment.intentId });
    await closeBasket(tx, cart, payment.orderId);
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
    known?: LockedAttempt,
  ): Promise<boolean> {
    const locked = await lockAttempt(tx, paymentId, known);
    if (!locked || locked.payment.paidAt) return false;
    const { cart, payment } = locked;
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

  /**
   * The provider took (or is settling) the payment of an attempt, whichever path sees its intent
   * first (its event, the answer to the create call, reconciliation), in the caller's transaction:
   * - paid (a succeeded intent): amount and currency checked, the attempt marked paid and the order
   *   'processing', once (`paid_at`); a mismatch is recorded and left to a person (rejected);
   * - the attempt takes the intent's status, and the basket is closed with the confirmation mail
   *   queued, once. Answers whether this call closed the basket.
   * Each row is written once: the attempt's changes in one update, the order's in one statement.
   * `known`: the attempt and its basket as the caller locked them in this transaction (not read again).
   */
  async function settle(tx: Tx, paymentId: number, intent: ProviderIntent, known?: LockedAttempt): Promise<{ closed: boolean; outcome: string; detail: string | null }> {
    const succeeded = intent.status === 'succeeded';
    const locked = await lockAttempt(tx, paymentId, known);
    if (!locked) return { closed: false, outcome: succeeded ? 'ignored' : 'processed', detail: succeeded ? 'unknown payment' : null };
    const { cart, payment } = locked;
    const changes: Partial<typeof paymentsTable.$inferInsert> = {};
    let result: { outcome: string; detail: string | null } = { outcome: 'processed', detail: null };
    let paying: { order: OrderRow; mail: OrderMailParts } | undefined;
    let paidNote: string | null = null;

    if (succeeded && payment.paidAt) {
      result = { outcome: 'ignored', detail: 'already paid' };
    } else if (succeeded) {
      // The order locked, with its mail's lines and address (the basket closes below, once).
      paying = payment.orderId ? await orders.lockForPayment(tx, payment.orderId) : undefined;
      const order = paying?.order;
      if (!order) {
        log.error({ paymentId, intentId: intent.id }, 'payment succeeded for an attempt without an order: refund it');
        return { closed: false, outcome: 'rejected', detail: 'no order for this payment (released): needs a refund' };
      }
      const currency = intent.currency.toLowerCase();
      if (intent.amount !== payment.amountPence || intent.amount !== order.grandTotalPence || currency !== 'gbp' || payment.currency !== 'gbp') {
        const detail = `amount/currency mismatch: paid ${intent.amount} ${currency}, order ${order.grandTotalPence} gbp, attempt ${payment.amountPence} ${payment.currency}`;
        log.error({ paymentId, orderId: order.id, intentId: intent.id }, `payment rejected: ${detail}`);
        await orders.setStatus(tx, order.id, order.status, `Payment ${intent.id} NOT accepted: ${detail}. Check the payment before shipping.`);
        await payments.update(payment.id, { errorCode: AMOUNT_MISMATCH, errorMessage: detail }, tx);
        return { closed: false, outcome: 'rejected', detail };
      }
      Object.assign(changes, { paidAt: new Date(), intentId: intent.id || payment.intentId, errorCode: null, errorMessage: null });
      if (order.status === 'pending') {
        paidNote = `Payment of ${formatGBP(fromPence(intent.amount))} received (${payment.provider === 'test' ? 'offline test provider, no money taken' : payment.provider} ${intent.id}).`;
      }
    }

    // The attempt takes the provider's status; its basket closes (once).
    let closing = false;
    if (cart && payment.orderId && payment.status !== 'failed' && payment.status !== 'canceled') {
      const status: PaymentStatus = intent.status === 'processing' ? 'processing' : 'succeeded';
      if (payment.status === 'creating' || payment.status === 'requires_action' || (payment.status === 'processing' && status === 'succeeded')) {
        Object.assign(changes, {
          status,
          intentId: intent.id || payment.intentId,
          cardBrand: intent.card?.brand ?? null,
          cardLast4: intent.card?.last4 ?? null,
          redirectUrl: null,
        });
      }
      closing = cart.status === 'checkout' && cart.orderId === payment.orderId;
    }
    if (Object.keys(changes).length > 0) await payments.update(payment.id, changes, tx);
    const reference = closing ? intent.id || payment.intentId : null;
    if (payment.orderId && (paidNote || reference)) {
      await orders.recordPayment(tx, payment.orderId, { status: paidNote ? { status: 'processing', comment: paidNote } : null, paymentReference: reference });
    }
    if (closing) await closeBasket(tx, cart!, payment.orderId!, paying);
    return { closed: closing, ...result };
  }

  /** The attempt our metadata on an intent names (payment_id), if a valid id. */
  function metadataPaymentId(intent: ProviderIntent): number | null {
    const metaId = Number(intent.metadata?.payment_id);
    return Number.isSafeInteger(metaId) && metaId > 0 ? metaId : null;
  }

  /** Finds our attempt for a provider intent: by its id, else by the metadata we gave it (one statement). */
  async function paymentForIntent(providerName: string, intent: ProviderIntent, executor: DbExecutor = db): Promise<PaymentRow | undefined> {
    const id = metadataPaymentId(intent);
    return chooseForIntent(await payments.findByIntentOrId(providerName, intent.id || null, id, executor), providerName, intent, id);
  }

  /**
   * An event's attempt and its basket, locked in the one order (basket, then attempt) for settle or
   * release: the basket our metadata names (cart_id) is locked first, then the attempts found as
   * paymentForIntent finds them, in two statements. When the attempt chosen is not of that basket
   * (metadata we did not write), as paymentForIntent then lockAttempt.
   */
  async function lockForIntent(tx: Tx, providerName: string, intent: ProviderIntent): Promise<LockedAttempt | undefined> {
    const id = metadataPaymentId(intent);
    const cartId = intent.metadata?.cart_id;
    if (id !== null && cartId) {
      const cart = await baskets.lock(tx, cartId);
      const payment = chooseForIntent(await payments.lockByIntentOrId(tx, providerName, intent.id || null, id), providerName, intent, id);
      if (!payment) return undefined;
      if (payment.cartId === cartId) return { cart, payment };
    }
    const payment = await paymentForIntent(providerName, intent, tx);
    return payment ? lockAttempt(tx, payment.id) : undefined;
  }

  /** Of the attempts found for an intent (by its id, by our metadata's `id`), ours: the rules of paymentForIntent. */
  function chooseForIntent(found: PaymentRow[], providerName: string, intent: ProviderIntent, id: number | null): PaymentRow | undefined {
    const byIntent = intent.id ? found.find((p) => p.provider === providerName && p.intentId === intent.id) : undefined;
    if (byIntent) return byIntent;
    const byMeta = found.find((p) => p.id === id);
    if (!byMeta || byMeta.provider !== providerName) return undefined;
    if (byMeta.intentId && intent.id && byMeta.intentId !== intent.id) return undefined;
    if (intent.metadata.cart_id && intent.metadata.cart_id !== byMeta.cartId) return undefined;
    return byMeta;
  }

  return { finalize, release, settle, paymentForIntent, lockForIntent };
}

export type Settlement = ReturnType<typeof createSettlement>;
