import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { createGrouped, createProduct, GB_ADDRESS, type CreatedProduct } from '../cart/test-fixtures';
import { queryRows } from '../db/client';
import { openTestDb, type TestDb } from '../test/db';
import { postJson, spawnApi, stopApi, waitHealthy, type ApiProcess } from './support';

/**
 * Concurrent multi-line checkouts on PostgreSQL with two API workers (issue 32): twenty guest
 * shoppers at once, each basket holding two or three products added in opposite orders, the
 * products listed by two grouped products (so the catalogue's
 * triggers mark overlapping product documents for every claim). Before one lock order everywhere
 * (catalog/stock.ts, migration 0015), such baskets met `deadlock detected` in the stock claim and
 * answered 500. Every call must answer 2xx, every success be one paid order, and the books add
 * up: money taken = paid orders' totals, units ordered = stock taken, nothing left holding stock.
 * PGlite has one connection (no concurrent transactions), so this runs on PostgreSQL.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const describePg = onPostgres ? describe : describe.skip;

const SHOPPERS = 20;
const ROUNDS = 3;
const STOCK = 10_000;

describePg('concurrent multi-line checkouts on PostgreSQL (two workers)', () => {
  let testDb: TestDb;
  let api: ApiProcess;
  let items: CreatedProduct[];

  beforeAll(async () => {
    testDb = await openTestDb();
    const { db } = testDb;
    items = [];
    for (let i = 0; i < 4; i++) items.push(await createProduct(db, { stock: STOCK, pricePence: 1_000 + i * 250 }));
    // Relatives: two grouped products listing them (one all four, one three in reverse).
    await createGrouped(db, items);
    await createGrouped(db, items.slice(0, 3).reverse());
    const databaseUrl = (db.$client as pg.Pool).options.connectionString!;
    api = await spawnApi({ DATABASE_URL: databaseUrl, API_WORKERS: '2', GUEST_BASKETS_PER_CLIENT: '0', DB_POOL_SIZE: '10' });
    await waitHealthy(api, 90_000);
  }, 120_000);

  afterAll(async () => {
    if (api) await stopApi(api);
    await testDb?.close();
  });

  /** One guest's whole checkout; answers the statuses of its calls and what it ordered. */
  async function checkout(lines: Array<{ sku: string; qty: number }>) {
    const statuses: Array<[string, number, unknown]> = [];
    const call = async (path: string, body?: unknown) => {
      const res = await postJson(`${api.url}${path}`, body);
      statuses.push([path, res.status, res.status >= 300 ? res.json : null]);
      return res;
    };
    const cartId = (await call('/api/cart/guest/create')).json.cartId as string;
    for (const line of lines) await call('/api/cart/add', { cartId, productSku: line.sku, quantity: line.qty });
    await call('/api/cart/save-shipping-info', { cartId, address: GB_ADDRESS, shippingMethod: { carrierCode: 'courier', methodCode: 'standard' }, comment: null });
    await call('/api/cart/save-payment-info', { cartId, paymentMethod: 'stripe_payments', email: GB_ADDRESS.email });
    // All shoppers confirm at the same moment.
    await barrier();
    const placed = await call('/api/cart/confirm-order', {
      customerToken: null,
      cartId,
      payment: { method: 'stripe_payments', piPaymentMethodId: 'pm_card_visa', paymentMethodType: 'card' },
      billingAddress: GB_ADDRESS,
    });
    return { cartId, statuses, status: placed.json?.status as string | undefined };
  }

  let waiting: Array<() => void> = [];
  let expected = 0;
  function barrier(): Promise<void> {
    return new Promise((resolve) => {
      waiting.push(resolve);
      if (waiting.length === expected) {
        const all = waiting;
        waiting = [];
        for (const go of all) go();
      }
    });
  }

  it('twenty shoppers with lines in opposite orders: no 5xx, one paid order each, the books add up', async () => {
    const { db } = testDb;
    const before = await queryRows<{ id: number; qty: number }>(db, sql`select product_id as id, qty from product_stock where product_id = any(${`{${items.map((p) => p.id).join(',')}}`}::int[])`);
    const results: Array<Awaited<ReturnType<typeof checkout>>> = [];
    for (let round = 0; round < ROUNDS; round++) {
      expected = SHOPPERS;
      const baskets = Array.from({ length: SHOPPERS }, (_, i) => {
        // Two or three products; every other shopper adds them in the opposite order.
        const chosen = i % 3 === 0 ? items.slice(0, 3) : i % 3 === 1 ? items.slice(1, 4) : [items[0]!, items[3]!];
        const ordered = i % 2 === 0 ? chosen : [...chosen].reverse();
        return ordered.map((p, k) => ({ sku: p.sku, qty: 1 + ((i + k) % 3) }));
      });
      results.push(...(await Promise.all(baskets.map((lines) => checkout(lines)))));
    }

    const failed = results.flatMap((r) => r.statuses.filter(([, status]) => status < 200 || status >= 300));
    expect(failed).toEqual([]);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 'succeeded'));
    expect(api.lines.filter((l) => /deadlock detected|"level":50/.test(l))).toEqual([]);
    // One lock order: no transaction even needed running again (db/client.ts would log it).
    expect(api.lines.filter((l) => /run again after a deadlock/.test(l))).toEqual([]);

    // The books: every checkout is one paid order with its money taken.
    const cartIds = `{${results.map((r) => r.cartId).join(',')}}`;
    const [orders] = await queryRows<{ n: number; paid: number; total: number }>(
      db,
      sql`select count(*)::int as n, count(*) filter (where status = 'processing')::int as paid, coalesce(sum(grand_total_pence), 0)::int as total
          from orders where cart_id = any(${cartIds}::text[])`,
    );
    expect(orders).toEqual({ n: results.length, paid: results.length, total: expect.any(Number) });
    const [money] = await queryRows<{ taken: number; payments: number }>(
      db,
      sql`select coalesce(sum(p.amount_pence), 0)::int as taken, count(*)::int as payments from payments p
          where p.cart_id = any(${cartIds}::text[]) and p.status = 'succeeded' and p.paid_at is not null`,
    );
    expect(money).toEqual({ taken: orders!.total, payments: results.length });
    const unpaid = await queryRows(
      db,
      sql`select i.id from test_payment_intents i left join payments p on p.idempotency_key = i.idempotency_key
          left join orders o on o.id = p.order_id
          where i.status = 'succeeded' and (p.paid_at is null or o.status is distinct from 'processing')`,
    );
    expect(unpaid).toEqual([]);
    const holding = await queryRows(db, sql`select id, status from payments where status in ('creating', 'requires_action', 'processing')`);
    expect(holding).toEqual([]);
    // Stock: each product went down by exactly the units ordered of it.
    const ordered = await queryRows<{ id: number; units: number }>(
      db,
      sql`select l.product_id as id, sum(l.qty)::int as units from order_lines l join orders o on o.id = l.order_id
          where o.cart_id = any(${cartIds}::text[]) group by l.product_id`,
    );
    const after = await queryRows<{ id: number; qty: number }>(db, sql`select product_id as id, qty from product_stock where product_id = any(${`{${items.map((p) => p.id).join(',')}}`}::int[])`);
    for (const product of items) {
      const was = before.find((r) => r.id === product.id)!.qty;
      const is = after.find((r) => r.id === product.id)!.qty;
      const units = ordered.find((r) => r.id === product.id)?.units ?? 0;
      expect({ product: product.id, taken: was - is }).toEqual({ product: product.id, taken: units });
      expect(units).toBeGreaterThan(0);
    }
  }, 240_000);
});
