import { sql } from 'drizzle-orm';
import { adminProductDetailSchema, adminProductsAnswerSchema, BACKOFFICE_MESSAGES, PRODUCT_MESSAGES, saveRequestOf, type AdminProductDetail, type ProductSaveRequest } from '@shop/shared/backoffice';
import { categoryProductsSchema, productInfoSchema, productSearchSchema, resolvedPathSchema } from '@shop/shared/schemas';
import { nextIp } from '../customer/test-helpers';
import { queryRows } from '../db/client';
import { useSeededApp } from '../seed/testing';
import { staffPerRole, type SignedInStaff } from './test-helpers';

// The answer cache on (as in production), so a save must drop it for the new answers to show.
const t = useSeededApp({ catalogCacheTtlMs: 60_000 });

let owner: SignedInStaff, ordersStaff: SignedInStaff, catalogue: SignedInStaff, content: SignedInStaff;
beforeAll(async () => {
  ({ owner, orders: ordersStaff, catalogue, content } = await staffPerRole(t.app));
  await t.app.services.catalogChanges.ready();
});

const inject = (method: 'GET' | 'POST', url: string, who?: SignedInStaff, payload?: unknown, write = true) =>
  t.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    headers: who ? (method === 'POST' && write ? who.write : { cookie: who.cookie }) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const api = (url: string) => t.app.inject({ url: `/api${url}`, remoteAddress: nextIp() });

interface Seeded {
  id: number;
  sku: string;
  name: string;
  url_key: string;
  category_id: number;
}
/** Enabled simple products on the storefront, in a category, with stock. */
const seededProducts = () =>
  queryRows<Seeded & Record<string, unknown>>(
    t.db,
    sql`select p.id, p.sku, p.name, p.url_key, min(pc.category_id)::int as category_id
        from products p join product_categories pc on pc.product_id = p.id join product_stock s on s.product_id = p.id
        where p.type_id = 'simple' and p.status = 1 and p.visibility = 4 and s.qty > 0 and s.is_in_stock
          and p.special_price_pence is null and not exists (select 1 from product_tier_prices tp where tp.product_id = p.id)
        group by p.id order by p.id`,
  );

async function detailOf(id: number): Promise<AdminProductDetail> {
  const res = await inject('GET', `/admin-api/products/${id}`, catalogue);
  expect(res.statusCode).toBe(200);
  return adminProductDetailSchema.parse(res.json());
}

const unchanged = saveRequestOf;

const save = (id: number, body: unknown, who: SignedInStaff = catalogue) => inject('POST', `/admin-api/products/${id}`, who, body);
/** A save over the product as it is now (its current version): for tests of one member saving several times. */
const saveOver = async (id: number, body: ProductSaveRequest, who: SignedInStaff = catalogue) =>
  save(id, { ...body, updatedAt: (await detailOf(id)).updated_at }, who);

async function productInfo(id: number) {
  const res = await api(`/products/info/${id}`);
  return { status: res.statusCode, cache: res.headers['x-cache'], body: res.statusCode === 200 ? productInfoSchema.parse(res.json()) : null };
}
async function resolve(path: string) {
  const res = await api(`/url-rewrites/resolve?path=${encodeURIComponent(path)}`);
  return { status: res.statusCode, body: res.statusCode === 200 ? resolvedPathSchema.parse(res.json()) : null };
}
const activityRows = (id: number) =>
  queryRows<{ staff_email: string; action: string; before: unknown; after: unknown }>(
    t.db,
    sql`select staff_email, action, before, after from staff_activity where target_type = 'product' and target_id = ${String(id)} order by id`,
  );

