import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { paymentMethodTitle } from '@shop/shared/schemas';
import { randomToken } from '../auth/crypto';
import type { Db, DbExecutor, Tx } from '../db/client';
import type { OrderMail } from '../mail/templates';
import {
  downloadableLinks,
  orderAddresses,
  orderLines,
  orders,
  orderStatusHistory,
  type OrderStatus,
} from './schema';
import { orderComments, shipmentLines, shipments } from './fulfilment-schema';

export const STANDARD_VAT_BP = 2000;

/** An address for insertOrder: its columns (address/columns.ts); company, region and phone may be left out. */
export type OrderAddressInput = Omit<typeof orderAddresses.$inferInsert, 'id' | 'orderId' | 'type'>;

export interface OrderLineInput {
  productId?: number | null;
  sku: string;
  name: string;
  qty: number;
  /** Unit price ex VAT, pence, as the server priced it for the customer's group. */
  unitPricePence: number;
  /** Basis points; default 2000 (20 %). */
  vatRateBp?: number;
  options?: { label: string; value: string }[];
}

export interface NewOrder {
  customerId: number | null;
  /** 0 for guests. */
  customerGroupId: number;
  email: string;
  firstname: string;
  lastname: string;
  /** Default 'pending' (awaiting payment); 'processing' once paid. */
  status?: OrderStatus;
  statusComment?: string | null;
  lines: OrderLineInput[];
  shipping: {
    carrierCode: string;
    methodCode: string;
    /** e.g. 'Standard delivery - 1-3 working days' */
    description: string;
    /** Ex VAT, pence. */
    amountPence: number;
    vatRateBp?: number;
  };
  /**
   * Totals as checkout computed and charged them. Optional: without them insertOrder computes
   * VAT per line (rounded per line) and on shipping. With them it checks they add up and that the
   * subtotal is the sum of the lines, and throws if not.
   */
  totals?: { subtotalPence: number; discountPence?: number; shippingPence: number; taxPence: number; grandTotalPence: number };
  paymentMethod: string;
  /** 'card' (the default) or the wallet the card came from: the order's payment title names it. */
  paymentMethodType?: string | null;
  paymentReference?: string | null;
  shippingAddress: OrderAddressInput | null;
  billingAddress: OrderAddressInput | null;
  cartId?: string | null;
  /** Unique: a retried confirm with the same key finds the existing order (findByIdempotencyKey). */
  idempotencyKey?: string | null;
  customerNote?: string | null;
}

export interface InsertedOrder {
  id: number;
  /** Human order number, '100000001'. */
  number: string;
  /** Unguessable reference for GET /api/order/{ref} (the success page). */
  reference: string;
  grandTotalPence: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

type MailLine = OrderMail['lines'][number];
type MailShip = { firstname: string; lastname: string; company: string | null; street: string[]; city: string; region: string | null; postcode: string; countryId: string };
/** What an order's confirmation mail shows of its lines and delivery address (orderMailData). */
export interface OrderMailParts {
  lines: MailLine[] | null;
  ship: MailShip | null;
}

/** The mail's lines of an order (a subquery; `orderId`: an expression for the order's id). */
const mailLines = (orderId: SQL) =>
  sql<MailLine[] | null>`(select json_agg(json_build_object('name', l.name, 'sku', l.sku, 'qty', l.qty, 'rowTotalPence', l.row_total_pence, 'options', l.options) order by l.position)
      from ${orderLines} l where l.order_id = ${orderId})`;
/** The mail's delivery address of an order (a subquery). */
const mailShip = (orderId: SQL) =>
  sql<MailShip | null>`(select json_build_object('firstname', a.firstname, 'lastname', a.lastname, 'company', a.company, 'street', a.street, 'city', a.city,
                                 'region', a.region, 'postcode', a.postcode, 'countryId', a.country_id)
      from ${orderAddresses} a where a.order_id = ${orderId} and a.type = 'shipping')`;

const vatOf = (pence: number, bp: number) => Math.round((pence * bp) / 10000);

function assertPence(value: number, what: string) {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`insertOrder: ${what} must be a non-negative integer of pence`);
}

