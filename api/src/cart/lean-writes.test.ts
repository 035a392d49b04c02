import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { closeDb, dbKind, openPostgres, queryRows, type Db } from '../db/client';
import { createBasketProducts } from '../catalog/basket-products';
import { useTestApp } from '../test/app';
import { toCartAnswer } from './answer';
import { cartTotals, priceCart } from './pricing';
import { createCartService } from './service';
import { createCartStore } from './store';
import { createLineResolver } from './choice';
import { confirmBody, createConfigurable, createCustomer, createGrouped, createProduct, guestCartReady, post, stockOf } from './test-fixtures';

/**
 * The lean basket writes (basket-store.ts): an add or a remove is one statement that changes the
 * line and reads the priced basket back. Its answers must equal the basket priced the plain way
 * (the lines, then their products, then the price rules), limits must hold, and on PostgreSQL a
 * guest's add of a plain product and a guest's remove take one round trip, a named prepared statement.
 */
const t = useTestApp();
const store = () => createCartStore(t.db);

/** The basket's answer built the plain way: lines, then their products, then the price rules. */
async function reference(cartId: string, groupId = 0) {
  const s = store();
  const items = await s.lines(cartId);
  const products = await createBasketProducts(t.db).productsByIds(items.flatMap((i) => (i.parentProductId ? [i.productId, i.parentProductId] : [i.productId])));
  const priced = priceCart(items, products, groupId);
  return JSON.parse(JSON.stringify(toCartAnswer(priced, cartTotals(priced, undefined))));
}

const add = (body: Record<string, unknown>) => post(t.app, '/api/cart/add', body);
const remove = (body: Record<string, unknown>) => post(t.app, '/api/cart/remove', body);
const newCart = async () => (await post(t.app, '/api/cart/guest/create')).json().cartId as string;