describe('roles, on every products route', () => {
  let id = 0;
  beforeAll(async () => {
    id = (await seededProducts())[0]!.id;
  });
  const routes: Array<{ method: 'GET' | 'POST'; url: () => string; body?: () => Promise<unknown> }> = [
    { method: 'GET', url: () => '/admin-api/products' },
    { method: 'GET', url: () => `/admin-api/products/${id}` },
    { method: 'POST', url: () => `/admin-api/products/${id}`, body: async () => unchanged(await t.app.services.backoffice.productAdmin.detail(id)) },
  ];

  it.each(routes.map((r, i) => [r.method, ['/admin-api/products', '/admin-api/products/:id', '/admin-api/products/:id'][i]!, r] as const))('%s %s', async (_m, _u, route) => {
    const body = await route.body?.();
    expect((await inject(route.method, route.url(), undefined, body)).statusCode).toBe(401);
    for (const member of [owner, catalogue]) {
      // Each save over the version it read (a save moves the product to a new one).
      const res = await inject(route.method, route.url(), member, await route.body?.());
      expect(res.statusCode).toBe(200);
      if (route.method === 'POST') {
        const noCsrf = await inject(route.method, route.url(), member, body, false);
        expect(noCsrf.statusCode).toBe(403);
        expect(noCsrf.json().message).toBe(BACKOFFICE_MESSAGES.csrf);
      }
    }
    for (const member of [ordersStaff, content]) {
      const res = await inject(route.method, route.url(), member, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(BACKOFFICE_MESSAGES.noPermission);
    }
  });

  it('the catalogue role sees its area in the session; orders and content do not', async () => {
    expect((await inject('GET', '/admin-api/session', catalogue)).json().areas).toEqual(['dashboard', 'catalogue']);
    expect((await inject('GET', '/admin-api/session', content)).json().areas).not.toContain('catalogue');
    expect((await inject('GET', '/admin-api/session', ordersStaff)).json().areas).not.toContain('catalogue');
    expect((await inject('GET', '/admin-api/session', owner)).json().areas).toContain('catalogue');
  });
});

describe('the products list', () => {
  const list = async (query: string) => {
    const res = await inject('GET', `/admin-api/products?${query}`, catalogue);
    expect(res.statusCode).toBe(200);
    return adminProductsAnswerSchema.parse(res.json());
  };

  it('searches by name and SKU, filters by status, stock state and type, and pages', async () => {
    const [a] = await seededProducts();
    const all = await list('pageSize=100');
    const n = (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from products`))[0]!.n;
    expect(all.totalCount).toBe(n);
    // Name order, then id.
    const names = all.items.map((i) => i.name);
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));

    const bySku = await list(`q=${encodeURIComponent(a!.sku.toLowerCase())}`);
    expect(bySku.items.map((i) => i.id)).toContain(a!.id);
    for (const item of bySku.items) expect(item.sku.toLowerCase()).toContain(a!.sku.toLowerCase());
    const word = a!.name.split(' ').find((w) => w.length > 4)!;
    const byName = await list(`q=${encodeURIComponent(word)}&pageSize=100`);
    expect(byName.items.map((i) => i.id)).toContain(a!.id);
    for (const item of byName.items) expect(`${item.name} ${item.sku}`.toLowerCase()).toContain(word.toLowerCase());
    // A % typed is a percent sign, not a wildcard.
    expect((await list('q=%25%25%25')).totalCount).toBe(0);

    const [second] = (await list('pageSize=2&page=2')).items;
    expect(second).toEqual(all.items[2]);

    const off = (
      await queryRows<{ off: number }>(
        t.db,
        sql`select count(*)::int as off from products p left join product_stock s on s.product_id = p.id where not coalesce(s.is_in_stock and s.qty > 0, false)`,
      )
    )[0]!.off;
    const out = await list('stock=out_of_stock&pageSize=100');
    expect(out.totalCount).toBe(off);
    for (const item of out.items) expect(item.stock_state).toBe('out_of_stock');
    const inStock = await list('stock=in_stock&pageSize=100');
    expect(inStock.totalCount).toBe(n - off);

    const grouped = await list('type=grouped');
    expect(grouped.totalCount).toBeGreaterThan(0);
    for (const item of grouped.items) expect(item.type_id).toBe('grouped');

    const bad = await inject('GET', '/admin-api/products?stock=maybe', catalogue);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('stock');
  });

  it('filters disabled products', async () => {
    const [, b] = await seededProducts();
    const before = await detailOf(b!.id);
    expect((await saveOver(b!.id, { ...unchanged(before), enabled: false })).statusCode).toBe(200);
    const disabled = await list('status=disabled&pageSize=100');
    expect(disabled.items.map((i) => i.id)).toContain(b!.id);
    for (const item of disabled.items) expect(item.enabled).toBe(false);
    expect((await list('status=enabled&pageSize=100')).items.map((i) => i.id)).not.toContain(b!.id);
    expect((await saveOver(b!.id, unchanged(before))).statusCode).toBe(200);
  });
});

describe('saving a product', () => {
  it('saves every field, logs before and after, and the storefront answers the new price at once', async () => {
    const [, , p] = await seededProducts();
    // The storefront's answer is cached in this process (the answer cache is on here).
    const first = await productInfo(p!.id);
    expect(first.body!.price).toBeGreaterThan(1);
    expect((await productInfo(p!.id)).cache).toBe('HIT');

    const before = await detailOf(p!.id);
    const next: ProductSaveRequest = {
      ...unchanged(before),
      name: `${before.name} (new)`,
      pricePence: before.price_pence + 101,
      qty: 7,
      metaTitle: 'Cavity drain membrane, 20 m²',
      metaDescription: 'A membrane for basements.',
    };
    const res = await save(p!.id, next);
    expect(res.statusCode).toBe(200);
    const saved = adminProductDetailSchema.parse(res.json().product);
    expect(saved).toMatchObject({ name: next.name, price_pence: next.pricePence, qty: 7, is_in_stock: true, meta_title: next.metaTitle, meta_description: next.metaDescription });
    expect(await detailOf(p!.id)).toEqual(saved);

    const info = await productInfo(p!.id);
    expect(info.cache).toBe('MISS');
    expect(info.body!.price).toBe(next.pricePence / 100);
    expect(info.body!.name).toBe(next.name);
    expect(info.body!.stock.qty).toBe(7);
    expect(info.body!.attrs.meta_title).toBe(next.metaTitle);
    // The category listing and search carry it too.
    const listing = categoryProductsSchema.parse((await api(`/categories/${p!.category_id}/products?pageSize=100`)).json());
    expect(listing.items.find((i) => i.id === p!.id)?.price).toBe(next.pricePence / 100);
    const search = productSearchSchema.parse((await api(`/products/search?q=${encodeURIComponent(p!.sku)}`)).json());
    expect(search.items.find((i) => i.id === p!.id)?.price).toBe(next.pricePence / 100);

    const log = await activityRows(p!.id);
    const entry = log.at(-1)!;
    expect(entry).toMatchObject({ staff_email: catalogue.email, action: 'product.save' });
    expect(entry.before).toMatchObject({ name: before.name, price_pence: before.price_pence, qty: before.qty });
    expect(entry.after).toMatchObject({ name: next.name, price_pence: next.pricePence, qty: 7 });
    // The owner reads it in the activity log.
    const activity = await inject('GET', `/admin-api/activity?targetType=product&targetId=${p!.id}`, owner);
    expect(activity.json().items[0]).toMatchObject({ action: 'product.save', staff_email: catalogue.email });
  });

  it('refuses bad input with the message under the field, and saves nothing', async () => {
    const [p, other] = await seededProducts();
    const before = await detailOf(p!.id);
    const good = unchanged(before);
    const logged = (await activityRows(p!.id)).length;
    const [category] = await queryRows<{ url_path: string }>(t.db, sql`select url_path from categories where url_path not like '%/%' limit 1`);
    const cases: Array<[Partial<ProductSaveRequest> | Record<string, unknown>, string, string]> = [
      [{ pricePence: -1 }, 'pricePence', PRODUCT_MESSAGES.priceBelowZero],
      [{ pricePence: 12.5 }, 'pricePence', PRODUCT_MESSAGES.price],
      [{ specialPricePence: -5 }, 'specialPricePence', PRODUCT_MESSAGES.specialBelowZero],
      [{ pricePence: 1000, specialPricePence: 1001 }, 'specialPricePence', PRODUCT_MESSAGES.specialAbovePrice],
      [{ specialPricePence: null, specialFrom: '2030-01-01' }, 'specialPricePence', PRODUCT_MESSAGES.specialDatesWithoutPrice],
      [{ specialPricePence: 100, specialFrom: '2030-02-01', specialTo: '2030-01-31' }, 'specialTo', PRODUCT_MESSAGES.specialDatesOrder],
      [{ specialPricePence: 100, specialFrom: '2030-02-30' }, 'specialFrom', 'Enter a real date.'],
      [{ qty: -1 }, 'qty', PRODUCT_MESSAGES.qty],
      [{ name: '   ' }, 'name', PRODUCT_MESSAGES.name],
      [{ urlKey: 'Cavity Drain' }, 'urlKey', PRODUCT_MESSAGES.urlKey],
      [{ urlKey: 'a--b' }, 'urlKey', PRODUCT_MESSAGES.urlKey],
      [{ urlKey: other!.url_key }, 'urlKey', PRODUCT_MESSAGES.urlKeyTaken],
      [{ urlKey: category!.url_path }, 'urlKey', PRODUCT_MESSAGES.urlKeyTaken],
      [{ urlKey: 'contact' }, 'urlKey', PRODUCT_MESSAGES.urlKeyTaken],
    ];
    for (const [change, field, message] of cases) {
      const res = await save(p!.id, { ...good, name: 'Changed name', ...change });
      expect({ change, status: res.statusCode }).toEqual({ change, status: 400 });
      expect({ change, field: res.json().field }).toEqual({ change, field });
      expect(res.json().message).toContain(message);
    }
    expect(await detailOf(p!.id)).toEqual(before);
    expect((await activityRows(p!.id)).length).toBe(logged);
    expect((await save(999_999, good)).statusCode).toBe(404);
    expect((await save(p!.id, { ...good, extra: 'ignored', pricePence: '12' })).json().field).toBe('pricePence');
  });

  it('a special price with dates applies only between them (London days), moved in and out by the job', async () => {
    const [, , , p] = await seededProducts();
    const before = await detailOf(p!.id);
    const special = Math.floor(before.price_pence / 2);
    const later = await saveOver(p!.id, { ...unchanged(before), specialPricePence: special, specialFrom: '2099-01-01', specialTo: null });
    expect(later.statusCode).toBe(200);
    expect(later.json().product).toMatchObject({ special_price_pence: special, special_from: '2099-01-01', special_price_active: false });
    expect((await productInfo(p!.id)).body!.attrs.special_price).toBeNull();

    const now = await saveOver(p!.id, { ...unchanged(before), specialPricePence: special, specialFrom: '2020-01-01', specialTo: '2099-12-31' });
    expect(now.json().product).toMatchObject({ special_price_active: true });
    expect((await productInfo(p!.id)).body!.attrs.special_price).toBe(special / 100);

    // The dates end (as if the days passed): the job takes it out of effect, and the storefront follows.
    expect((await productInfo(p!.id)).cache).toBe('HIT');
    await t.db.execute(sql`update products set special_to_date = (now() at time zone 'Europe/London')::date - 1 where id = ${p!.id}`);
    expect(await t.app.services.backoffice.productAdmin.applySpecialPriceDates()).toEqual([p!.id]);
    expect(await t.app.services.backoffice.productAdmin.applySpecialPriceDates()).toEqual([]);
    const ended = await productInfo(p!.id);
    expect(ended.body!.attrs.special_price).toBeNull();
    expect((await detailOf(p!.id)).special_price_pence).toBe(special);
    // And back in when a start date arrives.
    await t.db.execute(sql`update products set special_from_date = (now() at time zone 'Europe/London')::date, special_to_date = null where id = ${p!.id}`);
    expect(await t.app.services.backoffice.productAdmin.applySpecialPriceDates()).toEqual([p!.id]);
    expect((await productInfo(p!.id)).body!.attrs.special_price).toBe(special / 100);

    expect((await saveOver(p!.id, unchanged(before))).statusCode).toBe(200);
    expect((await productInfo(p!.id)).body!.attrs.special_price).toBeNull();
  });

  it('a disabled product leaves listings and search, its page and address answer 404; enabled again it is back', async () => {
    const [, , , , p] = await seededProducts();
    const before = await detailOf(p!.id);
    expect((await resolve(p!.url_key)).body).toMatchObject({ type: 'product', id: p!.id });
    expect((await saveOver(p!.id, { ...unchanged(before), enabled: false })).statusCode).toBe(200);

    expect((await productInfo(p!.id)).status).toBe(404);
    expect((await resolve(p!.url_key)).status).toBe(404);
    const listing = categoryProductsSchema.parse((await api(`/categories/${p!.category_id}/products?pageSize=100`)).json());
    expect(listing.items.map((i) => i.id)).not.toContain(p!.id);
    const search = productSearchSchema.parse((await api(`/products/search?q=${encodeURIComponent(p!.sku)}`)).json());
    expect(search.items.map((i) => i.id)).not.toContain(p!.id);
    expect((await detailOf(p!.id)).storefront_path).toBeNull();

    expect((await saveOver(p!.id, unchanged(before))).statusCode).toBe(200);
    expect((await productInfo(p!.id)).status).toBe(200);
    expect((await resolve(p!.url_key)).status).toBe(200);
  });

  it('stock set to zero shows out of stock and can no longer be added to a basket', async () => {
    const [, , , , , p] = await seededProducts();
    const before = await detailOf(p!.id);
    expect((await saveOver(p!.id, { ...unchanged(before), qty: 0 })).statusCode).toBe(200);
    expect((await productInfo(p!.id)).body!.stock.is_in_stock).toBe(false);
    const listing = categoryProductsSchema.parse((await api(`/categories/${p!.category_id}/products?pageSize=100`)).json());
    expect(listing.items.find((i) => i.id === p!.id)?.is_in_stock).toBe(false);
    const add = await t.app.inject({ method: 'POST', url: '/api/cart/add', remoteAddress: nextIp(), payload: { productSku: p!.sku, quantity: 1 } });
    expect(add.statusCode).toBe(400);
    expect(add.json().message).toBe(`Sorry, ${before.name} is out of stock.`);
    // Flagged out of stock with units left: the same.
    expect((await saveOver(p!.id, { ...unchanged(before), qty: 5, isInStock: false })).statusCode).toBe(200);
    expect((await productInfo(p!.id)).body!.stock.is_in_stock).toBe(false);
    expect((await saveOver(p!.id, unchanged(before))).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/cart/add', remoteAddress: nextIp(), payload: { productSku: p!.sku, quantity: 1 } });
    expect(again.statusCode).toBe(200);
  });
});

describe('changing a URL key', () => {
  it('keeps the old address working: a 301 to the new one, never a chain, and going back works', async () => {
    const [, , , , , , p] = await seededProducts();
    const before = await detailOf(p!.id);
    const original = p!.url_key;
    const first = `${original}-v2`;
    const res = await saveOver(p!.id, { ...unchanged(before), urlKey: first });
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({ url_key: first, storefront_path: `/${first}`, old_paths: [`/${original}`] });
    expect((await resolve(original)).body).toEqual({ type: 'redirect', target: `/${first}`, status: 301 });
    expect((await resolve(first)).body).toEqual({ type: 'product', id: p!.id, sku: p!.sku, url: `/${first}` });
    expect((await productInfo(p!.id)).body!.url).toBe(`/${first}`);

    const second = `${original}-v3`;
    expect((await saveOver(p!.id, { ...unchanged(before), urlKey: second })).statusCode).toBe(200);
    // Both old addresses go straight to the newest one.
    expect((await resolve(original)).body).toEqual({ type: 'redirect', target: `/${second}`, status: 301 });
    expect((await resolve(first)).body).toEqual({ type: 'redirect', target: `/${second}`, status: 301 });
    // Another product cannot take an old address of this one.
    const [other] = await seededProducts();
    const taken = await save(other!.id, { ...unchanged(await detailOf(other!.id)), urlKey: first });
    expect(taken.json()).toMatchObject({ field: 'urlKey', message: PRODUCT_MESSAGES.urlKeyTaken });

    // Back to the original: its 301 makes way; the others point at it.
    const back = await saveOver(p!.id, unchanged(before));
    expect(back.json().product).toMatchObject({ url_key: original, old_paths: [`/${first}`, `/${second}`].sort() });
    expect((await resolve(original)).body).toMatchObject({ type: 'product', id: p!.id });
    expect((await resolve(second)).body).toEqual({ type: 'redirect', target: `/${original}`, status: 301 });
    const log = await activityRows(p!.id);
    expect(log.map((l) => [(l.before as { url_key: string }).url_key, (l.after as { url_key: string }).url_key])).toEqual([
      [original, first],
      [first, second],
      [second, original],
    ]);
  });
});

describe('a new simple product', () => {
  const fresh = (over: Partial<ProductSaveRequest & { sku: string }> = {}) => ({
    sku: 'HV-NEW-1',
    name: 'Hydrovault test membrane',
    pricePence: 2_500,
    specialPricePence: null,
    specialFrom: null,
    specialTo: null,
    qty: 12,
    isInStock: true,
    enabled: true,
    urlKey: 'hydrovault-test-membrane',
    metaTitle: '',
    metaDescription: '',
    ...over,
  });

  it('is for the catalogue role and the owner only', async () => {
    expect((await inject('POST', '/admin-api/products', undefined, fresh())).statusCode).toBe(401);
    for (const member of [ordersStaff, content]) expect((await inject('POST', '/admin-api/products', member, fresh())).statusCode).toBe(403);
    expect((await inject('POST', '/admin-api/products', catalogue, fresh(), false)).statusCode).toBe(403);
  });

  it('refuses bad input under the field and makes nothing; then makes it, on the storefront at once, logged', async () => {
    const [p] = await seededProducts();
    const [category] = await queryRows<{ url_path: string }>(t.db, sql`select url_path from categories where url_path not like '%/%' limit 1`);
    const count = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from products`))[0]!.n;
    const n = await count();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ sku: '' }, 'sku', PRODUCT_MESSAGES.sku],
      [{ sku: 'has space' }, 'sku', PRODUCT_MESSAGES.sku],
      [{ sku: p!.sku }, 'sku', PRODUCT_MESSAGES.skuTaken],
      [{ name: ' ' }, 'name', PRODUCT_MESSAGES.name],
      [{ pricePence: -1 }, 'pricePence', PRODUCT_MESSAGES.priceBelowZero],
      [{ specialPricePence: 3_000 }, 'specialPricePence', PRODUCT_MESSAGES.specialAbovePrice],
      [{ qty: -2 }, 'qty', PRODUCT_MESSAGES.qty],
      [{ urlKey: 'Not A Key' }, 'urlKey', PRODUCT_MESSAGES.urlKey],
      [{ urlKey: p!.url_key }, 'urlKey', PRODUCT_MESSAGES.urlKeyTaken],
      [{ urlKey: category!.url_path }, 'urlKey', PRODUCT_MESSAGES.urlKeyTaken],
    ];
    for (const [change, field, message] of cases) {
      const res = await inject('POST', '/admin-api/products', catalogue, fresh(change));
      expect({ change, status: res.statusCode, field: res.json().field }).toEqual({ change, status: 400, field });
      expect(res.json().message).toContain(message);
    }
    expect(await count()).toBe(n);

    const res = await inject('POST', '/admin-api/products', catalogue, fresh());
    expect(res.statusCode).toBe(200);
    const made = adminProductDetailSchema.parse(res.json().product);
    expect(made).toMatchObject({ sku: 'HV-NEW-1', type_id: 'simple', enabled: true, price_pence: 2_500, qty: 12, storefront_path: '/hydrovault-test-membrane' });
    expect((await resolve('hydrovault-test-membrane')).body).toEqual({ type: 'product', id: made.id, sku: 'HV-NEW-1', url: '/hydrovault-test-membrane' });
    expect((await productInfo(made.id)).body).toMatchObject({ name: 'Hydrovault test membrane', price: 25 });
    const search = productSearchSchema.parse((await api('/products/search?q=HV-NEW-1')).json());
    expect(search.items.map((i) => i.id)).toContain(made.id);
    expect((await activityRows(made.id)).at(-1)).toMatchObject({ action: 'product.create', staff_email: catalogue.email, after: { sku: 'HV-NEW-1', price_pence: 2_500 } });
  });
});

