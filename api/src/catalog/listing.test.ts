import { bestsellingProductsSchema, categoryProductsSchema } from '@shop/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { products } from '../db/schema';
import { createOrdersStore } from '../orders/store';
import { useSeededApp } from '../seed/testing';

const t = useSeededApp();

async function page(query: string) {
  const res = await t.app.inject({ url: `/api/categories/104/products${query}` });
  expect(res.statusCode).toBe(200);
  return categoryProductsSchema.parse(res.json());
}

describe('GET /api/categories/{id}/products', () => {
  it('answers the first page in category order by default', async () => {
    const body = await page('');
    expect(body).toMatchObject({ category: { id: 104, name: 'Basement Waterproofing', url: '/basement-waterproofing' }, page: 1, pageSize: 24, sort: 'position' });
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from product_categories pc join products p on p.id = pc.product_id
          where pc.category_id = 104 and p.status = 1 and 2 = any(p.website_ids) and p.visibility in (2, 4)`,
    ) as [{ n: number }];
    expect(body.totalCount).toBe(n);
    expect(body.items[0]!.sku).toBe('HV-CDM8');
    const item = body.items.find((i) => i.sku === 'HV-CHAN-PERIM')!;
    expect(item).toMatchObject({ type_id: 'simple', price: 11.5, final_price: 11.5, url: '/hydrovault-perimeter-drainage-channel', is_in_stock: true });
    expect(item.review_summary.count).toBe(2);
  });

  it('pages without overlap', async () => {
    const first = await page('?page=1&pageSize=5');
    const second = await page('?page=2&pageSize=5');
    expect(first.items).toHaveLength(5);
    expect(second.items.map((i) => i.id)).not.toEqual(expect.arrayContaining([first.items[0]!.id]));
    const all = await page('?pageSize=100');
    expect([...first.items, ...second.items].map((i) => i.sku)).toEqual(all.items.slice(0, 10).map((i) => i.sku));
    expect((await page('?page=50')).items).toEqual([]);
  });

  it.each([
    ['price', (a: number, b: number) => a <= b],
    ['price_desc', (a: number, b: number) => a >= b],
  ])('sorts by %s on the price a guest pays', async (sort, ordered) => {
    const body = await page(`?sort=${sort}&pageSize=100`);
    const prices = body.items.map((i) => i.special_price ?? i.price);
    for (let i = 1; i < prices.length; i++) expect(ordered(prices[i - 1]!, prices[i]!)).toBe(true);
  });

  it('sorts by name both ways, newest and best selling', async () => {
    const names = (await page('?sort=name&pageSize=100')).items.map((i) => i.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const desc = (await page('?sort=name_desc&pageSize=100')).items.map((i) => i.name);
    expect(desc).toEqual([...names].reverse());
    const newest = (await page('?sort=newest&pageSize=3')).items.map((i) => i.sku);
    expect(newest[0]).toBe('HV-KIT-BASEMENT');
    expect((await page('?sort=bestselling&pageSize=1')).items[0]!.sku).toBe('HV-CDM8');
  });

  it('gives grouped products a "from" price: the lowest of their items', async () => {
    const res = await t.app.inject({ url: '/api/categories/111/products' });
    const kits = categoryProductsSchema.parse(res.json()).items;
    expect(kits.find((k) => k.sku === 'HV-KIT-DPC')).toMatchObject({ type_id: 'grouped', min_price: 9 });
  });

  it('answers 404 for an unknown category, 400 naming a bad parameter', async () => {
    const missing = await t.app.inject({ url: '/api/categories/4242/products' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'Not Found', message: 'Category 4242 not found' });
    for (const [query, field] of [
      ['?sort=cheapest', 'sort'],
      ['?page=0', 'page'],
      ['?pageSize=101', 'pageSize'],
    ] as const) {
      const res = await t.app.inject({ url: `/api/categories/104/products${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await t.app.inject({ url: '/api/categories/abc/products' })).json().field).toBe('id');
  });
});

describe('GET /api/categories/bestselling-products/{id}', () => {
  const bestsellers = async (id: number) => {
    const res = await t.app.inject({ url: `/api/categories/bestselling-products/${id}` });
    expect(res.statusCode).toBe(200);
    return bestsellingProductsSchema.parse(res.json()).data;
  };

  it('answers the seeded ranking while there are no orders, at most 10, shown products only', async () => {
    const sumps = await bestsellers(105);
    expect(sumps.map((p) => p.sku).slice(0, 3)).toEqual(['HV-SUMP-TWIN', 'HV-SUMP-SINGLE', 'HV-PUMP-V2']);
    expect(sumps.length).toBeLessThanOrEqual(10);
    expect(sumps.map((p) => p.sku)).not.toContain('HV-PUMP-V1');
    expect(sumps.map((p) => p.sku)).not.toContain('HV-SUMP-LID');
    // A parent category includes its subcategories' products.
    expect((await bestsellers(104))[0]!.sku).toBe('HV-CDM8');
  });

  it('ranks by units sold once there are orders (a configurable child counts for its parent)', async () => {
    const ids = new Map(
      (await t.db.select({ id: products.id, sku: products.sku }).from(products)).map((p) => [p.sku, p.id]),
    );
    const orders = createOrdersStore(t.db);
    const line = (sku: string, qty: number) => ({ productId: ids.get(sku)!, sku, name: sku, qty, unitPricePence: 1000 });
    const order = (lines: ReturnType<typeof line>[], status: 'processing' | 'cancelled') =>
      orders.insertOrder(t.db, {
        customerId: null,
        customerGroupId: 0,
        email: 'buyer@example.co.uk',
        firstname: 'Alex',
        lastname: 'Buyer',
        status,
        lines,
        shipping: { carrierCode: 'flatrate', methodCode: 'flatrate', description: 'Standard delivery', amountPence: 0 },
        paymentMethod: 'test',
        shippingAddress: null,
        billingAddress: null,
      });
    await order([line('HV-ALARM', 30), line('HV-HOSE-25M', 12)], 'processing');
    await order([line('HV-CHAMBER', 500)], 'cancelled');
    const sumps = (await bestsellers(105)).map((p) => p.sku);
    expect(sumps.slice(0, 2)).toEqual(['HV-ALARM', 'HV-HOSE']);
    expect(sumps.indexOf('HV-CHAMBER')).toBeGreaterThan(2);
  });

  it('answers 404 for an unknown category and 400 for a malformed id', async () => {
    expect((await t.app.inject({ url: '/api/categories/bestselling-products/999' })).statusCode).toBe(404);
    const bad = await t.app.inject({ url: '/api/categories/bestselling-products/x1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
  });

  it('leaves out a product once it is disabled', async () => {
    const [twin] = await t.db.select({ id: products.id }).from(products).where(eq(products.sku, 'HV-SUMP-SINGLE'));
    await t.db.update(products).set({ status: 2 }).where(eq(products.id, twin!.id));
    try {
      expect((await bestsellers(105)).map((p) => p.sku)).not.toContain('HV-SUMP-SINGLE');
    } finally {
      await t.db.update(products).set({ status: 1 }).where(eq(products.id, twin!.id));
    }
  });
});
