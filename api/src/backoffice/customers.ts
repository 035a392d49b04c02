import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminCustomerDetail } from '@shop/shared/backoffice';
import { customerAddresses, customers } from '../customer/schema';
import type { CustomerService } from '../customer/service';
import type { CustomerStore } from '../customer/store';
import { outer } from '../db/outer';
import type { Db, Tx } from '../db/client';
import { notFound } from '../http-errors';
import type { Outbox } from '../mail/outbox';
import { orders } from '../orders/schema';
import { escapeLike, type ActivityLog, type Actor } from './activity';
import type { OrderAdmin } from './orders';

export const CUSTOMER_NOT_FOUND = 'This customer does not exist.';

/** The back office's customers: search, view with orders and addresses, reset link, disable/enable. */
export function createCustomerAdmin({ db, activity, outbox, customerStore, customerService, orderAdmin }: {
  db: Db;
  activity: ActivityLog;
  outbox: Outbox;
  customerStore: CustomerStore;
  customerService: Pick<CustomerService, 'sendResetLink'>;
  orderAdmin: OrderAdmin;
}) {
  const orderCount = sql<number>`(select count(*)::int from ${orders} o where o.customer_id = ${outer(customers.id)})`;

  async function detail(id: number): Promise<AdminCustomerDetail> {
    const [c] = await db.select({ c: customers, orders: orderCount }).from(customers).where(eq(customers.id, id));
    if (!c) throw notFound(CUSTOMER_NOT_FOUND);
    const addresses = await db.select().from(customerAddresses).where(eq(customerAddresses.customerId, id)).orderBy(asc(customerAddresses.id));
    const recent = await orderAdmin.list({ page: 1, pageSize: 20, customerId: id });
    return {
      id: c.c.id,
      email: c.c.email,
      name: `${c.c.firstname} ${c.c.lastname}`,
      company: c.c.company,
      created_at: c.c.createdAt.toISOString(),
      disabled: c.c.disabledAt !== null,
      orders: Number(c.orders),
      addresses: addresses.map((a) => ({
        id: a.id,
        firstname: a.firstname,
        lastname: a.lastname,
        company: a.company,
        street: a.street,
        city: a.city,
        region: a.region,
        postcode: a.postcode,
        country_id: a.countryId,
        telephone: a.telephone,
        default_billing: c.c.defaultBillingAddressId === a.id,
        default_shipping: c.c.defaultShippingAddressId === a.id,
      })),
      recent_orders: recent.items,
    };
  }

  /** One action on a customer: row locked, done once per request key, logged in the same transaction. */
  async function act(id: number, requestKey: string, work: (tx: Tx, customer: typeof customers.$inferSelect) => Promise<void>) {
    const done = await db.transaction(async (tx) => {
      const [customer] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
      if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
      if (await activity.alreadyDone(tx, requestKey)) return false;
      await work(tx, customer);
      return true;
    });
    if (done) outbox.kick();
    return { done, customer: await detail(id) };
  }

  return {
    detail,

    async list(query: { page: number; pageSize: number; q?: string | undefined }) {
      const where: SQL[] = [];
      if (query.q) {
        const like = `%${escapeLike(query.q)}%`;
        const compact = `%${escapeLike(query.q.replace(/\s+/g, ''))}%`;
        where.push(sql`(${customers.email} ilike ${like} or (${customers.firstname} || ' ' || ${customers.lastname}) ilike ${like}
          or coalesce(${customers.company}, '') ilike ${like}
          or exists (select 1 from ${customerAddresses} a where a.customer_id = ${outer(customers.id)} and replace(a.postcode, ' ', '') ilike ${compact}))`);
      }
      const condition = where.length ? and(...where) : undefined;
      const [total] = await db.select({ n: count() }).from(customers).where(condition);
      const rows = await db
        .select({ c: customers, orders: orderCount })
        .from(customers)
        .where(condition)
        .orderBy(desc(customers.createdAt), desc(customers.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      return {
        items: rows.map(({ c, orders: n }) => ({
          id: c.id,
          email: c.email,
          name: `${c.firstname} ${c.lastname}`,
          company: c.company,
          created_at: c.createdAt.toISOString(),
          disabled: c.disabledAt !== null,
          orders: Number(n),
        })),
        totalCount: total?.n ?? 0,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    sendResetLink(id: number, requestKey: string, actor: Actor) {
      return act(id, requestKey, async (tx, customer) => {
        await customerService.sendResetLink(tx, customer);
        await activity.record(tx, actor, { action: 'customer.reset_link', targetType: 'customer', targetId: id, before: null, after: { email: customer.email }, requestKey });
      });
    },

    /** Disabled: no sign-in, every session ended. Enabled: signs in as before. */
    setDisabled(id: number, disabled: boolean, requestKey: string, actor: Actor) {
      return act(id, requestKey, async (tx, customer) => {
        if ((customer.disabledAt !== null) === disabled) return;
        await tx.update(customers).set({ disabledAt: disabled ? sql`now()` : null, updatedAt: sql`now()` }).where(eq(customers.id, id));
        if (disabled) await customerStore.revokeAllTokens(tx, id);
        await activity.record(tx, actor, {
          action: disabled ? 'customer.disable' : 'customer.enable',
          targetType: 'customer',
          targetId: id,
          before: { disabled: !disabled },
          after: { disabled },
          requestKey,
        });
      });
    },
  };
}

export type CustomerAdmin = ReturnType<typeof createCustomerAdmin>;