describe('lean basket writes', () => {
  it('answers every add and remove exactly as the basket priced the plain way', async () => {
    const simple = await createProduct(t.db, { pricePence: 1_999, tiers: [{ customerGroupId: 0, qty: 1, valuePence: 1_899 }] });
    const special = await createProduct(t.db, { pricePence: 5_000, specialPricePence: 4_250 });
    const custom = await createProduct(t.db, {
      pricePence: 4_000,
      options: [{ title: 'Cut length', isRequire: true, values: [{ title: '5m', sku: '5M', pricePence: 0 }, { title: '10m', sku: '10M', pricePence: 3_500 }] }],
    });
    const { parent, attributeId } = await createConfigurable(t.db, {
      children: [
        { suffix: '10M', valueIndex: 601, valueLabel: '10m', pricePence: 9_000 },
        { suffix: '20M', valueIndex: 602, valueLabel: '20m', pricePence: 16_500 },
      ],
    });
    const cartId = await newCart();
    const steps: Array<() => ReturnType<typeof add>> = [
      () => add({ cartId, productSku: simple.sku, quantity: 2 }),
      () => add({ cartId, productSku: special.sku, quantity: 1 }),
      () => add({ cartId, productSku: simple.sku, quantity: 5 }),
      () => add({ cartId, productSku: custom.sku, quantity: 1, productOptions: { custom_options: [{ option_id: custom.options[0]!.id, option_value: custom.options[0]!.values[1]!.id }] } }),
      () => add({ cartId, productSku: parent.sku, quantity: 3, productOptions: { configurable_item_options: [{ option_id: attributeId, option_value: 602 }] } }),
      () => remove({ cartId, productSku: simple.sku }),
      () => remove({ cartId, productSku: special.sku }),
      () => remove({ cartId, productSku: parent.sku, productOptions: { configurable_item_options: [{ option_id: attributeId, option_value: 602 }] } }),
      () => remove({ cartId, productSku: parent.sku }),
    ];
    for (const step of steps) {
      const res = await step();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(await reference(cartId));
    }
    const last = (await post(t.app, '/api/cart', { cartId })).json();
    expect(last.items.map((i: { sku: string; qty: number }) => [i.sku, i.qty])).toEqual([
      [simple.sku, 6],
      [`${custom.sku}-10M`, 1],
      [`${parent.sku}-20M`, 1],
    ]);
  });

  it('prices a customer basket for the customer’s group', async () => {
    const p = await createProduct(t.db, { pricePence: 3_000, tiers: [{ customerGroupId: 2, qty: 1, valuePence: 2_400 }] });
    const customer = await createCustomer(t.db, 2);
    const res = await add({ customerToken: customer.token, productSku: p.sku, quantity: 2 });
    expect(res.statusCode).toBe(200);
    const cartId = (await post(t.app, '/api/cart/mine', { customerToken: customer.token })).json().data.data.id as string;
    expect(res.json()).toEqual(await reference(cartId, 2));
    expect(res.json().items[0].price).toBe(24);
  });

  it('keeps the limits: 999 of a line under concurrent adds, 100 lines, stock', async () => {
    const p = await createProduct(t.db, { stock: 5_000 });
    const cartId = await newCart();
    expect((await add({ cartId, productSku: p.sku, quantity: 900 })).statusCode).toBe(200);
    const racing = await Promise.all(Array.from({ length: 6 }, () => add({ cartId, productSku: p.sku, quantity: 50 })));
    expect(racing.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of racing.filter((x) => x.statusCode !== 200)) expect(r.json()).toMatchObject({ message: 'You can order at most 999 of one item.', field: 'quantity' });
    const [line] = await queryRows<{ qty: number }>(t.db, sql`select qty from cart_items where cart_id = ${cartId}`);
    expect(line!.qty).toBe(950);

    const few = await createProduct(t.db, { stock: 4, name: 'Drainage grate' });
    expect((await add({ cartId, productSku: few.sku, quantity: 3 })).statusCode).toBe(200);
    expect((await add({ cartId, productSku: few.sku, quantity: 2 })).json()).toMatchObject({ message: 'Sorry, we only have 4 of Drainage grate in stock.', field: 'quantity' });

    const full = await newCart();
    const inBasket = await createProduct(t.db);
    const filler = await createProduct(t.db);
    const oneMore = await createProduct(t.db);
    expect((await add({ cartId: full, productSku: inBasket.sku, quantity: 1 })).statusCode).toBe(200);
    await t.db.execute(sql`insert into cart_items (cart_id, product_id, sku, line_key, qty)
                           select ${full}, ${filler.id}::int, ${filler.sku}, 'filler-' || g, 1 from generate_series(1, 99) g`);
    expect((await add({ cartId: full, productSku: oneMore.sku, quantity: 1 })).json()).toMatchObject({
      message: 'Your basket is full: it can hold 100 different items.',
      field: 'productSku',
    });
    // A line already in the full basket still takes more.
    const more = await add({ cartId: full, productSku: inBasket.sku, quantity: 1 });
    expect(more.statusCode).toBe(200);
    expect(more.json().items).toHaveLength(100);
    expect(more.json()).toEqual(await reference(full));
  }, 60_000);

  it('refuses in the same order as before: the basket first, then the product, then the limits', async () => {
    const p = await createProduct(t.db);
    const unknownBasket = await add({ cartId: 'no-such-basket', productSku: 'NO-SUCH-SKU', quantity: 1 });
    expect(unknownBasket.statusCode).toBe(404);
    expect(unknownBasket.json().message).toBe('This basket no longer exists. Please start a new one.');
    const customer = await createCustomer(t.db);
    await add({ customerToken: customer.token, productSku: p.sku, quantity: 1 });
    const theirs = (await post(t.app, '/api/cart/mine', { customerToken: customer.token })).json().data.data.id as string;
    expect((await add({ cartId: theirs, productSku: p.sku, quantity: 1 })).statusCode).toBe(404);
    const cartId = await newCart();
    expect((await add({ cartId, productSku: 'NO-SUCH-SKU', quantity: 1 })).json()).toMatchObject({ field: 'productSku' });
    await t.db.execute(sql`update carts set status = 'ordered' where id = ${cartId}`);
    expect((await add({ cartId, productSku: p.sku, quantity: 1 })).statusCode).toBe(404);
    const [lines] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from cart_items where cart_id = ${cartId}`);
    expect(lines!.n).toBe(0);
  });

  it('a basket whose payment waits for 3-D Secure is given back first, then added to (and its answer carries the delivery)', async () => {
    const p = await createProduct(t.db, { stock: 10, pricePence: 2_000 });
    const cartId = await guestCartReady(t.app, [{ sku: p.sku, qty: 2 }]);
    const confirm = await post(t.app, '/api/cart/confirm-order', confirmBody(cartId, 'pm_card_authenticationRequired'));
    expect(confirm.json().status).toBe('requires_action');
    expect(await stockOf(t.db, p.id)).toBe(8);
    const res = await add({ cartId, productSku: p.sku, quantity: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0].qty).toBe(3);
    expect(res.json().totals.shipping_method).not.toBeNull();
    expect(res.json()).toEqual(await post(t.app, '/api/cart', { cartId }).then((r) => r.json()));
    expect(await stockOf(t.db, p.id)).toBe(10);
    const [row] = await queryRows<{ status: string }>(t.db, sql`select status from carts where id = ${cartId}`);
    expect(row!.status).toBe('active');
  });

  it('a sku alone: a plain product is added with the line the product page’s choice makes; any other takes the full path', async () => {
    const resolveLine = createLineResolver(createBasketProducts(t.db));
    const plain = await createProduct(t.db);
    const withOptions = await createProduct(t.db, { options: [{ title: 'Tape', isRequire: false, values: [{ title: 'Yes', sku: 'TAPE' }] }] });
    const { parent, children } = await createConfigurable(t.db, { children: [{ suffix: '10M', valueIndex: 611, valueLabel: '10m', pricePence: 9_000 }] });
    const cartId = await newCart();
    for (const sku of [plain.sku, withOptions.sku, children[0]!.sku]) {
      expect((await add({ cartId, productSku: sku, quantity: 1 })).statusCode).toBe(200);
      const chosen = await resolveLine(sku, undefined);
      const [line] = await queryRows<Record<string, unknown>>(
        t.db,
        sql`select sku, line_key as "lineKey", parent_product_id as "parentId", options from cart_items where cart_id = ${cartId} and product_id = ${chosen.product.id}`,
      );
      expect(line).toEqual({ sku: chosen.sku, lineKey: chosen.lineKey, parentId: chosen.parent?.id ?? null, options: chosen.options });
    }
    // The configurable's child alone is bought with its parent's choice.
    const [child] = await queryRows<{ parentId: number }>(t.db, sql`select parent_product_id as "parentId" from cart_items where cart_id = ${cartId} and sku = ${children[0]!.sku}`);
    expect(child!.parentId).toBe(parent.id);

    const disabled = await createProduct(t.db, { status: 2, name: 'Withdrawn membrane' });
    const soldOut = await createProduct(t.db, { stock: 0, inStock: false, name: 'Sold-out membrane' });
    const group = await createGrouped(t.db, [plain], { name: 'Membrane kit' });
    expect((await add({ cartId, productSku: disabled.sku, quantity: 1 })).json()).toMatchObject({ message: 'Withdrawn membrane is not available to buy online.', field: 'productSku' });
    expect((await add({ cartId, productSku: soldOut.sku, quantity: 1 })).json()).toMatchObject({ message: 'Sorry, Sold-out membrane is out of stock.', field: 'productSku' });
    expect((await add({ cartId, productSku: group.sku, quantity: 1 })).json()).toMatchObject({ message: 'Please choose which Membrane kit you would like.' });
    expect((await add({ cartId, productSku: plain.sku, quantity: 1, productOptions: { custom_options: [{ option_id: 1, option_value: 'x' }] } })).json()).toMatchObject({
      message: 'Unknown product option 1.',
    });
    const after = (await post(t.app, '/api/cart', { cartId })).json();
    expect(after.items.map((i: { sku: string; qty: number }) => [i.sku, i.qty])).toEqual([
      [plain.sku, 1],
      [withOptions.sku, 1],
      [children[0]!.sku, 1],
    ]);
    expect(after).toEqual(await reference(cartId));
  });

  it('on PostgreSQL: a guest add of a plain product is one round trip, with options two, a remove by item one, all prepared', async () => {
    if (dbKind(t.db) !== 'postgres') return; // PGlite: one process, no network round trips
    // A pool of one connection, so the statements it prepared can be listed on it.
    const own: Db = await openPostgres((t.db.$client as pg.Pool).options.connectionString!, { poolSize: 1 });
    try {
      const service = createCartService(createCartStore(own));
      const p = await createProduct(t.db);
      const custom = await createProduct(t.db, { options: [{ title: 'Cut length', isRequire: true, values: [{ title: '5m', sku: '5M' }] }] });
      const { cartId } = await service.createGuestCart();
      const pool = own.$client as pg.Pool;
      const sent: string[] = [];
      const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
      (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        const first = args[0] as string | { name?: string; text: string };
        sent.push(typeof first === 'string' ? first : (first.name ?? first.text));
        return query(...args);
      };
      const answer = await service.add({ kind: 'guest', cartId }, { productSku: p.sku, quantity: 2, productOptions: undefined });
      expect(answer.items[0]).toMatchObject({ sku: p.sku, qty: 2 });
      expect(sent).toEqual(['cart_add_sku']);
      sent.length = 0;
      const cut = await service.add({ kind: 'guest', cartId }, { productSku: custom.sku, quantity: 1, productOptions: { custom_options: [{ option_id: custom.options[0]!.id, option_value: custom.options[0]!.values[0]!.id }] } });
      expect(cut.items[1]).toMatchObject({ sku: `${custom.sku}-5M`, qty: 1 });
      expect(sent).toEqual(['cart_product_by_sku_v3', 'cart_add_line_v2']);
      sent.length = 0;
      await service.remove({ kind: 'guest', cartId }, p.sku, Number(answer.items[0]!.item_id), undefined);
      expect(sent).toEqual(['cart_decrement_line_v2']);
      (pool as unknown as { query: unknown }).query = query;
      const prepared = await queryRows<{ name: string }>(own, sql`select name from pg_prepared_statements order by name`);
      // Besides the calls' own names, the statements the connection prepared by their text
      // (db/pg-statements.ts: shop_1, ...), such as the basket's creation.
      const ownNames = prepared.map((r) => r.name).filter((name) => !name.startsWith('shop_'));
      expect(ownNames).toEqual(['cart_add_line_v2', 'cart_add_sku', 'cart_decrement_line_v2', 'cart_product_by_sku_v3']);
    } finally {
      await closeDb(own);
    }
  });

  it('on PostgreSQL: the basket statements keep one plan per connection, whatever baskets ANALYZE has seen', async () => {
    if (dbKind(t.db) !== 'postgres') return; // PGlite runs them as unnamed statements
    // The statistics of a shop where many baskets hold the same 20 products (as after the bench):
    // then a statement that filtered the lines by the basket's id as a literal got planned again
    // at every call.
    const items = await Promise.all(Array.from({ length: 20 }, () => createProduct(t.db, { stock: 100_000 })));
    const ids = items.map((i) => i.id);
    await t.db.execute(sql`insert into carts (id) select 'plan-probe-' || g from generate_series(1, 100) g`);
    await t.db.execute(sql`insert into cart_items (cart_id, product_id, sku, line_key, qty)
                           select 'plan-probe-' || c, p.id, p.sku, p.id || '||[]', 1
                           from generate_series(1, 100) c, products p where p.id = any(${`{${ids.join(',')}}`}::int[])`);
    await t.db.execute(sql`analyze cart_items`);
    await t.db.execute(sql`analyze carts`);
    const own: Db = await openPostgres((t.db.$client as pg.Pool).options.connectionString!, { poolSize: 1 });
    try {
      const service = createCartService(createCartStore(own));
      const { cartId } = await service.createGuestCart();
      for (let i = 0; i < 12; i++) {
        const answer = await service.add({ kind: 'guest', cartId }, { productSku: items[i]!.sku, quantity: 2, productOptions: undefined });
        await service.remove({ kind: 'guest', cartId }, items[i]!.sku, Number(answer.items[i]!.item_id), undefined);
        await service.get({ kind: 'guest', cartId });
      }
      const plans = await queryRows<{ name: string; generic: number; custom: number }>(
        own,
        sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name like 'cart_%' order by name`,
      );
      expect(plans.map((r) => r.name)).toEqual(['cart_add_sku', 'cart_decrement_line_v2', 'cart_find', 'cart_read']);
      for (const r of plans) expect({ name: r.name, planned: r.custom, generic: r.generic > 0 }).toEqual({ name: r.name, planned: 5, generic: true });
    } finally {
      await closeDb(own);
      await t.db.execute(sql`delete from carts where id like 'plan-probe-%'`);
    }
  });
});