// Columns left out are stored as NULL (the column default).
const addressRow = (orderId: SQL, type: 'shipping' | 'billing', a: OrderAddressInput) => ({
  ...a,
  orderId,
  type,
  street: a.street.filter((s) => s.trim() !== ''),
});

/**
 * Orders: written through the order placement service (orders/placement.ts: insertOrder inside
 * checkout's transaction, paid or released by payment), read by the account and the success page.
 */
export function createOrdersStore(db: Db) {
  return {
    /** The products (id, sku) of a customer's paid orders: what makes a review a verified purchase. */
    async purchasedProducts(customerId: number): Promise<Array<{ productId: number | null; sku: string }>> {
      return db
        .selectDistinct({ productId: orderLines.productId, sku: orderLines.sku })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(eq(orders.customerId, customerId), inArray(orders.status, ['processing', 'complete'])));
    },

    /**
     * Inserts an order with its lines, addresses and first status, in the caller's transaction.
     * Throws on inconsistent input (a programming error, not a client's): no lines, bad amounts,
     * totals that do not add up. A duplicate idempotency key fails with a unique violation
     * (23505): look it up first with findByIdempotencyKey, under the same lock as the cart.
     */
    async insertOrder(tx: DbExecutor, input: NewOrder): Promise<InsertedOrder> {
      if (input.lines.length === 0) throw new Error('insertOrder: an order needs at least one line');
      const lines = input.lines.map((line, position) => {
        if (!Number.isSafeInteger(line.qty) || line.qty <= 0) throw new Error('insertOrder: qty must be a positive integer');
        assertPence(line.unitPricePence, 'unitPricePence');
        const rate = line.vatRateBp ?? STANDARD_VAT_BP;
        const rowTotalPence = line.unitPricePence * line.qty;
        return {
          position,
          productId: line.productId ?? null,
          sku: line.sku,
          name: line.name,
          qty: line.qty,
          unitPricePence: line.unitPricePence,
          vatRateBp: rate,
          vatPence: vatOf(rowTotalPence, rate),
          rowTotalPence,
          options: line.options ?? [],
        };
      });
      assertPence(input.shipping.amountPence, 'shipping.amountPence');
      const subtotal = lines.reduce((sum, l) => sum + l.rowTotalPence, 0);
      let totals = {
        subtotalPence: subtotal,
        discountPence: 0,
        shippingPence: input.shipping.amountPence,
        taxPence: lines.reduce((sum, l) => sum + l.vatPence, 0) + vatOf(input.shipping.amountPence, input.shipping.vatRateBp ?? STANDARD_VAT_BP),
        grandTotalPence: 0,
      };
      totals.grandTotalPence = totals.subtotalPence + totals.shippingPence + totals.taxPence;
      if (input.totals) {
        const t = { discountPence: 0, ...input.totals };
        for (const [key, value] of Object.entries(t)) assertPence(value, `totals.${key}`);
        if (t.subtotalPence !== subtotal) throw new Error(`insertOrder: subtotal ${t.subtotalPence} is not the sum of the lines (${subtotal})`);
        if (t.shippingPence !== input.shipping.amountPence) throw new Error('insertOrder: totals.shippingPence differs from shipping.amountPence');
        if (t.grandTotalPence !== t.subtotalPence - t.discountPence + t.shippingPence + t.taxPence) {
          throw new Error('insertOrder: grand total is not subtotal - discount + shipping + tax');
        }
        totals = t;
      }
      const status = input.status ?? 'pending';
      const reference = randomToken(24);
      // One statement: the order, then its lines, addresses and first status (data-modifying
      // CTEs; the rows reference the order through `placed`), one round trip whatever the order holds.
      const orderId = sql`(select id from placed)`;
      const placed = tx
        .insert(orders)
        .values({
          publicRef: reference,
          customerId: input.customerId,
          customerGroupId: input.customerGroupId,
          email: input.email.trim().toLowerCase(),
          customerFirstname: input.firstname,
          customerLastname: input.lastname,
          status,
          ...totals,
          shippingCarrierCode: input.shipping.carrierCode,
          shippingMethodCode: input.shipping.methodCode,
          shippingDescription: input.shipping.description,
          paymentMethod: input.paymentMethod,
          paymentMethodType: input.paymentMethodType || 'card',
          paymentReference: input.paymentReference ?? null,
          cartId: input.cartId ?? null,
          idempotencyKey: input.idempotencyKey ?? null,
          customerNote: input.customerNote ?? null,
        })
        .returning({ id: orders.id, number: orders.number });
      const addresses = [
        ...(input.shippingAddress ? [addressRow(orderId, 'shipping', input.shippingAddress)] : []),
        ...(input.billingAddress ? [addressRow(orderId, 'billing', input.billingAddress)] : []),
      ];
      const parts = [
        sql`placed as (${placed.getSQL()})`,
        sql`lines as (${tx.insert(orderLines).values(lines.map((l) => ({ ...l, orderId }))).getSQL()})`,
        ...(addresses.length ? [sql`addresses as (${tx.insert(orderAddresses).values(addresses).getSQL()})`] : []),
        sql`history as (${tx.insert(orderStatusHistory).values({ orderId, status, comment: input.statusComment ?? null }).getSQL()})`,
      ];
      const [order] = rowsOf<{ id: number; number: string }>(await tx.execute(sql`with ${sql.join(parts, sql`, `)} select id, number from placed`));
      return { id: order!.id, number: order!.number, reference, grandTotalPence: totals.grandTotalPence };
    },

    async findByIdempotencyKey(executor: DbExecutor, key: string): Promise<InsertedOrder | undefined> {
      const [row] = await executor
        .select({ id: orders.id, number: orders.number, reference: orders.publicRef, grandTotalPence: orders.grandTotalPence })
        .from(orders)
        .where(eq(orders.idempotencyKey, key));
      return row;
    },

    /** Moves an order to a status and records it in the history. */
    async setStatus(executor: DbExecutor, orderId: number, status: OrderStatus, comment?: string | null, customerNotified = false) {
      await executor.update(orders).set({ status, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
      await executor.insert(orderStatusHistory).values({ orderId, status, comment: comment ?? null, customerNotified });
    },

    async setPaymentReference(executor: DbExecutor, orderId: number, paymentReference: string) {
      await executor.update(orders).set({ paymentReference, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
    },

    /**
     * What a payment changes on its order, in one statement: the new status with its history row
     * (`status`), and the provider's payment reference (`paymentReference`); either may be null.
     */
    async recordPayment(
      executor: DbExecutor,
      orderId: number,
      change: { status: { status: OrderStatus; comment: string } | null; paymentReference: string | null },
    ): Promise<void> {
      const { status, paymentReference } = change;
      if (!status && !paymentReference) return;
      const set = { ...(status ? { status: status.status } : {}), ...(paymentReference ? { paymentReference } : {}), updatedAt: sql`now()` };
      const update = executor.update(orders).set(set).where(eq(orders.id, orderId));
      if (!status) {
        await update;
        return;
      }
      const history = executor
        .insert(orderStatusHistory)
        .values({ orderId: sql`(select id from changed)`, status: status.status, comment: status.comment });
      await executor.execute(sql`with changed as (${update.returning({ id: orders.id }).getSQL()}) ${history.getSQL()}`);
    },

    /** The order row, locked until the transaction ends (paying or releasing it). */
    async lockOrder(tx: Tx, orderId: number) {
      const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      return row;
    },

    /** The products and quantities of an order's lines (stock to give back when it is released). */
    async lineQuantities(executor: DbExecutor, orderId: number) {
      return executor
        .select({ productId: orderLines.productId, qty: orderLines.qty })
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId));
    },

    /** Deletes an order that was never paid for (its lines, addresses and history go with it). */
    async deleteUnpaidOrder(tx: Tx, orderId: number): Promise<void> {
      await tx.delete(orders).where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
    },

    /** A downloadable file bought in an order (file under DATA_DIR/downloads). */
    async addDownloadableLink(
      executor: DbExecutor,
      link: { orderId: number; orderLineId?: number | null; customerId: number | null; title: string; filePath: string; fileName: string; contentType?: string; maxDownloads?: number },
    ): Promise<number> {
      const [row] = await executor.insert(downloadableLinks).values(link).returning({ id: downloadableLinks.id });
      return row!.id;
    },

    /* ---------------------------------------------------------------- reads */

    async listForCustomer(customerId: number, page: number, pageSize: number) {
      const [total] = await db.select({ n: count() }).from(orders).where(eq(orders.customerId, customerId));
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.customerId, customerId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const ids = rows.map((r) => r.id);
      const [qty, shipTo, parcels] = ids.length
        ? await Promise.all([
            db
              .select({ orderId: orderLines.orderId, qty: sql<number>`sum(${orderLines.qty})::int` })
              .from(orderLines)
              .where(inArray(orderLines.orderId, ids))
              .groupBy(orderLines.orderId),
            db
              .select({ orderId: orderAddresses.orderId, firstname: orderAddresses.firstname, lastname: orderAddresses.lastname })
              .from(orderAddresses)
              .where(and(inArray(orderAddresses.orderId, ids), eq(orderAddresses.type, 'shipping'))),
            db
              .select({ orderId: shipments.orderId, carrier: shipments.carrier, trackingNumber: shipments.trackingNumber })
              .from(shipments)
              .where(inArray(shipments.orderId, ids))
              .orderBy(asc(shipments.createdAt), asc(shipments.id)),
          ])
        : [[], [], []];
      return { total: total?.n ?? 0, rows, qty, shipTo, parcels };
    },

    async findById(orderId: number, executor: DbExecutor = db) {
      const [row] = await executor.select().from(orders).where(eq(orders.id, orderId));
      return row;
    },
    async findByReference(reference: string) {
      const [row] = await db.select().from(orders).where(eq(orders.publicRef, reference));
      return row;
    },
    async parts(orderId: number) {
      const [lines, addresses, history] = await Promise.all([
        db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position)),
        db.select().from(orderAddresses).where(eq(orderAddresses.orderId, orderId)),
        db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(asc(orderStatusHistory.id)),
      ]);
      return { lines, addresses, history };
    },

    /** The parcels sent (with their lines) and the staff comments meant for the customer. */
    async fulfilment(orderId: number) {
      const [sent, sentLines, comments] = await Promise.all([
        db.select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(asc(shipments.id)),
        db
          .select({ shipmentId: shipmentLines.shipmentId, sku: orderLines.sku, name: orderLines.name, qty: shipmentLines.qty })
          .from(shipmentLines)
          .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
          .innerJoin(orderLines, eq(orderLines.id, shipmentLines.orderLineId))
          .where(eq(shipments.orderId, orderId))
          .orderBy(asc(shipmentLines.id)),
        db
          .select()
          .from(orderComments)
          .where(and(eq(orderComments.orderId, orderId), eq(orderComments.visibleToCustomer, true)))
          .orderBy(asc(orderComments.id)),
      ]);
      return { sent, sentLines, comments };
    },

    /**
     * The order confirmation mail's data for an order (call after insertOrder, in the same
     * transaction). `order`: its row when the caller has it (read once more otherwise); the lines
     * and the shipping address come in one statement.
     */
    /**
     * The order row locked until the transaction ends, with what its confirmation mail shows of its
     * lines and delivery address (`mail`, for orderMailData), in one statement: paying an order
     * locks it and then, once, mails it.
     */
    async lockOrderWithMail(tx: Tx, orderId: number): Promise<{ order: typeof orders.$inferSelect; mail: OrderMailParts } | undefined> {
      const [row] = await tx
        .select({ order: orders, lines: mailLines(sql`${orders.id}`), ship: mailShip(sql`${orders.id}`) })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update', { of: orders });
      return row ? { order: row.order, mail: { lines: row.lines, ship: row.ship } } : undefined;
    },

    /** The confirmation mail's data; `known`: the order row, and `parts` its lines and address, when the caller read them. */
    async orderMailData(
      executor: DbExecutor,
      orderId: number,
      links: { orderUrl: string | null; notificationsUrl?: string | null },
      known?: typeof orders.$inferSelect,
      knownParts?: OrderMailParts,
    ): Promise<OrderMail> {
      const order = known?.id === orderId ? known : (await executor.select().from(orders).where(eq(orders.id, orderId)))[0];
      if (!order) throw new Error(`orderMailData: no order ${orderId}`);
      const parts =
        known?.id === orderId && knownParts
          ? knownParts
          : rowsOf<OrderMailParts>(await executor.execute(sql`select ${mailLines(sql`${orderId}`)} as lines, ${mailShip(sql`${orderId}`)} as ship`))[0];
      const ship = parts?.ship ?? null;
      return {
        to: order.email,
        firstname: order.customerFirstname,
        number: order.number,
        reference: order.publicRef,
        lines: parts?.lines ?? [],
        subtotalPence: order.subtotalPence,
        discountPence: order.discountPence,
        shippingPence: order.shippingPence,
        taxPence: order.taxPence,
        grandTotalPence: order.grandTotalPence,
        shippingDescription: order.shippingDescription,
        paymentTitle: paymentMethodTitle(order.paymentMethod, order.paymentMethodType),
        shippingAddress: ship
          ? {
              name: `${ship.firstname} ${ship.lastname}`,
              lines: [ship.company, ...ship.street, ship.city, ship.region, ship.postcode, ship.countryId].filter((x): x is string => Boolean(x)),
            }
          : null,
        orderUrl: links.orderUrl,
        notificationsUrl: links.notificationsUrl ?? null,
      };
    },

    /* ---------------------------------------------------------------- downloads */

    listDownloads: (customerId: number) =>
      db
        .select({ link: downloadableLinks, orderNumber: orders.number, orderStatus: orders.status })
        .from(downloadableLinks)
        .innerJoin(orders, eq(orders.id, downloadableLinks.orderId))
        .where(eq(downloadableLinks.customerId, customerId))
        .orderBy(desc(downloadableLinks.createdAt), desc(downloadableLinks.id)),

    async findDownload(linkId: number) {
      const [row] = await db
        .select({ link: downloadableLinks, orderStatus: orders.status })
        .from(downloadableLinks)
        .innerJoin(orders, eq(orders.id, downloadableLinks.orderId))
        .where(eq(downloadableLinks.id, linkId));
      return row;
    },

    /** Counts one download if any remain (atomic); false when used up. */
    async useDownload(linkId: number): Promise<boolean> {
      const rows = await db
        .update(downloadableLinks)
        .set({ downloadsUsed: sql`${downloadableLinks.downloadsUsed} + 1` })
        .where(
          and(
            eq(downloadableLinks.id, linkId),
            sql`(${downloadableLinks.maxDownloads} = 0 or ${downloadableLinks.downloadsUsed} < ${downloadableLinks.maxDownloads})`,
          ),
        )
        .returning({ id: downloadableLinks.id });
      return rows.length > 0;
    },
  };
}

export type OrdersStore = ReturnType<typeof createOrdersStore>;
