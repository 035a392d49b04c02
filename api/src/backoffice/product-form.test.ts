import { sql } from 'drizzle-orm';
import { adminProductDetailSchema, BACKOFFICE_MESSAGES, PRODUCT_MESSAGES, saveRequestOf, type AdminProductDetail, type ProductSaveRequest } from '@shop/shared/backoffice';
import { ALL_GROUPS, CUSTOMER_GROUPS } from '@shop/shared/pricing';
import { categoryProductsSchema, productInfoSchema, productSearchSchema, productsBySkuSchema, sitemapAnswerSchema } from '@shop/shared/schemas';
import { post } from '../cart/test-fixtures';
import { nextIp } from '../customer/test-helpers';
import { queryRows } from '../db/client';
import { useSeededApp } from '../seed/testing';
import { staffPerRole, type SignedInStaff } from './test-helpers';

/**
 * The product form's own fields beyond name, prices and stock (issue 30, slice E): descriptions,
 * tier prices, related and up-sell products, visibility, categories and positions, and two members
 * saving the same product. Each through POST /admin-api/products/:id, checked on the storefront.
 */

// The answer cache on (as in production), so a save must drop it for the new answers to show.
const t = useSeededApp({ catalogCacheTtlMs: 60_000 });

let staff: Awaited<ReturnType<typeof staffPerRole>>;
beforeAll(async () => {
  staff = await staffPerRole(t.app);
  await t.app.services.catalogChanges.ready();
});

