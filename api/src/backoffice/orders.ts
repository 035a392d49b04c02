import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  type AdminOrderDetail,
  type AdminOrderSummary,
  type CancelRequest,
  type CommentRequest,
  type RefundRequest,
  type ShipRequest,
} from '@shop/shared/backoffice';
import { paymentMethodTitle } from '@shop/shared/schemas';
import { createStock } from '../catalog/stock';
import { outer } from '../db/outer';
import { readAll, type Db, type Tx } from '../db/client';
import { faultPoint } from '../faults';
import { HttpError, notFound } from '../http-errors';
import type { Outbox } from '../mail/outbox';
import { orderAddresses, orderLines, orders, orderStatusHistory } from '../orders/schema';
import type { OrdersStore } from '../orders/store';
import { formatGBP, fromPence } from '@shop/shared/pricing';
import { REFUND_MESSAGES, type Refunds } from '../payment/refunds';
import { paymentRefunds, payments } from '../payment/schema';
import { escapeLike, type ActivityLog, type Actor } from './activity';
import { orderCancelledMail, orderCommentMail, orderRefundedMail, shippedMail } from './mails';
import { orderComments, shipmentLines, shipments } from '../orders/fulfilment-schema';

export const ORDER_NOT_FOUND = 'This order does not exist.';

/** Whether an order was paid: the provider's event set paid_at on one of its payments. */
const paidExists = sql<boolean>`exists (select 1 from ${payments} p where p.order_id = ${outer(orders.id)} and p.paid_at is not null)`;

/**
 * The payment domain's refunds (payment/refunds.ts): the Refund action and the cancel of a paid
 * order go through refundOrderPayment. Without them (a composition without payments) a paid order
 * is neither refunded nor cancelled here (the money would stay taken).
 */
export type OrderRefunds = Pick<Refunds, 'refundOrderPayment' | 'refundsOf'>;

/** Refunds still counting against the payment (as the payment domain counts them). */
const COUNTED = new Set(['requested', 'pending', 'succeeded']);
const gbp = (pence: number) => formatGBP(fromPence(pence));
/** The payment domain's key of the refund a back-office action makes (one refund per action). */
const refundKey = (requestKey: string) => `backoffice-${requestKey}`;

interface Deps {
  db: Db;
  ordersStore: OrdersStore;
  activity: ActivityLog;
  outbox: Outbox;
  /** The customer's order page (accounts only). */
  accountOrderUrl: (orderId: number) => string;
  refunds?: OrderRefunds;
}

