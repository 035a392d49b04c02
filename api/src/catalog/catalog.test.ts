import {
  categoriesSchema,
  featuredProductsSchema,
  productInfoSchema,
  productsAllSchema,
  type ProductInfo,
} from '@shop/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { products } from '../db/schema';
import { useSeededApp } from '../seed/testing';

const t = useSeededApp();

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
async function idOf(sku: string): Promise<number> {
  const [row] = await t.db.select({ id: products.id }).from(products).where(eq(products.sku, sku));
  if (!row) throw new Error(`no product ${sku}`);
  return row.id;
}
async function info(sku: string): Promise<ProductInfo> {
  const res = await get(`/api/products/info/${await idOf(sku)}`);
  expect(res.statusCode).toBe(200);
  return productInfoSchema.parse(res.json());
}

describe('GET /api/categories/', () => {
  it('answers every active category with url, attrs and the skus of its visible products', async () => {
    const res = await get('/api/categories/');
    expect(res.statusCode).toBe(200);
    const { categories } = categoriesSchema.parse(res.json());
    const byId = new Map(categories.map((c) => [c.id, c]));
    for (const id of [102, 104, 105, 106, 107, 108, 109]) {
      const category = byId.get(id)!;
      expect(category.attrs.icon).toBe(`/media/catalog/category/icons/${id}.svg`);
      expect(category.attrs.image).toMatch(/^\/media\/catalog\/category\/.+\.svg$/);
      expect(category.attrs.meta_title).toBeTruthy();
      expect(category.attrs.meta_description).toBeTruthy();
      expect(category.attrs.description).toMatch(/^<p>/);
      expect(category.attrs.custom_short_description).toBeTruthy();
      expect(category.productSkus.length).toBeGreaterThan(0);
      expect(category.product_count).toBe(category.productSkus.length);
    }
    expect(byId.get(102)!.url).toBe('/damp-proofing');
    expect(byId.get(104)!.url).toBe('/basement-waterproofing');
    expect(byId.get(105)!.url).toBe('/sump-pumps');
    const sub = byId.get(103)!;
    expect(sub).toMatchObject({ parent_id: 104, url: '/basement-waterproofing/cavity-drain-membranes' });
    // A parent comes before its children.
    expect(categories.findIndex((c) => c.id === 104)).toBeLessThan(categories.findIndex((c) => c.id === 103));
    expect(byId.get(103)!.productSkus).toContain('HV-CDM8');
  });

  it('never lists disabled, off-website or child products among the skus', async () => {
    const { categories } = categoriesSchema.parse((await get('/api/categories')).json());
    const all = categories.flatMap((c) => c.productSkus);
    for (const hidden of ['HV-CDM8-CLEAR', 'HV-PUMP-V1', 'HV-DAMP-FLUID', 'NG-LINEAR-DRAIN', 'HV-SUMP-LID', 'HV-CDM8-2020']) {
      expect(all).not.toContain(hidden);
    }
  });

  it('carries an ETag and Cache-Control, and answers 304 to If-None-Match', async () => {
    const first = await get('/api/categories/');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toMatch(/public, max-age=\d+/);
    const again = await get('/api/categories/', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/api/categories/', { 'if-none-match': 'W/' + etag })).statusCode).toBe(304);
    expect((await get('/api/categories/', { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });
});

describe('GET /api/products/all', () => {
  it('answers visible products keyed by sku, each complete', async () => {
    const res = await get('/api/products/all');
    expect(res.statusCode).toBe(200);
    const body = productsAllSchema.parse(res.json());
    const skus = Object.keys(body.items);
    expect(skus.length).toBeGreaterThanOrEqual(60);
    expect(body).toMatchObject({ page: 1, pageSize: 1000, totalCount: skus.length });
    for (const [sku, product] of Object.entries(body.items)) {
      expect(product.sku).toBe(sku);
      expect(product.status).toBe(1);
      expect(product.extension_attributes.website_ids).toContain(2);
      expect(product.visibility).toBe(4);
      expect(product.media_gallery_entries.length).toBeGreaterThanOrEqual(2);
      expect(product.media_gallery_entries.length).toBeLessThanOrEqual(5);
    }
    for (const hidden of ['HV-CDM8-CLEAR', 'HV-PUMP-V1', 'NG-LINEAR-DRAIN', 'HV-SUMP-LID', 'HV-CDM8-1020']) {
      expect(skus).not.toContain(hidden);
    }
  });

  it('pages with page and pageSize', async () => {
    const whole = productsAllSchema.parse((await get('/api/products/all')).json());
    const first = productsAllSchema.parse((await get('/api/products/all?page=1&pageSize=25')).json());
    const third = productsAllSchema.parse((await get('/api/products/all?page=3&pageSize=25')).json());
    expect(Object.keys(first.items)).toHaveLength(25);
    expect(first.totalCount).toBe(whole.totalCount);
    expect(Object.keys(third.items)).toEqual(Object.keys(whole.items).slice(50, 75));
    const beyond = productsAllSchema.parse((await get('/api/products/all?page=99&pageSize=25')).json());
    expect(beyond).toMatchObject({ items: {}, totalCount: whole.totalCount });
  });

  it.each([
    ['pageSize=1001', 'pageSize'],
    ['pageSize=0', 'pageSize'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
  ])('answers 400 naming the parameter for %s', async (query, field) => {
    const res = await get(`/api/products/all?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Bad Request', field });
    expect(res.json().message).toMatch(new RegExp(`^${field}: `));
  });
});

describe('GET /api/products/info/{id}', () => {
  it('answers a simple product with attrs, specification, gallery, tiers, downloads, links and stock', async () => {
    const tape = await info('HV-TAPE-BUTYL');
    expect(tape).toMatchObject({
      sku: 'HV-TAPE-BUTYL',
      type_id: 'simple',
      price: 19.5,
      status: 1,
      url: '/hydrovault-double-sided-butyl-tape-50mm',
      attrs: {
        manufacturer: '4',
        size: '50mm x 15m',
        country_of_manufacture: 'GB',
        url_key: 'hydrovault-double-sided-butyl-tape-50mm',
        url_path: 'hydrovault-double-sided-butyl-tape-50mm',
        special_price: null,
      },
      stock: { qty: 360, is_in_stock: true },
    });
    expect(tape.attrs.image).toBe(tape.media_gallery_entries[0]!.file);
    expect(tape.attrs.description).toMatch(/^<p>/);
    expect(tape.attrs.product_features).toMatch(/^<ul><li>/);
    expect(tape.tier_prices).toEqual(
      expect.arrayContaining([
        { customer_group_id: 2, qty: 1, value: 17.5 },
        { customer_group_id: 2, qty: 10, value: 15.9 },
        { customer_group_id: 3, qty: 1, value: 15 },
      ]),
    );
    expect(tape.downloads).toEqual([{ title: 'Product Datasheet (PDF)', url: '/media/datasheets/hv-tape-butyl-datasheet.pdf' }]);
    expect(tape.product_links.map((l) => [l.link_type, l.linked_product_sku])).toEqual([
      ['related', 'HV-CDM8'],
      ['related', 'HV-PRIMER'],
      ['related', 'HV-RADON-BARRIER'],
    ]);
    expect(tape.extension_attributes.product_links).toEqual(tape.product_links);
    expect(tape.review_summary.count).toBe(3);
    expect(tape.review_summary.average).toBeCloseTo(4.3, 1);
    expect(tape.children).toBeUndefined();
    expect(tape.associated).toBeUndefined();
  });

  it('answers CE mark, BBA certificate and country for certified products', async () => {
    const slurry = await info('HV-SLURRY');
    expect(slurry.attrs).toMatchObject({ ce_mark: 'EN 1504-2', bba_cert: '20/5741', country_of_manufacture: 'GB' });
    const gas = await info('HV-GAS-BARRIER');
    expect(gas.attrs).toMatchObject({ bba_cert: '21/5934', country_of_manufacture: 'DE' });
    const own = await info('NG-PU-SEALANT');
    expect(own.attrs.manufacturer).toBe('6');
    expect((await info('NG-MOULD-WASH')).attrs.manufacturer).toBe('499');
  });

  it('answers a configurable product with its options, child links and children', async () => {
    const membrane = await info('HV-CDM8');
    expect(membrane.type_id).toBe('configurable');
    const [option] = membrane.extension_attributes.configurable_product_options;
    expect(option).toMatchObject({ attribute_code: 'roll_size', label: 'Roll Size', product_id: membrane.id });
    expect(option!.values.map((v) => v.label)).toEqual(['1.0m x 20m (20m²)', '1.5m x 20m (30m²)', '2.0m x 20m (40m²)']);
    expect(membrane.children!.map((c) => c.sku)).toEqual(['HV-CDM8-1020', 'HV-CDM8-1520', 'HV-CDM8-2020']);
    expect(membrane.extension_attributes.configurable_product_links).toEqual(membrane.children!.map((c) => c.id));
    const big = membrane.children![2]!;
    expect(big).toMatchObject({ price: 179, visibility: 1, attrs: { size: '2.0m x 20m', coverage: '40m²' } });
    expect(big.option_values).toEqual({ roll_size: option!.values[2]!.value_index });
    expect(big.tier_prices).toContainEqual({ customer_group_id: 2, qty: 10, value: 151 });
    // The parent is priced from its cheapest child and in stock when any child is.
    expect(membrane.price).toBe(98);
    expect(membrane.stock.qty).toBe(64 + 41 + 120);
  });

  it("names a variant's parent, whose page shows it (its own address redirects there)", async () => {
    const membrane = await info('HV-CDM8');
    expect(membrane.parent).toBeUndefined();
    const variant = await info('HV-CDM8-2020');
    expect(variant.parent).toEqual({ id: membrane.id, url: membrane.url });
    // Once the parent is disabled, the variant (Not Visible Individually) has no page at all: 404.
    await t.db.update(products).set({ status: 2 }).where(eq(products.sku, 'HV-CDM8'));
    try {
      expect((await get(`/api/products/info/${await idOf('HV-CDM8-2020')}`)).statusCode).toBe(404);
    } finally {
      await t.db.update(products).set({ status: 1 }).where(eq(products.sku, 'HV-CDM8'));
    }
  });

  it('answers required custom options with their prices', async () => {
    const twin = await info('HV-SUMP-TWIN');
    const panel = twin.options.find((o) => o.title === 'Control panel')!;
    expect(panel).toMatchObject({ is_require: true, type: 'radio', product_sku: 'HV-SUMP-TWIN' });
    expect(panel.values.map((v) => [v.title, v.price])).toEqual([
      ['Standard panel with alarm', 0],
      ['Dial-out panel (texts you if the alarm sounds)', 145],
    ]);
    expect(twin.options.find((o) => o.title === 'Installation pack')!.is_require).toBe(false);
    expect(twin.options.map((o) => o.option_id)).toEqual([...new Set(twin.options.map((o) => o.option_id))]);
  });

  it('answers a grouped product with its associated items, in order, with default quantities', async () => {
    const kit = await info('HV-KIT-DPC');
    expect(kit.type_id).toBe('grouped');
    expect(kit.associated!.map((a) => [a.sku, a.default_qty])).toEqual([
      ['HV-DPC-CREAM-1', 4],
      ['HV-DPC-GUN', 1],
      ['HV-DRILL-BIT', 1],
      ['HV-SALT', 1],
    ]);
    expect(kit.product_links.filter((l) => l.link_type === 'associated').map((l) => l.linked_product_sku)).toEqual(
      kit.associated!.map((a) => a.sku),
    );
    // A grouped product's price is its cheapest item's.
    expect(kit.price).toBe(9);
  });

  it('answers a special price in pounds', async () => {
    const single = await info('HV-SUMP-SINGLE');
    expect(single.price).toBe(495);
    expect(single.attrs.special_price).toBe(449);
  });

  it('answers 404 for unknown, disabled and not-on-website-2 products', async () => {
    for (const id of [999999, await idOf('HV-CDM8-CLEAR'), await idOf('NG-LINEAR-DRAIN')]) {
      const res = await get(`/api/products/info/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Not Found', message: `Product ${id} not found` });
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])('answers 400 naming id for /products/info/%s', async (id) => {
    const res = await get(`/api/products/info/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', message: 'id: must be a positive whole number', field: 'id' });
  });

  it('leaves links to hidden products out', async () => {
    const id = await idOf('HV-ALARM');
    await t.db.update(products).set({ status: 2 }).where(eq(products.id, id));
    try {
      const single = await info('HV-SUMP-SINGLE');
      expect(single.product_links.map((l) => l.linked_product_sku)).not.toContain('HV-ALARM');
      expect(single.product_links.map((l) => l.linked_product_sku)).toContain('HV-HOSE');
      const kit = await info('HV-KIT-SUMP');
      expect(kit.associated!.map((a) => a.sku)).not.toContain('HV-ALARM');
    } finally {
      await t.db.update(products).set({ status: 1 }).where(eq(products.id, id));
    }
  });
});

describe('GET /api/products/featured', () => {
  it('answers the home page strip in order, with straplines and sashes', async () => {
    const res = await get('/api/products/featured');
    expect(res.statusCode).toBe(200);
    const featured = featuredProductsSchema.parse(res.json());
    expect(featured.length).toBeGreaterThanOrEqual(4);
    expect(featured[0]).toMatchObject({
      sku: 'HV-CDM8',
      name: 'Hydrovault Cavity Drain Membrane 8mm',
      sashText: 'Best Seller',
      sashColour: '#0b6e4f',
      buttonText: 'Shop Now',
      url: '/hydrovault-cavity-drain-membrane-8mm',
    });
    expect(featured.find((f) => f.sku === 'HV-SUMP-SINGLE')).toMatchObject({ price: 495, final_price: 449 });
    for (const f of featured) {
      expect(f.image).toMatch(/^\/media\//);
      expect(f.strapline.length).toBeGreaterThan(10);
    }
    expect(res.headers.etag).toBeDefined();
  });

  it('leaves out a featured product that is disabled', async () => {
    const [row] = await queryRows<{ id: number }>(t.db, sql`select product_id as id from featured_products order by position limit 1`);
    await t.db.update(products).set({ status: 2 }).where(eq(products.id, row!.id));
    try {
      const featured = featuredProductsSchema.parse((await get('/api/products/featured')).json());
      expect(featured.map((f) => f.product_id)).not.toContain(row!.id);
    } finally {
      await t.db.update(products).set({ status: 1 }).where(eq(products.id, row!.id));
    }
  });
});
