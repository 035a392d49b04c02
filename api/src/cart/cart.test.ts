import { eq } from 'drizzle-orm';
import { useTestApp } from '../test/app';
import { carts } from './schema';
import {
  createConfigurable,
  createCustomer,
  createGrouped,
  createProduct,
  expireToken,
  post,
  revokeToken,
} from './test-fixtures';

const t = useTestApp();

interface CartBody {
  items: Array<{ item_id: number; sku: string; name: string; price: number; qty: number; option_title: string | null; parent_sku: string | null; product_option: unknown }>;
  total: number;
  totals: { subtotal: number; tax: number; grand_total: number; shipping: number; items_qty: number };
}

async function newGuestCart(): Promise<string> {
  const res = await post(t.app, '/api/cart/guest/create');
  expect(res.statusCode).toBe(200);
  return (res.json() as { cartId: string }).cartId;
}

const add = (body: Record<string, unknown>) => post(t.app, '/api/cart/add', body);
const remove = (body: Record<string, unknown>) => post(t.app, '/api/cart/remove', body);

describe('guest baskets', () => {
  it('creates an unguessable basket id (256 random bits)', async () => {
    const a = await newGuestCart();
    const b = await newGuestCart();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('adds, adds again to the same line, answers items and total; remove lowers by one then deletes', async () => {
    const cartId = await newGuestCart();
    const p = await createProduct(t.db, { pricePence: 2_499 });
    let res = await add({ customerToken: null, cartId, productSku: p.sku, quantity: 2 });
    expect(res.statusCode).toBe(200);
    res = await add({ cartId, productSku: p.sku, quantity: 1 });
    let body = res.json() as CartBody;
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ sku: p.sku, name: p.name, price: 24.99, qty: 3 });
    expect(body.total).toBe(74.97);
    expect(body.totals).toMatchObject({ subtotal: 74.97, tax: 14.99, grand_total: 89.96, shipping: 0, items_qty: 3 });

    res = await remove({ cartId, productSku: p.sku, quantity: 1 });
    expect((res.json() as CartBody).items[0]!.qty).toBe(2);
    await remove({ cartId, productSku: p.sku });
    res = await remove({ cartId, productSku: p.sku });
    body = res.json() as CartBody;
    expect(body.items).toEqual([]);
    expect(body.total).toBe(0);

    res = await remove({ cartId, productSku: p.sku });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'productSku' });

    res = await post(t.app, '/api/cart', { cartId });
    expect((res.json() as CartBody).items).toEqual([]);
  });

  it('answers 404 for an unknown basket, and 400 naming cartId when a guest sends none', async () => {
    let res = await post(t.app, '/api/cart', { cartId: 'no-such-basket' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/no longer exists/);
    res = await post(t.app, '/api/cart', { customerToken: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('cartId');
  });

  it('refuses unknown skus, disabled products and products not on website 2 with a clear message', async () => {
    const cartId = await newGuestCart();
    const disabled = await createProduct(t.db, { status: 2, name: 'Old DPC roll' });
    const otherSite = await createProduct(t.db, { websiteIds: [1], name: 'Trade-only kit' });
    let res = await add({ cartId, productSku: 'NOPE-123', quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'productSku', message: 'We could not find a product with SKU "NOPE-123".' });
    res = await add({ cartId, productSku: disabled.sku, quantity: 1 });
    expect(res.json()).toMatchObject({ field: 'productSku', message: 'Old DPC roll is not available to buy online.' });
    res = await add({ cartId, productSku: otherSite.sku, quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Trade-only kit is not available to buy online.');
  });

  it('takes whole quantities from 1 to 999 only, and no more than in stock', async () => {
    const cartId = await newGuestCart();
    const p = await createProduct(t.db, { stock: 1000 });
    for (const quantity of [0, -1, 1.5, 1000, 'lots']) {
      const res = await add({ cartId, productSku: p.sku, quantity });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('quantity');
    }
    expect((await add({ cartId, productSku: p.sku, quantity: 999 })).statusCode).toBe(200);
    const res = await add({ cartId, productSku: p.sku, quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You can order at most 999 of one item.');

    const few = await createProduct(t.db, { stock: 3, name: 'Sump pump' });
    const none = await createProduct(t.db, { stock: 0, name: 'Drain channel' });
    expect((await add({ cartId, productSku: few.sku, quantity: 4 })).json().message).toBe('Sorry, we only have 3 of Sump pump in stock.');
    expect((await add({ cartId, productSku: none.sku, quantity: 1 })).json().message).toBe('Sorry, Drain channel is out of stock.');
  });

  it('concurrent adds lose nothing: 20 adds of one line make 20, 5 products make 5 lines', async () => {
    const cartId = await newGuestCart();
    const p = await createProduct(t.db);
    const others = await Promise.all(Array.from({ length: 5 }, () => createProduct(t.db)));
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () => add({ cartId, productSku: p.sku, quantity: 1 })),
      ...others.map((o) => add({ cartId, productSku: o.sku, quantity: 2 })),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(25).fill(200));
    const body = (await post(t.app, '/api/cart', { cartId })).json() as CartBody;
    expect(body.items).toHaveLength(6);
    expect(body.items.find((i) => i.sku === p.sku)!.qty).toBe(20);
    expect(body.totals.items_qty).toBe(30);
  });

  it('ignores prices sent by the client', async () => {
    const cartId = await newGuestCart();
    const p = await createProduct(t.db, { pricePence: 15_000 });
    const res = await add({ cartId, productSku: p.sku, quantity: 1, price: 0.01, total: 0.01, customPrice: 1, productOptions: { price: 0.01 } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as CartBody;
    expect(body.items[0]!.price).toBe(150);
    expect(body.total).toBe(150);
  });
});

describe('product types', () => {
  it('stores a configurable choice under base sku, hyphen, option sku, with its options', async () => {
    const { parent, children, attributeId } = await createConfigurable(t.db, {
      children: [
        { suffix: '10M', valueIndex: 501, valueLabel: '10m', pricePence: 9_000 },
        { suffix: '20M', valueIndex: 502, valueLabel: '20m', pricePence: 16_500 },
      ],
    });
    const cartId = await newGuestCart();
    let res = await add({ cartId, productSku: parent.sku, quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select all product options before adding to basket.');

    res = await add({
      cartId,
      productSku: parent.sku,
      quantity: 2,
      productOptions: { extension_attributes: { configurable_item_options: [{ option_id: String(attributeId), option_value: 502 }] } },
    });
    expect(res.statusCode).toBe(200);
    const item = (res.json() as CartBody).items[0]!;
    expect(item).toMatchObject({ sku: `${parent.sku}-20M`, price: 165, qty: 2, option_title: 'Roll length: 20m', parent_sku: parent.sku });
    expect(item.product_option).toEqual({ extension_attributes: { configurable_item_options: [{ option_id: String(attributeId), option_value: 502 }] } });

    // The child's own sku lands on the same line.
    res = await add({ cartId, productSku: children[1]!.sku, quantity: 1 });
    expect((res.json() as CartBody).items).toHaveLength(1);
    expect((res.json() as CartBody).items[0]!.qty).toBe(3);

    res = await add({ cartId, productSku: parent.sku, quantity: 1, productOptions: { configurable_item_options: [{ option_id: attributeId, option_value: 999 }] } });
    expect(res.json().message).toBe('This combination of options is not available.');

    // Remove by the line's sku (what the basket shows).
    res = await remove({ cartId, productSku: `${parent.sku}-20M`, quantity: 1 });
    expect((res.json() as CartBody).items[0]!.qty).toBe(2);
  });

  it('adds the chosen item of a grouped product', async () => {
    const a = await createProduct(t.db, { pricePence: 1_200, name: 'Corner patch' });
    const b = await createProduct(t.db, { pricePence: 900, name: 'Pipe collar' });
    const outsider = await createProduct(t.db);
    const group = await createGrouped(t.db, [a, b], { name: 'Sealing accessories' });
    const cartId = await newGuestCart();
    let res = await add({ cartId, productSku: group.sku, quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please choose which Sealing accessories you would like.');
    res = await add({ cartId, productSku: group.sku, quantity: 1, productOptions: { associated_sku: outsider.sku } });
    expect(res.statusCode).toBe(400);
    res = await add({ cartId, productSku: group.sku, quantity: 3, productOptions: { associated_sku: b.sku } });
    expect(res.statusCode).toBe(200);
    expect((res.json() as CartBody).items[0]).toMatchObject({ sku: b.sku, name: 'Pipe collar', price: 9, qty: 3 });
  });

  it('enforces required custom options and prices the chosen values', async () => {
    const p = await createProduct(t.db, {
      pricePence: 4_000,
      options: [
        { title: 'Cut length', isRequire: true, values: [{ title: '5m', sku: '5M', pricePence: 0 }, { title: '10m', sku: '10M', pricePence: 3_500 }] },
        { title: 'Site reference', type: 'field', isRequire: false, values: [] },
      ],
    });
    const [cut, ref] = p.options;
    const cartId = await newGuestCart();
    let res = await add({ cartId, productSku: p.sku, quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'productOptions.custom_options', message: 'Cut length: This is a required field.' });
    res = await add({ cartId, productSku: p.sku, quantity: 1, productOptions: { custom_options: [{ option_id: cut!.id, option_value: 424242 }] } });
    expect(res.json().message).toBe('Cut length: please choose one of the values offered.');
    res = await add({
      cartId,
      productSku: p.sku,
      quantity: 1,
      productOptions: { custom_options: [{ option_id: cut!.id, option_value: String(cut!.values[1]!.id) }, { option_id: ref!.id, option_value: 'Plot 12' }] },
    });
    expect(res.statusCode).toBe(200);
    const item = (res.json() as CartBody).items[0]!;
    expect(item).toMatchObject({ sku: `${p.sku}-10M`, price: 75, option_title: 'Cut length: 10m, Site reference: Plot 12' });
    // Another choice is another line; remove by its sku takes that one.
    res = await add({ cartId, productSku: p.sku, quantity: 1, productOptions: { custom_options: [{ option_id: cut!.id, option_value: cut!.values[0]!.id }] } });
    expect((res.json() as CartBody).items.map((i) => i.sku)).toEqual([`${p.sku}-10M`, `${p.sku}-5M`]);
    res = await remove({ cartId, productSku: `${p.sku}-5M` });
    expect((res.json() as CartBody).items.map((i) => i.sku)).toEqual([`${p.sku}-10M`]);
  });
});

describe('customer baskets', () => {
  it('POST /cart/mine answers data.data with the basket and its id; price rules follow the group', async () => {
    const trade = await createCustomer(t.db, 2);
    const p = await createProduct(t.db, { pricePence: 10_000, tiers: [{ customerGroupId: 2, qty: 1, valuePence: 8_500 }, { customerGroupId: 2, qty: 10, valuePence: 7_900 }] });
    let res = await post(t.app, '/api/cart/mine', { customerToken: trade.token });
    expect(res.statusCode).toBe(200);
    const mine = res.json() as { status: string; data: { data: CartBody & { id: string } } };
    expect(mine.status).toBe('success');
    expect(mine.data.data).toMatchObject({ items: [], total: 0 });
    expect(mine.data.data.id).toMatch(/^[A-Za-z0-9_-]{43}$/);

    res = await add({ customerToken: trade.token, productSku: p.sku, quantity: 2 });
    expect((res.json() as CartBody).items[0]!.price).toBe(85);
    res = await add({ customerToken: trade.token, productSku: p.sku, quantity: 8 });
    expect((res.json() as CartBody).items[0]).toMatchObject({ price: 79, qty: 10 });
    expect((res.json() as CartBody).total).toBe(790);

    // The same basket again (and a cartId sent with a token is ignored).
    res = await post(t.app, '/api/cart/mine', { customerToken: trade.token });
    expect((res.json() as typeof mine).data.data.id).toBe(mine.data.data.id);
    const guestCart = await newGuestCart();
    res = await post(t.app, '/api/cart', { customerToken: trade.token, cartId: guestCart });
    expect((res.json() as CartBody).items).toHaveLength(1);

    const guestRes = await add({ cartId: guestCart, productSku: p.sku, quantity: 1 });
    expect((guestRes.json() as CartBody).items[0]!.price).toBe(100);
  });

  it('answers 401 for an expired or revoked token, on every cart call', async () => {
    const expired = await createCustomer(t.db);
    const revoked = await createCustomer(t.db);
    await expireToken(t.db, expired.tokenId);
    await revokeToken(t.db, revoked.tokenId);
    const p = await createProduct(t.db);
    for (const token of [expired.token, revoked.token, 'not-a-real-token-at-all-123456']) {
      for (const [url, body] of [
        ['/api/cart', { customerToken: token }],
        ['/api/cart/mine', { customerToken: token }],
        ['/api/cart/add', { customerToken: token, productSku: p.sku, quantity: 1 }],
        ['/api/cart/remove', { customerToken: token, productSku: p.sku }],
        ['/api/cart/merge-guest-cart', { customerToken: token, guestCartId: 'x' }],
        ['/api/cart/estimate-shipping-methods', { customerToken: token, address: { country_id: 'GB', postcode: '*' } }],
      ] as const) {
        const res = await post(t.app, url, body);
        expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
      }
    }
    // The header works like the body.
    const live = await createCustomer(t.db);
    const res = await post(t.app, '/api/cart', {}, { headers: { 'authorization-customer': `Bearer ${live.token}` } });
    expect(res.statusCode).toBe(200);
  });

  it("a guest cannot reach a customer's basket by its id", async () => {
    const c = await createCustomer(t.db);
    const mine = await post(t.app, '/api/cart/mine', { customerToken: c.token });
    const id = (mine.json() as { data: { data: { id: string } } }).data.data.id;
    const p = await createProduct(t.db);
    expect((await post(t.app, '/api/cart', { cartId: id })).statusCode).toBe(404);
    expect((await add({ cartId: id, productSku: p.sku, quantity: 1 })).statusCode).toBe(404);
  });

  it('merges a guest basket into the customer basket (same line adds up) and closes it', async () => {
    const c = await createCustomer(t.db);
    const shared = await createProduct(t.db, { pricePence: 1_000 });
    const guestOnly = await createProduct(t.db, { pricePence: 2_000 });
    await add({ customerToken: c.token, productSku: shared.sku, quantity: 2 });
    const guestCartId = await newGuestCart();
    await add({ cartId: guestCartId, productSku: shared.sku, quantity: 3 });
    await add({ cartId: guestCartId, productSku: guestOnly.sku, quantity: 1 });

    let res = await post(t.app, '/api/cart/merge-guest-cart', { customerToken: c.token, guestCartId });
    expect(res.statusCode).toBe(200);
    const merged = res.json() as CartBody & { merged: number; status: string };
    expect(merged.status).toBe('success');
    expect(merged.merged).toBe(2);
    expect(merged.items.map((i) => [i.sku, i.qty])).toEqual([
      [shared.sku, 5],
      [guestOnly.sku, 1],
    ]);
    expect(merged.total).toBe(70);

    const [guest] = await t.db.select().from(carts).where(eq(carts.id, guestCartId));
    expect(guest!.status).toBe('merged');
    expect((await post(t.app, '/api/cart', { cartId: guestCartId })).statusCode).toBe(404);

    // Merging again (or an unknown basket) merges nothing and keeps the login flow going.
    res = await post(t.app, '/api/cart/merge-guest-cart', { customerToken: c.token, guestCartId });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { merged: number }).merged).toBe(0);
    res = await post(t.app, '/api/cart/merge-guest-cart', { customerToken: c.token, guestCartId: 'unknown' });
    expect((res.json() as { merged: number }).merged).toBe(0);
    res = await post(t.app, '/api/cart/merge-guest-cart', { customerToken: c.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('guestCartId');
  });
});

describe('delivery estimates', () => {
  async function basketWith(pricePence: number, qty: number, extra: Record<string, unknown> = {}) {
    const cartId = await newGuestCart();
    const p = await createProduct(t.db, { pricePence, ...extra });
    await add({ cartId, productSku: p.sku, quantity: qty });
    return cartId;
  }
  const estimate = async (cartId: string, address: Record<string, unknown> | null) => {
    const res = await post(t.app, '/api/cart/estimate-shipping-methods', { cartId, address });
    expect(res.statusCode).toBe(200);
    return res.json() as Array<{ carrier_code: string; method_code: string; carrier_title: string; amount: number; price_incl_tax: number }>;
  };

  it('offers standard courier and next day under £250 ex VAT, free 1-3 day delivery from £250', async () => {
    const under = await basketWith(24_999, 1);
    let rates = await estimate(under, { country_id: 'GB', postcode: '*', email: 'a@b.co.uk' });
    expect(rates.map((r) => `${r.carrier_code}_${r.method_code}:${r.amount}`)).toEqual(['courier_standard:9.95', 'courier_nextday:14.95']);
    expect(rates[0]!.price_incl_tax).toBe(11.94);
    const at = await basketWith(12_500, 2);
    rates = await estimate(at, { country_id: 'GB', postcode: 'LS1 4AP' });
    expect(rates[0]).toMatchObject({ carrier_code: 'freeshipping', method_code: 'freeshipping', amount: 0 });
    expect(await estimate(at, null)).toEqual(rates);
  });

  it('adds the Highlands, Islands and Northern Ireland surcharge; pallets for heavy goods; US international', async () => {
    const cartId = await basketWith(5_000, 1);
    expect((await estimate(cartId, { country_id: 'GB', postcode: 'BT7 1NN' })).map((r) => r.amount)).toEqual([24.95]);
    expect((await estimate(cartId, { country_id: 'GB', postcode: 'HS1 2AB' })).map((r) => r.method_code)).toEqual(['remote']);
    expect((await estimate(cartId, { country_id: 'US', postcode: '10001' })).map((r) => `${r.carrier_code}:${r.amount}`)).toEqual(['international:39.95']);
    const heavy = await basketWith(3_000, 3, { weightGrams: 25_000 });
    expect((await estimate(heavy, { country_id: 'GB', postcode: 'M1 1AE' })).map((r) => `${r.carrier_code}_${r.method_code}:${r.amount}`)).toEqual([
      'pallet_standard:45',
      'pallet_nextday:75',
    ]);
    expect(await estimate(heavy, { country_id: 'US', postcode: '*' })).toEqual([]);
    const bulky = await basketWith(3_000, 1, { palletOnly: true });
    expect((await estimate(bulky, { country_id: 'GB', postcode: 'M1 1AE' }))[0]!.carrier_code).toBe('pallet');
  });

  it('answers 400 naming the field for a bad address', async () => {
    const cartId = await basketWith(1_000, 1);
    const res = await post(t.app, '/api/cart/estimate-shipping-methods', { cartId, address: { country_id: 'GBR', postcode: '*' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('address.country_id');
  });
});