/** The back office's orders: list, detail, and the actions ship, comment and cancel. */
export function createOrderAdmin({ db, ordersStore, activity, outbox, accountOrderUrl, refunds }: Deps) {
  const stock = createStock();

  async function detail(orderId: number, executor: Db | Tx = db): Promise<AdminOrderDetail> {
    const order = await ordersStore.findById(orderId, executor);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const [lines, addresses, history, comments, shipped, lineShipped, pays, refundRows] = await readAll(executor, [
      () => executor.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position)),
      () => executor.select().from(orderAddresses).where(eq(orderAddresses.orderId, orderId)),
      () => executor.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(asc(orderStatusHistory.id)),
      () => executor.select().from(orderComments).where(eq(orderComments.orderId, orderId)).orderBy(asc(orderComments.id)),
      () => executor.select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(asc(shipments.id)),
      () =>
        executor
          .select({ shipmentId: shipmentLines.shipmentId, lineId: shipmentLines.orderLineId, qty: shipmentLines.qty })
          .from(shipmentLines)
          .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
          .where(eq(shipments.orderId, orderId)),
      () => executor.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id)),
      () => (refunds ? refunds.refundsOf(orderId) : Promise.resolve([])),
    ]);
    const refundedPence = refundRows.filter((r) => COUNTED.has(r.status)).reduce((sum, r) => sum + r.amountPence, 0);
    const shippedQty = new Map<number, number>();
    for (const s of lineShipped) shippedQty.set(s.lineId, (shippedQty.get(s.lineId) ?? 0) + s.qty);
    const lineById = new Map(lines.map((l) => [l.id, l]));
    const paid = pays.filter((p) => p.paidAt);
    const paidPence = paid.reduce((sum, p) => sum + p.amountPence, 0);
    const latest = paid[0] ?? pays[0];
    const address = (type: 'shipping' | 'billing') => {
      const a = addresses.find((x) => x.type === type);
      return a
        ? { firstname: a.firstname, lastname: a.lastname, company: a.company, street: a.street, city: a.city, region: a.region, postcode: a.postcode, country_id: a.countryId, telephone: a.telephone }
        : null;
    };
    const anyShipped = lineShipped.length > 0;
    const closed = order.status === 'closed';
    const allShipped = lines.every((l) => (shippedQty.get(l.id) ?? 0) >= l.qty);
    return {
      id: order.id,
      number: order.number,
      created_at: order.createdAt.toISOString(),
      status: order.status,
      payment_state: paidPence > 0 ? 'paid' : 'unpaid',
      email: order.email,
      customer: { id: order.customerId, firstname: order.customerFirstname, lastname: order.customerLastname, guest: order.customerId === null },
      subtotal_pence: order.subtotalPence,
      discount_pence: order.discountPence,
      shipping_pence: order.shippingPence,
      tax_pence: order.taxPence,
      grand_total_pence: order.grandTotalPence,
      shipping_description: order.shippingDescription,
      customer_note: order.customerNote,
      payment: {
        method: order.paymentMethod,
        title: paymentMethodTitle(order.paymentMethod, order.paymentMethodType),
        provider: latest?.provider ?? null,
        reference: latest?.intentId ?? order.paymentReference,
        paid_pence: paidPence,
        refunded_pence: refundedPence,
        refunds: refundRows.map((r) => ({ id: r.id, amount_pence: r.amountPence, status: r.status, failure_reason: r.failureReason, created_at: r.createdAt.toISOString() })),
      },
      lines: lines.map((l) => ({
        id: l.id,
        sku: l.sku,
        name: l.name,
        qty: l.qty,
        qty_shipped: shippedQty.get(l.id) ?? 0,
        unit_price_pence: l.unitPricePence,
        vat_pence: l.vatPence,
        row_total_pence: l.rowTotalPence,
        options: l.options,
      })),
      shipping_address: address('shipping'),
      billing_address: address('billing'),
      shipments: shipped.map((s) => ({
        id: s.id,
        carrier: s.carrier,
        tracking_number: s.trackingNumber,
        created_at: s.createdAt.toISOString(),
        lines: lineShipped
          .filter((x) => x.shipmentId === s.id)
          .map((x) => ({ line_id: x.lineId, sku: lineById.get(x.lineId)?.sku ?? '', name: lineById.get(x.lineId)?.name ?? '', qty: x.qty })),
      })),
      history: [
        ...history.map((h) => ({ kind: 'status' as const, status: h.status, comment: h.comment, visible_to_customer: true, by: null, created_at: h.createdAt.toISOString(), at: h.createdAt.getTime() })),
        ...comments.map((c) => ({ kind: 'comment' as const, status: null, comment: c.body, visible_to_customer: c.visibleToCustomer, by: c.staffEmail, created_at: c.createdAt.toISOString(), at: c.createdAt.getTime() })),
      ]
        .sort((a, b) => a.at - b.at)
        .map(({ at: _at, ...entry }) => entry),
      can_ship: order.status === 'processing' && !allShipped && !closed,
      can_cancel: order.status === 'processing' && !anyShipped,
      can_refund: Boolean(refunds) && paidPence > refundedPence,
      closed,
    };
  }

  /**
   * Runs one action in a transaction that locks the order first: a second call with the same
   * request key (a double click, a retry) waits for the first, finds its log row and does nothing.
   */
  async function act(orderId: number, requestKey: string, work: (tx: Tx, order: NonNullable<Awaited<ReturnType<OrdersStore['lockOrder']>>>) => Promise<void>) {
    const done = await db.transaction(async (tx) => {
      const order = await ordersStore.lockOrder(tx, orderId);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      if (await activity.alreadyDone(tx, requestKey)) return false;
      await work(tx, order);
      return true;
    });
    if (done) outbox.kick();
    return { done, order: await detail(orderId) };
  }

  /**
   * A check that refused a request the same request key has just done (a double click whose twin
   * committed between this one's first look and its check) answers as that request did; any
   * other refusal stands.
   */
  async function unlessJustDone(orderId: number, requestKey: string, error: unknown) {
    if (await activity.alreadyDone(db, requestKey)) return { done: false, order: await detail(orderId) };
    throw error;
  }

  const orderUrl = (customerId: number | null, orderId: number) => (customerId ? accountOrderUrl(orderId) : null);

  return {
    detail,

    async list(query: { page: number; pageSize: number; q?: string | undefined; status?: string | undefined; payment?: string | undefined; from?: string | undefined; to?: string | undefined; customerId?: number }) {
      const where: SQL[] = [];
      if (query.customerId !== undefined) where.push(eq(orders.customerId, query.customerId));
      if (query.status) where.push(eq(orders.status, query.status as (typeof orders.status.enumValues)[number]));
      if (query.payment === 'paid') where.push(paidExists);
      if (query.payment === 'unpaid') where.push(sql`not ${paidExists}`);
      if (query.from) where.push(gte(orders.createdAt, sql`${query.from}::date`));
      if (query.to) where.push(lt(orders.createdAt, sql`${query.to}::date + 1`));
      if (query.q) {
        const q = query.q.trim();
        const like = `%${escapeLike(q)}%`;
        const compact = `%${escapeLike(q.replace(/\s+/g, ''))}%`;
        where.push(sql`(${orders.number} = ${q} or ${orders.email} ilike ${like}
          or (${orders.customerFirstname} || ' ' || ${orders.customerLastname}) ilike ${like}
          or exists (select 1 from ${orderAddresses} a where a.order_id = ${outer(orders.id)}
            and (replace(a.postcode, ' ', '') ilike ${compact} or (a.firstname || ' ' || a.lastname) ilike ${like})))`);
      }
      const condition = where.length ? and(...where) : undefined;
      const [total] = await db.select({ n: count() }).from(orders).where(condition);
      const rows = await db
        .select({
          id: orders.id,
          number: orders.number,
          createdAt: orders.createdAt,
          status: orders.status,
          paid: paidExists,
          email: orders.email,
          firstname: orders.customerFirstname,
          lastname: orders.customerLastname,
          grandTotalPence: orders.grandTotalPence,
          taxPence: orders.taxPence,
          postcode: sql<string | null>`(select a.postcode from ${orderAddresses} a where a.order_id = ${outer(orders.id)} and a.type = 'shipping')`,
        })
        .from(orders)
        .where(condition)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      const items: AdminOrderSummary[] = rows.map((r) => ({
        id: r.id,
        number: r.number,
        created_at: r.createdAt.toISOString(),
        status: r.status,
        payment_state: r.paid ? 'paid' : 'unpaid',
        email: r.email,
        name: `${r.firstname} ${r.lastname}`,
        postcode: r.postcode,
        grand_total_pence: r.grandTotalPence,
        tax_pence: r.taxPence,
      }));
      return { items, totalCount: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
    },

    /** A parcel: the lines and quantities in it; complete when every unit has shipped. */
    async ship(orderId: number, request: ShipRequest, actor: Actor) {
      return act(orderId, request.requestKey, async (tx, order) => {
        if (order.status !== 'processing') {
          throw new HttpError(409, order.status === 'pending' ? 'This order is not paid yet, so it cannot be shipped.' : `This order is ${order.status}: there is nothing left to ship.`);
        }
        const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
        const shippedRows = await tx
          .select({ lineId: shipmentLines.orderLineId, qty: sql<number>`sum(${shipmentLines.qty})::int` })
          .from(shipmentLines)
          .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
          .where(eq(shipments.orderId, orderId))
          .groupBy(shipmentLines.orderLineId);
        const shipped = new Map(shippedRows.map((r) => [r.lineId, Number(r.qty)]));
        const wanted = new Map<number, number>();
        for (const l of request.lines) wanted.set(l.lineId, (wanted.get(l.lineId) ?? 0) + l.qty);
        for (const [lineId, qty] of wanted) {
          const line = lines.find((l) => l.id === lineId);
          if (!line) throw new HttpError(400, `Line ${lineId} is not in this order.`, 'lines');
          const left = line.qty - (shipped.get(lineId) ?? 0);
          if (qty > left) throw new HttpError(409, `Only ${left} of ${line.name} ${left === 1 ? 'is' : 'are'} left to ship.`);
        }
        const [shipment] = await tx
          .insert(shipments)
          .values({ orderId, carrier: request.carrier, trackingNumber: request.trackingNumber, staffId: actor.id })
          .returning();
        await tx.insert(shipmentLines).values([...wanted].map(([orderLineId, qty]) => ({ shipmentId: shipment!.id, orderLineId, qty })));
        const complete = lines.every((l) => (shipped.get(l.id) ?? 0) + (wanted.get(l.id) ?? 0) >= l.qty);
        const note = `Shipped with ${request.carrier}, tracking number ${request.trackingNumber}.`;
        await ordersStore.setStatus(tx, orderId, complete ? 'complete' : 'processing', note, true);
        const shippedLines = [...wanted].map(([lineId, qty]) => ({ name: lines.find((l) => l.id === lineId)!.name, qty }));
        await outbox.enqueue(
          tx,
          shippedMail({
            to: order.email,
            firstname: order.customerFirstname,
            number: order.number,
            orderUrl: orderUrl(order.customerId, orderId),
            carrier: request.carrier,
            trackingNumber: request.trackingNumber,
            lines: shippedLines,
            complete,
          }),
        );
        await activity.record(tx, actor, {
          action: 'order.ship',
          targetType: 'order',
          targetId: order.number,
          before: { status: order.status },
          after: { status: complete ? 'complete' : 'processing', shipment: { id: shipment!.id, carrier: request.carrier, trackingNumber: request.trackingNumber, lines: [...wanted].map(([lineId, qty]) => ({ lineId, qty })) } },
          requestKey: request.requestKey,
        });
      });
    },

    async comment(orderId: number, request: CommentRequest, actor: Actor) {
      return act(orderId, request.requestKey, async (tx, order) => {
        const [row] = await tx
          .insert(orderComments)
          .values({ orderId, body: request.body, visibleToCustomer: request.notifyCustomer, staffId: actor.id, staffEmail: actor.email })
          .returning();
        if (request.notifyCustomer) {
          await outbox.enqueue(
            tx,
            orderCommentMail({ to: order.email, firstname: order.customerFirstname, number: order.number, orderUrl: orderUrl(order.customerId, orderId), comment: request.body }),
          );
        }
        await activity.record(tx, actor, {
          action: request.notifyCustomer ? 'order.comment.customer' : 'order.comment.internal',
          targetType: 'order',
          targetId: order.number,
          before: null,
          after: { commentId: row!.id, body: request.body, notifyCustomer: request.notifyCustomer },
          requestKey: request.requestKey,
        });
      });
    },

    /**
     * A refund, full or partial, through the payment domain (which refuses more than is left and
     * an unpaid order, and refunds once per key), then recorded: status-history comment, activity
     * log, the customer's mail. The provider is asked outside the order's transaction; a retry of
     * the same request key after a failure in between records it without refunding again.
     */
    async refund(orderId: number, request: RefundRequest, actor: Actor) {
      if (!refunds) throw new HttpError(409, 'Refunds cannot be made from the back office here: no payment provider is configured.');
      if (await activity.alreadyDone(db, request.requestKey)) return { done: false, order: await detail(orderId) };
      const before = await detail(orderId);
      let amountPence: number;
      try {
        if (before.payment.paid_pence === 0) throw new HttpError(409, REFUND_MESSAGES.notPaid);
        amountPence = refundAmount(before, request);
      } catch (error) {
        return unlessJustDone(orderId, request.requestKey, error);
      }
      const answer = await refunds.refundOrderPayment({ orderId, amountPence, idempotencyKey: refundKey(request.requestKey), reason: 'requested_by_customer' });
      if (answer.status === 'failed' || answer.status === 'canceled') {
        throw new HttpError(409, `The payment provider did not make the refund${answer.failureReason ? `: ${answer.failureReason}` : '.'}`);
      }
      faultPoint('refund.before-order-record');
      const pending = answer.status !== 'succeeded';
      const full = answer.refundablePence === 0;
      return act(orderId, request.requestKey, async (tx, order) => {
        // Refunded in full and confirmed: the order is closed (Magento's state). A pending full
        // refund closes it when reconciliation sees it succeed (closeRefundedOrders).
        // (Already closed: reconciliation saw the refund succeed before this request was recorded.)
        const closes = full && !pending && order.status !== 'cancelled' && order.status !== 'closed';
        const status = closes ? 'closed' : order.status;
        const note =
          `Refunded ${gbp(amountPence)}${pending ? ' (pending: the payment provider has not confirmed it yet)' : ''}.` +
          `${closes ? ' Refunded in full: the order is closed.' : full && pending ? ' Refunded in full: the order closes once the payment provider confirms it.' : ''}` +
          `${request.reason ? ` ${request.reason}` : ''}`;
        await ordersStore.setStatus(tx, orderId, status, note, true);
        await outbox.enqueue(
          tx,
          orderRefundedMail({ to: order.email, firstname: order.customerFirstname, number: order.number, orderUrl: orderUrl(order.customerId, orderId), amountPence, full, pending, reason: request.reason || null }),
        );
        await activity.record(tx, actor, {
          action: 'order.refund',
          targetType: 'order',
          targetId: order.number,
          before: { status: order.status, paidPence: before.payment.paid_pence, refundedPence: before.payment.refunded_pence },
          after: {
            status,
            refund: { id: answer.refundId, amountPence, status: answer.status, lines: request.lines ?? null, includeDelivery: request.includeDelivery },
            refundedPence: answer.refundedPence,
            closed: closes,
          },
          requestKey: request.requestKey,
        });
      });
    },

    /**
     * Orders whose payment is refunded in full, the last refund confirmed after the staff member
     * asked for it (a pending refund settled by reconciliation): closed, with a status-history
     * line. Run by the payment-reconcile job after refunds are reconciled; running it twice, or in
     * two processes at once, closes each order once (the order is locked and checked again).
     */
    async closeRefundedOrders(): Promise<number> {
      // Driven by the (few) orders with a succeeded refund; each one's paid total is read by its
      // own index (payments_order_idx), so the every-minute job does not scan every payment.
      const refunded = db
        .select({ orderId: paymentRefunds.orderId, pence: sql<number>`sum(${paymentRefunds.amountPence})::int`.as('refunded_pence') })
        .from(paymentRefunds)
        .where(eq(paymentRefunds.status, 'succeeded'))
        .groupBy(paymentRefunds.orderId)
        .as('refunded');
      const paidPence = sql<number>`(select coalesce(sum(p.amount_pence), 0) from ${payments} p where p.order_id = ${outer(orders.id)} and p.paid_at is not null)`;
      const open = ['pending', 'processing', 'complete'] as const;
      const due = await db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(refunded, eq(refunded.orderId, orders.id))
        .where(and(inArray(orders.status, [...open]), sql`${refunded.pence} >= ${paidPence}`));
      let closed = 0;
      for (const { id } of due) {
        await db.transaction(async (tx) => {
          const order = await ordersStore.lockOrder(tx, id);
          if (!order || !(open as readonly string[]).includes(order.status)) return;
          await ordersStore.setStatus(tx, id, 'closed', 'Refunded in full (confirmed by the payment provider): the order is closed.', false);
          closed++;
        });
      }
      return closed;
    },

    /** An order nothing of which has shipped: the payment refunded in full (first), stock back, a mail. */
    async cancel(orderId: number, request: CancelRequest, actor: Actor) {
      if (await activity.alreadyDone(db, request.requestKey)) return { done: false, order: await detail(orderId) };
      const before = await detail(orderId);
      try {
        cancellable(before);
      } catch (error) {
        return unlessJustDone(orderId, request.requestKey, error);
      }
      let refunded = false;
      if (before.payment.paid_pence > 0) {
        if (!refunds) throw new HttpError(409, 'This order has been paid. Cancelling it means refunding the payment, and refunds cannot be made from the back office here.');
        // The same amount on a retry of this request (its refund already counts in refunded_pence).
        const earlier = (await refunds.refundsOf(orderId)).find((r) => r.idempotencyKey === refundKey(request.requestKey));
        const amountPence = earlier?.amountPence ?? before.payment.paid_pence - before.payment.refunded_pence;
        if (amountPence > 0) {
          const answer = await refunds.refundOrderPayment({ orderId, amountPence, idempotencyKey: refundKey(request.requestKey), reason: 'requested_by_customer' });
          if (answer.status === 'failed' || answer.status === 'canceled') {
            throw new HttpError(409, `The payment provider did not make the refund, so the order is not cancelled${answer.failureReason ? `: ${answer.failureReason}` : '.'}`);
          }
        }
        refunded = true;
      }
      return act(orderId, request.requestKey, async (tx, order) => {
        const [anyShipment] = await tx.select({ id: shipments.id }).from(shipments).where(eq(shipments.orderId, orderId)).limit(1);
        cancellable({ status: order.status, shipments: anyShipment ? [anyShipment] : [] });
        await stock.giveBack(tx, await ordersStore.lineQuantities(tx, orderId));
        await ordersStore.setStatus(tx, orderId, 'cancelled', request.reason || 'Cancelled by the shop.', true);
        await outbox.enqueue(
          tx,
          orderCancelledMail({ to: order.email, firstname: order.customerFirstname, number: order.number, orderUrl: orderUrl(order.customerId, orderId), reason: request.reason || null, refunded }),
        );
        await activity.record(tx, actor, {
          action: 'order.cancel',
          targetType: 'order',
          targetId: order.number,
          before: { status: order.status, paidPence: before.payment.paid_pence, refundedPence: before.payment.refunded_pence },
          after: { status: 'cancelled', reason: request.reason ?? null, refunded },
          requestKey: request.requestKey,
        });
      });
    },

    /** Today, the last 30 days (by day, London time), and paid orders with something left to ship. */
    async dashboard() {
      const counted = sql`${orders.status} in ('processing', 'complete')`;
      const days = await db
        .select({
          date: sql<string>`to_char(date_trunc('day', ${orders.createdAt} at time zone 'Europe/London'), 'YYYY-MM-DD')`,
          orders: sql<number>`count(*)::int`,
          revenue: sql<number>`coalesce(sum(${orders.grandTotalPence}), 0)::int`,
        })
        .from(orders)
        .where(and(counted, gte(orders.createdAt, sql`date_trunc('day', now() at time zone 'Europe/London') at time zone 'Europe/London' - interval '29 days'`)))
        .groupBy(sql`1`);
      const byDate = new Map(days.map((d) => [d.date, d]));
      const today = londonDate(new Date());
      const last30 = Array.from({ length: 30 }, (_, i) => {
        const date = londonDate(new Date(Date.now() - (29 - i) * 86400_000));
        const d = byDate.get(date);
        return { date, orders: Number(d?.orders ?? 0), revenue_pence: Number(d?.revenue ?? 0) };
      });
      const [waiting] = await db.select({ n: count() }).from(orders).where(eq(orders.status, 'processing'));
      const t = byDate.get(today);
      return { today: { orders: Number(t?.orders ?? 0), revenue_pence: Number(t?.revenue ?? 0) }, last30, waitingToShip: waiting?.n ?? 0 };
    },

    /** For the customer's own order page: shipments and the comments meant for them. */
    async customerView(orderIds: number[]) {
      if (orderIds.length === 0) return { shipments: [], comments: [] };
      const [s, c] = await Promise.all([
        db.select().from(shipments).where(inArray(shipments.orderId, orderIds)).orderBy(asc(shipments.id)),
        db.select().from(orderComments).where(and(inArray(orderComments.orderId, orderIds), eq(orderComments.visibleToCustomer, true))).orderBy(asc(orderComments.id)),
      ]);
      return { shipments: s, comments: c };
    },
  };
}

