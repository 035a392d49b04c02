import { productInfoSchema, productsBySkuSchema, PRODUCTS_BY_SKU_MAX } from '@shop/shared/schemas';
import { eq } from 'drizzle-orm';
import { products } from '../db/schema';
import { useSeededApp } from '../seed/testing';

const t = useSeededApp();

const get = (url: string) => t.app.inject({ method: 'GET', url });
async function bySku(skus: string[]) {
  const res = await get(`/api/products/by-sku?skus=${skus.map(encodeURIComponent).join(',')}`);
  expect(res.statusCode).toBe(200);
  return productsBySkuSchema.parse(res.json());
}
async function info(sku: string) {
  const [row] = await t.db.select({ id: products.id }).from(products).where(eq(products.sku, sku));
  const res = await get(`/api/products/info/${row!.id}`);
  expect(res.statusCode).toBe(200);
  return productInfoSchema.parse(res.json());
}

describe('GET /api/products/by-sku', () => {
  it('answers each named product as products/info does, in the order named', async () => {
    const found = await bySku(['HV-CDM20', 'HV-SUMP-SINGLE', 'HV-CDM-MESH']);
    expect(found.map((p) => p.sku)).toEqual(['HV-CDM20', 'HV-SUMP-SINGLE', 'HV-CDM-MESH']);
    // Same prices (tiers by customer group), stock and review summary as the product's own page.
    const single = await info('HV-SUMP-SINGLE');
    expect(found[1]).toEqual(single);
  });

  it('answers a grouped product with its items, as products/info does', async () => {
    const [kit] = await bySku(['HV-KIT-SUMP']);
    const own = await info('HV-KIT-SUMP');
    expect(kit!.associated!.length).toBeGreaterThan(0);
    expect(kit!.associated).toEqual(own.associated);
  });

  it('leaves out unknown, disabled and not-on-website-2 skus, and answers a repeated sku once', async () => {
    const found = await bySku(['NO-SUCH-SKU', 'HV-CDM8-CLEAR', 'NG-LINEAR-DRAIN', 'HV-CDM8', 'HV-CDM8']);
    expect(found.map((p) => p.sku)).toEqual(['HV-CDM8']);
    expect(await bySku(['NO-SUCH-SKU'])).toEqual([]);
  });

  it('takes skus with characters that need encoding as they are (no SQL of their own)', async () => {
    expect(await bySku(["HV-CDM8' or '1'='1", 'HV-CDM8%', 'hv-cdm8'])).toEqual([]);
  });

  it(`answers up to ${PRODUCTS_BY_SKU_MAX} skus`, async () => {
    const skus = [...Array.from({ length: PRODUCTS_BY_SKU_MAX - 1 }, (_, i) => `MISSING-${i}`), 'HV-CDM8'];
    expect((await bySku(skus)).map((p) => p.sku)).toEqual(['HV-CDM8']);
  });

  it.each([
    ['', 'skus: must be skus separated by commas, none empty'],
    ['skus=', 'skus: must be skus separated by commas, none empty'],
    ['skus=HV-CDM8,,HV-CDM20', 'skus: must be skus separated by commas, none empty'],
    [`skus=${Array.from({ length: PRODUCTS_BY_SKU_MAX + 1 }, (_, i) => `S${i}`).join(',')}`, `skus: must name at most ${PRODUCTS_BY_SKU_MAX} skus`],
    [`skus=${'X'.repeat(65)}`, 'skus: must name skus of at most 64 characters'],
  ])('answers 400 naming skus for ?%s', async (query, message) => {
    const res = await get(`/api/products/by-sku?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Bad Request', field: 'skus', ...(query ? { message } : {}) });
  });

  it('refuses a NUL in skus with 400', async () => {
    const res = await get('/api/products/by-sku?skus=HV-CDM8%00');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'skus' });
  });
});
