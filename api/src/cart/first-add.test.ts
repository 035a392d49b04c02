import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { closeDb, dbKind, openPostgres, queryRows, type Db } from '../db/client';
import { useTestApp } from '../test/app';
import { createCartService } from './service';
import { createCartStore } from './store';
import { createConfigurable, createCustomer, createGrouped, createProduct, post } from './test-fixtures';

/**
 * A guest's first add: `POST /api/cart/add` without a cartId makes the basket and adds the line in
 * the same call (one round trip from the browser, not guest/create then add), answering the new
 * cartId. The per-client limit on new guest baskets counts these baskets too; a refused add makes
 * no basket and counts nothing.
 */

const t = useTestApp({ guestBasketsPerClient: 3 });

const firstAdd = (ip: string, body: Record<string, unknown>) => post(t.app, '/api/cart/add', body, { remoteAddress: ip });
const guestBaskets = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from carts where customer_id is null`))[0]!.n;

describe('a guest’s first add, without a cartId', () => {
  it('makes the basket and adds the line in one call, answering the new cartId', async () => {
    const p = await createProduct(t.db, { pricePence: 2_500 });
    const before = await guestBaskets();
    const res = await firstAdd('192.0.2.30', { productSku: p.sku, quantity: 2 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.cartId).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]{43}$/));
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ sku: p.sku, qty: 2, price: 25 });
    expect(await guestBaskets()).toBe(before + 1);
    const [row] = await queryRows<{ customerId: number | null; status: string }>(
      t.db,
      sql`select customer_id as "customerId", status from carts where id = ${body.cartId}`,
    );
    expect(row).toEqual({ customerId: null, status: 'active' });

    // The basket is the guest's from then on: read and added to by its id, without a cartId in the answers.
    const { cartId: _cartId, ...basket } = body;
    expect((await post(t.app, '/api/cart', { cartId: body.cartId })).json()).toEqual(basket);
    const next = await post(t.app, '/api/cart/add', { cartId: body.cartId, productSku: p.sku, quantity: 1 });
    expect(next.json().items[0].qty).toBe(3);
    expect(next.json().cartId).toBeUndefined();
  });

  it('counts against the per-client limit on new guest baskets, with guest/create; other clients are not affected', async () => {
    const p = await createProduct(t.db, { stock: 1_000 });
    const ip = '192.0.2.31';
    expect((await post(t.app, '/api/cart/guest/create', undefined, { remoteAddress: ip })).statusCode).toBe(200);
    expect((await firstAdd(ip, { productSku: p.sku, quantity: 1 })).statusCode).toBe(200);
    expect((await firstAdd(ip, { productSku: p.sku, quantity: 1 })).statusCode).toBe(200);
    const before = await guestBaskets();
    const refused = await firstAdd(ip, { productSku: p.sku, quantity: 1 });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(await guestBaskets()).toBe(before);
    expect((await post(t.app, '/api/cart/guest/create', undefined, { remoteAddress: ip })).statusCode).toBe(429);
    // A guest who already has a basket adds to it as usual, whatever the limit.
    const own = (await firstAdd('192.0.2.32', { productSku: p.sku, quantity: 1 })).json().cartId as string;
    expect((await firstAdd(ip, { cartId: own, productSku: p.sku, quantity: 1 })).statusCode).toBe(200);
    expect((await firstAdd('192.0.2.33', { productSku: p.sku, quantity: 1 })).statusCode).toBe(200);
  });

  it('a refused first add makes no basket and counts nothing', async () => {
    const soldOut = await createProduct(t.db, { stock: 0, inStock: false, name: 'Sold-out membrane' });
    const few = await createProduct(t.db, { stock: 2, name: 'Corner patch' });
    const ip = '192.0.2.34';
    const before = await guestBaskets();
    for (let i = 0; i < 4; i++) {
      expect((await firstAdd(ip, { productSku: 'NO-SUCH-SKU', quantity: 1 })).json()).toMatchObject({ field: 'productSku' });
    }
    expect((await firstAdd(ip, { productSku: soldOut.sku, quantity: 1 })).json()).toMatchObject({
      message: 'Sorry, Sold-out membrane is out of stock.',
      field: 'productSku',
    });
    expect((await firstAdd(ip, { productSku: few.sku, quantity: 3 })).json()).toMatchObject({
      message: 'Sorry, we only have 2 of Corner patch in stock.',
      field: 'quantity',
    });
    expect(await guestBaskets()).toBe(before);
    // The limit (3) is untouched by the refusals.
    for (let i = 0; i < 3; i++) expect((await firstAdd(ip, { productSku: few.sku, quantity: 1 })).statusCode).toBe(200);
  });

  it('a customer’s add is as before: their own basket, no cartId answered; a dead login token is 401', async () => {
    const p = await createProduct(t.db);
    const customer = await createCustomer(t.db);
    const res = await post(t.app, '/api/cart/add', { customerToken: customer.token, productSku: p.sku, quantity: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().cartId).toBeUndefined();
    const expired = await post(t.app, '/api/cart/add', { customerToken: 'x'.repeat(43), productSku: p.sku, quantity: 1 });
    expect(expired.statusCode).toBe(401);
  });

  it('on PostgreSQL: the one-statement add by sku is tried only for a sku alone, never for a configurable or grouped choice', async () => {
    if (dbKind(t.db) !== 'postgres') return; // PGlite: one process, no statements to count
    const own: Db = await openPostgres((t.db.$client as pg.Pool).options.connectionString!, { poolSize: 1 });
    try {
      const service = createCartService(createCartStore(own));
      const plain = await createProduct(t.db);
      const { parent, attributeId } = await createConfigurable(t.db, { children: [{ suffix: '5M', valueIndex: 621, valueLabel: '5m', pricePence: 4_000 }] });
      const group = await createGrouped(t.db, [plain], { name: 'Sealing kit' });
      const { cartId } = await service.createGuestCart();
      const pool = own.$client as pg.Pool;
      const sent: string[] = [];
      const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
      (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        const first = args[0] as string | { name?: string; text: string };
        sent.push(typeof first === 'string' ? first : (first.name ?? first.text));
        return query(...args);
      };
      const shopper = { kind: 'guest' as const, cartId };
      await service.add(shopper, { productSku: parent.sku, quantity: 1, productOptions: { configurable_item_options: [{ option_id: attributeId, option_value: 621 }] } });
      await service.add(shopper, { productSku: group.sku, quantity: 1, productOptions: { associated_sku: plain.sku } });
      expect(sent).not.toContain('cart_add_sku');
      expect(sent.filter((s) => s === 'cart_add_line_v2')).toHaveLength(2);
      sent.length = 0;
      await service.add(shopper, { productSku: plain.sku, quantity: 1, productOptions: undefined });
      expect(sent).toEqual(['cart_add_sku']);
      // A first add: the product's choice, the basket, the line with the basket read back.
      sent.length = 0;
      const first = await service.add({ kind: 'guest', cartId: null }, { productSku: plain.sku, quantity: 1, productOptions: undefined });
      expect(first.cartId).toEqual(expect.any(String));
      expect(sent.map((s) => (s.startsWith('insert into "carts"') ? 'insert carts' : s))).toEqual(['cart_product_by_sku_v3', 'insert carts', 'cart_add_line_v2']);
      (pool as unknown as { query: unknown }).query = query;
    } finally {
      await closeDb(own);
    }
  });
});