/** Refuses (409) to cancel an order that is unpaid-pending, finished, or partly shipped. */
function cancellable(order: { status: string; shipments: unknown[] }) {
  if (order.status === 'pending') throw new HttpError(409, 'This order is still waiting for its payment; it can be cancelled once the payment has settled.');
  if (order.status !== 'processing') throw new HttpError(409, `This order is ${order.status} and cannot be cancelled.`);
  if (order.shipments.length > 0) throw new HttpError(409, 'Part of this order has shipped, so it cannot be cancelled.');
}

/**
 * The pence a refund request asks for: its amount, or its lines at what was paid for them (VAT
 * included, the order's discount shared out over the goods), plus the delivery charge when asked.
 * Bad lines answer 400 naming `lines`; more than is left is the payment domain's to refuse.
 */
function refundAmount(order: AdminOrderDetail, request: RefundRequest): number {
  // The tax not on the lines is the delivery's VAT: delivery as paid is its charge plus that.
  const linesVat = order.lines.reduce((sum, l) => sum + l.vat_pence, 0);
  const deliveryPaid = Math.min(order.grand_total_pence, order.shipping_pence + Math.max(0, order.tax_pence - linesVat));
  let pence = request.amountPence ?? 0;
  if (request.lines) {
    const wanted = new Map<number, number>();
    for (const l of request.lines) wanted.set(l.lineId, (wanted.get(l.lineId) ?? 0) + l.qty);
    const goodsFull = order.lines.reduce((sum, l) => sum + l.row_total_pence + l.vat_pence, 0);
    const goodsPaid = order.grand_total_pence - deliveryPaid;
    let full = 0;
    for (const [lineId, qty] of wanted) {
      const line = order.lines.find((l) => l.id === lineId);
      if (!line) throw new HttpError(400, `Line ${lineId} is not in this order.`, 'lines');
      if (qty > line.qty) throw new HttpError(400, `Only ${line.qty} of ${line.name} ${line.qty === 1 ? 'was' : 'were'} ordered.`, 'lines');
      full += ((line.row_total_pence + line.vat_pence) * qty) / line.qty;
    }
    pence += goodsFull > 0 ? Math.round((full * goodsPaid) / goodsFull) : 0;
  }
  if (request.includeDelivery) pence += deliveryPaid;
  if (pence < 1) throw new HttpError(400, 'There is nothing to refund in this request.', request.lines ? 'lines' : 'amountPence');
  return pence;
}

export type OrderAdmin = ReturnType<typeof createOrderAdmin>;

const londonDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });
const londonDate = (d: Date) => londonDay.format(d);