describe('duplicating a product', () => {
  it('needs a new SKU and URL key, copies the product, and the copy starts disabled', async () => {
    const [p] = await seededProducts();
    const url = `/admin-api/products/${p!.id}/duplicate`;
    expect((await inject('POST', url, undefined, { sku: 'COPY-1', urlKey: 'copy-one' })).statusCode).toBe(401);
    for (const member of [ordersStaff, content]) expect((await inject('POST', url, member, { sku: 'COPY-1', urlKey: 'copy-one' })).statusCode).toBe(403);
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ urlKey: 'copy-one' }, 'sku', PRODUCT_MESSAGES.sku],
      [{ sku: 'COPY-1' }, 'urlKey', PRODUCT_MESSAGES.urlKey],
      [{ sku: p!.sku, urlKey: 'copy-one' }, 'sku', PRODUCT_MESSAGES.skuTaken],
      [{ sku: 'COPY-1', urlKey: p!.url_key }, 'urlKey', PRODUCT_MESSAGES.urlKeyTaken],
    ];
    for (const [body, field, message] of refusals) {
      const res = await inject('POST', url, catalogue, body);
      expect({ body, status: res.statusCode, field: res.json().field }).toEqual({ body, status: 400, field });
      expect(res.json().message).toContain(message);
    }
    const [grouped] = await queryRows<{ id: number }>(t.db, sql`select id from products where type_id = 'grouped' limit 1`);
    const notSimple = await inject('POST', `/admin-api/products/${grouped!.id}/duplicate`, catalogue, { sku: 'COPY-G', urlKey: 'copy-g' });
    expect(notSimple.json()).toMatchObject({ message: PRODUCT_MESSAGES.duplicateSimpleOnly });
    expect((await inject('POST', '/admin-api/products/999999/duplicate', catalogue, { sku: 'COPY-X', urlKey: 'copy-x' })).statusCode).toBe(404);

    const res = await inject('POST', url, catalogue, { sku: 'COPY-1', urlKey: 'copy-one' });
    expect(res.statusCode).toBe(200);
    const copy = adminProductDetailSchema.parse(res.json().product);
    const source = await detailOf(p!.id);
    expect(copy).toMatchObject({ sku: 'COPY-1', url_key: 'copy-one', enabled: false, storefront_path: null, name: source.name, price_pence: source.price_pence, qty: source.qty });
    const categoriesOf = (id: number) => queryRows<{ category_id: number }>(t.db, sql`select category_id from product_categories where product_id = ${id} order by category_id`);
    expect(await categoriesOf(copy.id)).toEqual(await categoriesOf(p!.id));
    const mediaOf = (id: number) => queryRows<{ file: string }>(t.db, sql`select file from product_media where product_id = ${id} order by position`);
    expect(await mediaOf(copy.id)).toEqual(await mediaOf(p!.id));
    // Disabled: not on the storefront until enabled.
    expect((await productInfo(copy.id)).status).toBe(404);
    expect((await saveOver(copy.id, { ...unchanged(copy), enabled: true })).statusCode).toBe(200);
    expect((await productInfo(copy.id)).body).toMatchObject({ sku: 'COPY-1', price: source.price_pence / 100 });
    expect((await activityRows(copy.id))[0]).toMatchObject({ action: 'product.duplicate', before: { from: p!.sku } });
  });
});

describe('the category filter', () => {
  it('lists the products placed in a category, and the categories by their path', async () => {
    const options = await inject('GET', '/admin-api/products/categories', catalogue);
    expect(options.statusCode).toBe(200);
    const items = (options.json() as { items: Array<{ id: number; label: string }> }).items;
    const [p] = await seededProducts();
    const option = items.find((c) => c.id === p!.category_id)!;
    expect(option.label).toBeTruthy();
    expect(items.some((c) => c.label.includes(' › '))).toBe(true);
    const res = await inject('GET', `/admin-api/products?category=${p!.category_id}&pageSize=100`, catalogue);
    const placed = await queryRows<{ product_id: number }>(t.db, sql`select product_id from product_categories where category_id = ${p!.category_id}`);
    expect(res.json().totalCount).toBe(placed.length);
    expect(res.json().items.map((i: { id: number }) => i.id)).toContain(p!.id);
    expect((await inject('GET', '/admin-api/products?category=abc', catalogue)).json().field).toBe('category');
    for (const member of [ordersStaff, content]) expect((await inject('GET', '/admin-api/products/categories', member)).statusCode).toBe(403);
  });
});
