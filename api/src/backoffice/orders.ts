import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  type AdminOrderDetail,
  type AdminOrderSummary,
  type CancelRequest,
  type CommentRequest,
  type ShipRequest,
} from '@shop/shared/backoffice';
import { paymentMethodTitle } from '@shop/shared/schemas';
import { createStock } from '../catalog/stock';
import type { Db, Tx } from '../db/client';
import { HttpError, notFound } from '../http-errors';
import type { Outbox } from '../mail/outbox';
import { orderAddresses, orderLines, orders, orderStatusHistory } from '../orders/schema';
import type { OrdersStore } from '../orders/store';
import { payments } from '../payment/schema';
import { escapeLike, type ActivityLog, type Actor } from './activity';
import { orderCancelledMail, orderCommentMail, shippedMail } from './mails';
import { orderComments, shipmentLines, shipments } from '../orders/fulfilment-schema';

export const ORDER_NOT_FOUND = 'This order does not exist.';

/** Whether an order was paid: the provider's event set paid_at on one of its payments. */
const paidExists = sql<boolean>`exists (select 1 from ${payments} p where p.order_id = ${orders.id} and p.paid_at is not null)`;

/**
 * Refunds, when the payment domain offers them: cancelling a paid order refunds it in full in
 * the same step. Until then a paid order is not cancelled here (the money would stay taken).
 */
export interface OrderRefunds {
  refundInFull(tx: Tx, orderId: number, actor: Actor, requestKey: string): Promise<void>;
}

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
    const [lines, addresses, history, comments, shipped, lineShipped, pays] = await Promise.all([
      executor.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position)),
      executor.select().from(orderAddresses).where(eq(orderAddresses.orderId, orderId)),
      executor.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(asc(orderStatusHistory.id)),
      executor.select().from(orderComments).where(eq(orderComments.orderId, orderId)).orderBy(asc(orderComments.id)),
      executor.select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(asc(shipments.id)),
      executor
        .select({ shipmentId: shipmentLines.shipmentId, lineId: shipmentLines.orderLineId, qty: shipmentLines.qty })
        .from(shipmentLines)
        .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
        .where(eq(shipments.orderId, orderId)),
      executor.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id)),
    ]);
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
        refunded_pence: 0,
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
      can_ship: order.status === 'processing' && !allShipped,
      can_cancel: order.status === 'processing' && !anyShipped,
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
          or exists (select 1 from ${orderAddresses} a where a.order_id = ${orders.id}
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
          postcode: sql<string | null>`(select a.postcode from ${orderAddresses} a where a.order_id = ${orders.id} and a.type = 'shipping')`,
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

    /** An order nothing of which has shipped: stock back, the payment refunded in full, a mail. */
    async cancel(orderId: number, request: CancelRequest, actor: Actor) {
      return act(orderId, request.requestKey, async (tx, order) => {
        if (order.status === 'pending') throw new HttpError(409, 'This order is still waiting for its payment; it can be cancelled once the payment has settled.');
        if (order.status !== 'processing') throw new HttpError(409, `This order is ${order.status} and cannot be cancelled.`);
        const [anyShipment] = await tx.select({ id: shipments.id }).from(shipments).where(eq(shipments.orderId, orderId)).limit(1);
        if (anyShipment) throw new HttpError(409, 'Part of this order has shipped, so it cannot be cancelled.');
        const [paid] = await tx.select({ n: count() }).from(payments).where(and(eq(payments.orderId, orderId), sql`${payments.paidAt} is not null`));
        const isPaid = (paid?.n ?? 0) > 0;
        if (isPaid) {
          if (!refunds) throw new HttpError(409, 'This order has been paid. Cancelling it means refunding the payment, and refunds cannot be made from the back office yet.');
          await refunds.refundInFull(tx, orderId, actor, request.requestKey);
        }
        await stock.giveBack(tx, await ordersStore.lineQuantities(tx, orderId));
        await ordersStore.setStatus(tx, orderId, 'cancelled', request.reason || 'Cancelled by the shop.', true);
        await outbox.enqueue(
          tx,
          orderCancelledMail({ to: order.email, firstname: order.customerFirstname, number: order.number, orderUrl: orderUrl(order.customerId, orderId), reason: request.reason || null, refunded: isPaid }),
        );
        await activity.record(tx, actor, {
          action: 'order.cancel',
          targetType: 'order',
          targetId: order.number,
          before: { status: order.status },
          after: { status: 'cancelled', reason: request.reason ?? null, refunded: isPaid },
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

export type OrderAdmin = ReturnType<typeof createOrderAdmin>;

const londonDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });
const londonDate = (d: Date) => londonDay.format(d);