const inject = (method: 'GET' | 'POST', url: string, who?: SignedInStaff, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: who ? (method === 'POST' ? who.write : { cookie: who.cookie }) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const api = (url: string) => t.app.inject({ url: `/api${url}`, remoteAddress: nextIp() });

async function detailOf(id: number): Promise<AdminProductDetail> {
  const res = await inject('GET', `/admin-api/products/${id}`, staff.catalogue);
  expect(res.statusCode).toBe(200);
  return adminProductDetailSchema.parse(res.json());
}
const save = (id: number, body: unknown, who: SignedInStaff = staff.catalogue) => inject('POST', `/admin-api/products/${id}`, who, body);
/** A save of `change` over the product as it is now. */
async function saveChange(id: number, change: Partial<ProductSaveRequest>, who: SignedInStaff = staff.catalogue) {
  return save(id, { ...saveRequestOf(await detailOf(id)), ...change }, who);
}
async function savedOk(id: number, change: Partial<ProductSaveRequest>) {
  const res = await saveChange(id, change);
  expect(res.json()).toHaveProperty('product');
  expect(res.statusCode).toBe(200);
  return adminProductDetailSchema.parse(res.json().product);
}
async function productInfo(id: number) {
  const res = await api(`/products/info/${id}`);
  return { status: res.statusCode, body: res.statusCode === 200 ? productInfoSchema.parse(res.json()) : null };
}
const listingIds = async (categoryId: number) =>
  categoryProductsSchema.parse((await api(`/categories/${categoryId}/products?pageSize=100`)).json()).items.map((i) => i.id);
const searchIds = async (q: string) => productSearchSchema.parse((await api(`/products/search?q=${encodeURIComponent(q)}`)).json()).items.map((i) => i.id);
const sitemapPaths = async () => sitemapAnswerSchema.parse((await api('/sitemap')).json()).entries.map((e) => e.path);
const lastLog = async (id: number) =>
  (
    await queryRows<{ action: string; staff_email: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      t.db,
      sql`select action, staff_email, before, after from staff_activity where target_type = 'product' and target_id = ${String(id)} order by id desc limit 1`,
    )
  )[0]!;

interface Seeded {
  id: number;
  sku: string;
  name: string;
  url_key: string;
  price_pence: number;
  category_id: number;
}
/** Enabled simple products on the storefront, in a category, in stock, without special or tier prices. */
const seeded = () =>
  queryRows<Seeded & Record<string, unknown>>(
    t.db,
    sql`select p.id, p.sku, p.name, p.url_key, p.price_pence, min(pc.category_id)::int as category_id
        from products p join product_categories pc on pc.product_id = p.id join product_stock s on s.product_id = p.id
        where p.type_id = 'simple' and p.status = 1 and p.visibility = 4 and s.qty > 20 and s.is_in_stock and 2 = any(p.website_ids)
          and p.special_price_pence is null and not exists (select 1 from product_tier_prices tp where tp.product_id = p.id)
        group by p.id order by p.id`,
  );

/** A 400 naming `field` with `message`, and the product as it was (nothing saved, nothing logged). */
async function refused(id: number, change: Partial<ProductSaveRequest> | Record<string, unknown>, field: string, message: string) {
  const before = await detailOf(id);
  const logged = await lastLog(id).catch(() => undefined);
  const res = await save(id, { ...saveRequestOf(before), name: `${before.name} (changed)`, ...change });
  expect({ status: res.statusCode, field: res.json().field }).toEqual({ status: 400, field });
  expect(String(res.json().message)).toContain(message);
  expect(await detailOf(id)).toEqual(before);
  expect(await lastLog(id).catch(() => undefined)).toEqual(logged);
}

describe('roles', () => {
  it('only the catalogue role and the owner save the form; the orders and content roles are refused; no session is 401', async () => {
    const [p] = await seeded();
    expect((await saveChange(p!.id, { shortDescription: '<p>Hi</p>' }, staff.orders)).statusCode).toBe(403);
    const content = await saveChange(p!.id, { shortDescription: '<p>Hi</p>' }, staff.content);
    expect(content.statusCode).toBe(403);
    expect(content.json().message).toBe(BACKOFFICE_MESSAGES.noPermission);
    expect((await inject('POST', `/admin-api/products/${p!.id}`, undefined, saveRequestOf(await detailOf(p!.id)))).statusCode).toBe(401);
    expect((await detailOf(p!.id)).short_description).not.toBe('<p>Hi</p>');
    for (const who of [staff.owner, staff.catalogue]) {
      const res = await saveChange(p!.id, { shortDescription: `<p>By ${who.email}</p>` }, who);
      expect(res.statusCode).toBe(200);
      expect((await lastLog(p!.id)).staff_email).toBe(who.email);
    }
  });
});

describe('descriptions', () => {
  it('are stored as the storefront’s sanitiser leaves them, logged, and the product page shows them at once', async () => {
    const [, p] = await seeded();
    expect((await productInfo(p!.id)).status).toBe(200); // cached now
    const saved = await savedOk(p!.id, {
      shortDescription: '<p>Seals <strong>basements</strong>.</p><script>alert(1)</script>',
      description: '<h2>Fitting</h2><p onclick="steal()">Lay it flat.</p><img src="/media/x.jpg" onerror="alert(2)" alt="x">',
    });
    expect(saved.short_description).toBe('<p>Seals <strong>basements</strong>.</p>');
    expect(saved.description).toContain('<h2>Fitting</h2>');
    expect(saved.description).toContain('Lay it flat.');
    expect(saved.description).not.toMatch(/onerror|onclick|script/);
    const info = await productInfo(p!.id);
    expect(info.body!.attrs.short_description).toBe(saved.short_description);
    expect(info.body!.attrs.description).toBe(saved.description);
    const log = await lastLog(p!.id);
    expect(log).toMatchObject({ action: 'product.save', after: { short_description: saved.short_description, description: saved.description } });
    // Emptied: the storefront has none.
    await savedOk(p!.id, { shortDescription: ' ', description: '' });
    expect((await productInfo(p!.id)).body!.attrs.description).toBeNull();
  });

  it('refuses a text over 100,000 characters', async () => {
    const [p] = await seeded();
    await refused(p!.id, { description: 'x'.repeat(100_001) }, 'description', PRODUCT_MESSAGES.descriptionLong);
  });
});

describe('tier prices', () => {
  it('refuses each bad row with its message under the row’s field, and saves nothing', async () => {
    const [p] = await seeded();
    const price = p!.price_pence;
    const row = (over: Record<string, unknown> = {}) => ({ customerGroupId: CUSTOMER_GROUPS.TRADE, qty: 10, pricePence: price - 100, ...over });
    await refused(p!.id, { tierPrices: [row({ qty: 0 })] }, 'tierPrices.0.qty', PRODUCT_MESSAGES.tierQty);
    await refused(p!.id, { tierPrices: [row({ qty: 2.5 })] }, 'tierPrices.0.qty', PRODUCT_MESSAGES.tierQty);
    await refused(p!.id, { tierPrices: [row(), row({ pricePence: price - 200 })] }, 'tierPrices.1.qty', PRODUCT_MESSAGES.tierRepeated);
    await refused(p!.id, { tierPrices: [row({ pricePence: -1 })] }, 'tierPrices.0.pricePence', PRODUCT_MESSAGES.tierPriceBelowZero);
    await refused(p!.id, { tierPrices: [row({ pricePence: price })] }, 'tierPrices.0.pricePence', PRODUCT_MESSAGES.tierNotBelowPrice);
    await refused(p!.id, { tierPrices: [row({ customerGroupId: ALL_GROUPS, qty: 1 })] }, 'tierPrices.0.qty', PRODUCT_MESSAGES.tierAllGroupsQty1);
    await refused(p!.id, { tierPrices: [row({ customerGroupId: 7 })] }, 'tierPrices.0.customerGroupId', PRODUCT_MESSAGES.tierGroup);
    // Below the price as sent in the same save (a lower price makes a tier too high).
    await refused(p!.id, { tierPrices: [row({ pricePence: 500 })], pricePence: 400 }, 'tierPrices.0.pricePence', PRODUCT_MESSAGES.tierNotBelowPrice);
  });

  it('a quantity-1 tier for one group, and a tier for every group from 10: on the product page and in the basket', async () => {
    const [, , p] = await seeded();
    const price = p!.price_pence;
    const saved = await savedOk(p!.id, {
      tierPrices: [
        { customerGroupId: CUSTOMER_GROUPS.TRADE, qty: 1, pricePence: price - 50 },
        { customerGroupId: ALL_GROUPS, qty: 10, pricePence: price - 300 },
      ],
    });
    expect(saved.tier_prices).toEqual([
      { customer_group_id: CUSTOMER_GROUPS.TRADE, qty: 1, price_pence: price - 50 },
      { customer_group_id: ALL_GROUPS, qty: 10, price_pence: price - 300 },
    ]);
    const info = await productInfo(p!.id);
    expect(info.body!.tier_prices).toEqual(
      expect.arrayContaining([
        { customer_group_id: CUSTOMER_GROUPS.TRADE, qty: 1, value: (price - 50) / 100 },
        { customer_group_id: ALL_GROUPS, qty: 10, value: (price - 300) / 100 },
      ]),
    );
    // A guest buying 10 pays the every-group tier; buying 1, the price (the trade tier is not theirs).
    const cartId = (await post(t.app, '/api/cart/guest/create')).json().cartId as string;
    const added = await post(t.app, '/api/cart/add', { cartId, productSku: p!.sku, quantity: 10 });
    expect(added.statusCode).toBe(200);
    expect(added.json().items.find((i: { sku: string }) => i.sku === p!.sku)).toMatchObject({ price: (price - 300) / 100, qty: 10 });
    const single = (await post(t.app, '/api/cart/guest/create')).json().cartId as string;
    const one = await post(t.app, '/api/cart/add', { cartId: single, productSku: p!.sku, quantity: 1 });
    expect(one.json().items[0]).toMatchObject({ price: price / 100 });
    expect((await lastLog(p!.id)).after).toMatchObject({ tier_prices: saved.tier_prices });

    // Removed: gone from the page.
    await savedOk(p!.id, { tierPrices: [] });
    expect((await productInfo(p!.id)).body!.tier_prices).toEqual([]);
  });
});

describe('related and up-sell products', () => {
  it('refuses an unknown SKU, the product itself and a repeat under the row', async () => {
    const [p, a] = await seeded();
    await refused(p!.id, { related: [a!.sku, 'NO-SUCH-SKU'] }, 'related.1', PRODUCT_MESSAGES.linkUnknown);
    await refused(p!.id, { upsell: [p!.sku] }, 'upsell.0', PRODUCT_MESSAGES.linkSelf);
    await refused(p!.id, { related: [a!.sku, a!.sku.toLowerCase()] }, 'related.1', PRODUCT_MESSAGES.linkRepeated);
    await refused(p!.id, { related: ['bad sku!'] }, 'related.0', PRODUCT_MESSAGES.linkSku);
  });

  it('are saved in order, shown by the page’s related and up-sell calls (enabled ones only), reordered and removed', async () => {
    const [, , , p, a, b, c] = await seeded();
    const saved = await savedOk(p!.id, { related: [b!.sku, a!.sku], upsell: [c!.sku.toLowerCase()] });
    expect(saved.related.map((l) => l.sku)).toEqual([b!.sku, a!.sku]);
    expect(saved.upsell.map((l) => l.sku)).toEqual([c!.sku]);
    const links = (await productInfo(p!.id)).body!.product_links;
    const ofType = (type: string) => links.filter((l) => l.link_type === type).sort((x, y) => x.position - y.position).map((l) => l.linked_product_sku);
    expect(ofType('related')).toEqual([b!.sku, a!.sku]);
    expect(ofType('upsell')).toEqual([c!.sku]);
    // The storefront's related sidebar asks for those SKUs: a disabled one is left out.
    await savedOk(b!.id, { enabled: false });
    const bySku = productsBySkuSchema.parse((await api(`/products/by-sku?skus=${ofType('related').join(',')}`)).json());
    expect(bySku.map((x) => x.sku)).toEqual([a!.sku]);
    expect((await detailOf(p!.id)).related).toContainEqual({ sku: b!.sku, name: b!.name, enabled: false });
    await savedOk(b!.id, { enabled: true });

    await savedOk(p!.id, { related: [a!.sku, b!.sku], upsell: [] });
    const after = (await productInfo(p!.id)).body!.product_links;
    expect(after.filter((l) => l.link_type === 'related').sort((x, y) => x.position - y.position).map((l) => l.linked_product_sku)).toEqual([a!.sku, b!.sku]);
    expect(after.filter((l) => l.link_type === 'upsell')).toEqual([]);
    expect((await lastLog(p!.id)).after).toMatchObject({ related: [a!.sku, b!.sku], upsell: [] });
  });
});

describe('visibility', () => {
  it('Catalog, Search, Not Visible Individually and back: listings, search, the page and the sitemap follow at once', async () => {
    const [, , , , , , , p] = await seeded();
    const term = p!.sku;
    expect(await listingIds(p!.category_id)).toContain(p!.id);
    expect(await searchIds(term)).toContain(p!.id);

    await savedOk(p!.id, { visibility: 2 }); // Catalog only
    expect(await listingIds(p!.category_id)).toContain(p!.id);
    expect(await searchIds(term)).not.toContain(p!.id);
    expect((await productInfo(p!.id)).status).toBe(200);

    await savedOk(p!.id, { visibility: 3 }); // Search only
    expect(await listingIds(p!.category_id)).not.toContain(p!.id);
    expect(await searchIds(term)).toContain(p!.id);

    const saved = await savedOk(p!.id, { visibility: 1 }); // Not Visible Individually
    expect(saved.storefront_path).toBeNull();
    expect(await listingIds(p!.category_id)).not.toContain(p!.id);
    expect(await searchIds(term)).not.toContain(p!.id);
    expect((await productInfo(p!.id)).status).toBe(404);
    expect(await sitemapPaths()).not.toContain(`/${p!.url_key}`);
    // Still bought (as a grouped product's member would be).
    const cartId = (await post(t.app, '/api/cart/guest/create')).json().cartId as string;
    expect((await post(t.app, '/api/cart/add', { cartId, productSku: p!.sku, quantity: 1 })).statusCode).toBe(200);
    expect((await lastLog(p!.id))).toMatchObject({ before: { visibility: 3 }, after: { visibility: 1 } });

    await savedOk(p!.id, { visibility: 4 });
    expect(await listingIds(p!.category_id)).toContain(p!.id);
    expect(await searchIds(term)).toContain(p!.id);
    expect((await productInfo(p!.id)).status).toBe(200);
    expect(await sitemapPaths()).toContain(`/${p!.url_key}`);
  });

  it('refuses a visibility other than the four', async () => {
    const [p] = await seeded();
    await refused(p!.id, { visibility: 5 }, 'visibility', PRODUCT_MESSAGES.visibility);
  });
});

describe('categories and position', () => {
  it('the default (position) order follows the position; taken out, it leaves the category page; put in another, it shows there', async () => {
    const [, , , , , , , , p] = await seeded();
    const category = p!.category_id;
    const order = async () => categoryProductsSchema.parse((await api(`/categories/${category}/products?pageSize=100&sort=position`)).json()).items.map((i) => i.id);
    const [{ max }] = (await queryRows<{ max: number }>(t.db, sql`select max(position)::int as max from product_categories where category_id = ${category}`)) as [{ max: number }];
    const [{ min }] = (await queryRows<{ min: number }>(t.db, sql`select min(position)::int as min from product_categories where category_id = ${category}`)) as [{ min: number }];
    const others = (await detailOf(p!.id)).categories.filter((c) => c.category_id !== category).map((c) => ({ categoryId: c.category_id, position: c.position }));

    await savedOk(p!.id, { categories: [...others, { categoryId: category, position: max + 10 }] });
    expect((await order()).at(-1)).toBe(p!.id);
    await savedOk(p!.id, { categories: [...others, { categoryId: category, position: Math.max(0, min - 1) }] });
    expect((await order())[0]).toBe(p!.id);

    const [elsewhere] = await queryRows<{ id: number }>(
      t.db,
      sql`select c.id from categories c where c.is_active and not exists (select 1 from product_categories pc where pc.category_id = c.id and pc.product_id = ${p!.id}) order by c.id limit 1`,
    );
    const saved = await savedOk(p!.id, { categories: [...others, { categoryId: elsewhere!.id, position: 3 }] });
    expect(saved.categories).toContainEqual({ category_id: elsewhere!.id, position: 3 });
    expect(saved.categories.map((c) => c.category_id)).not.toContain(category);
    expect(await listingIds(category)).not.toContain(p!.id);
    expect(await listingIds(elsewhere!.id)).toContain(p!.id);
    expect((await productInfo(p!.id)).body!.category_ids).toContain(elsewhere!.id);
  });

  it('refuses an unknown category, a repeated one and a bad position', async () => {
    const [p] = await seeded();
    const current = (await detailOf(p!.id)).categories.map((c) => ({ categoryId: c.category_id, position: c.position }));
    await refused(p!.id, { categories: [...current, { categoryId: 999_999, position: 1 }] }, `categories.${current.length}.categoryId`, PRODUCT_MESSAGES.categoryUnknown);
    await refused(p!.id, { categories: [...current, current[0]!] }, `categories.${current.length}.categoryId`, PRODUCT_MESSAGES.categoryRepeated);
    await refused(p!.id, { categories: [{ categoryId: current[0]!.categoryId, position: -1 }] }, 'categories.0.position', PRODUCT_MESSAGES.categoryPosition);
  });
});

describe('two members saving the same product', () => {
  it('the second save of a form opened before the first is refused with 409, and nothing of it is saved', async () => {
    const [p] = await seeded();
    const opened = await detailOf(p!.id);
    const first = await save(p!.id, { ...saveRequestOf(opened), name: `${opened.name} (first)` }, staff.owner);
    expect(first.statusCode).toBe(200);
    const second = await save(p!.id, { ...saveRequestOf(opened), pricePence: opened.price_pence + 1 }, staff.catalogue);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: PRODUCT_MESSAGES.stale, field: 'updatedAt' });
    const now = await detailOf(p!.id);
    expect(now).toMatchObject({ name: `${opened.name} (first)`, price_pence: opened.price_pence });
    expect((await lastLog(p!.id)).staff_email).toBe(staff.owner.email);
    // Reloaded, the second member's save goes through.
    expect((await save(p!.id, { ...saveRequestOf(now), pricePence: opened.price_pence + 1 })).statusCode).toBe(200);
    // A save without the version is refused as a bad request.
    const { updatedAt: _u, ...withoutVersion } = saveRequestOf(await detailOf(p!.id));
    expect((await save(p!.id, withoutVersion)).json()).toMatchObject({ field: 'updatedAt' });
  });

  it('stock taken by orders while the form is open is not put back by a save that leaves the quantity alone; a quantity staff type is kept', async () => {
    const [p] = await seeded();
    const opened = await detailOf(p!.id);
    expect(opened.qty).toBeGreaterThan(3);
    // What a checkout's stock claim does while the form is open: it does not make the form stale.
    await queryRows(t.db, sql`update product_stock set qty = qty - 3 where product_id = ${p!.id}`);
    expect((await save(p!.id, { ...saveRequestOf(opened), name: `${opened.name} (renamed)` })).statusCode).toBe(200);
    const kept = await detailOf(p!.id);
    expect(kept).toMatchObject({ name: `${opened.name} (renamed)`, qty: opened.qty - 3 });
    // A quantity typed by staff (a stock count) is what they typed.
    expect((await save(p!.id, { ...saveRequestOf(kept), qty: 40 })).statusCode).toBe(200);
    expect((await detailOf(p!.id)).qty).toBe(40);
    // Without the quantity the form opened with, the save is refused under the quantity.
    const { qtyWas: _q, ...withoutQtyWas } = saveRequestOf(await detailOf(p!.id));
    expect((await save(p!.id, withoutQtyWas)).json()).toMatchObject({ field: 'qtyWas' });
  });
});
