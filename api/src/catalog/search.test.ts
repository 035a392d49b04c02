import { productSearchSchema } from '@shop/shared/schemas';
import { eq, like } from 'drizzle-orm';
import { products } from '../db/schema';
import { useSeededApp } from '../seed/testing';

const t = useSeededApp();

async function search(q: string, limit?: number) {
  const res = await t.app.inject({ url: `/api/products/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}` });
  expect(res.statusCode).toBe(200);
  return productSearchSchema.parse(res.json()).items;
}
const skus = async (q: string, limit?: number) => (await search(q, limit)).map((i) => i.sku);

describe('GET /api/products/search', () => {
  it('answers name, sku, url, price, short description and image of each hit', async () => {
    const [hit] = await search('twin sump pump');
    expect(hit).toEqual({
      id: expect.any(Number),
      sku: 'HV-SUMP-TWIN',
      name: 'Hydrovault Twin Sump Pump System',
      type_id: 'simple',
      url: '/hydrovault-twin-sump-pump-system',
      price: 895,
      short_description: expect.stringContaining('Duty and standby pumps'),
      image: '/media/catalog/product/hv-sump-twin-1.svg',
    });
  });

  it('answers the guest price: the special price when there is one', async () => {
    const [hit] = await search('single sump pump system');
    expect(hit).toMatchObject({ sku: 'HV-SUMP-SINGLE', price: 449 });
  });

  it.each([
    ['cavty drane', 'HV-CDM8'],
    ['cavity drain membrane', 'HV-CDM8'],
    ['hydrovault cavity drain membrain', 'HV-CDM8'],
    ['tankng slury', 'HV-SLURRY'],
    ['butyl tap', 'HV-TAPE-BUTYL'],
    ['radon bariier', 'HV-RADON-BARRIER'],
    ['dpc injection creme', 'HV-DPC-CREAM'],
    ['twin sump', 'HV-SUMP-TWIN'],
    ['sump pmup twin', 'HV-SUMP-TWIN'],
  ])('finds the product despite typos: %s', async (q, sku) => {
    expect((await skus(q))[0]).toBe(sku);
  });

  it('puts name matches before products that only mention the words in their description', async () => {
    const hits = await search('geotextile', 10);
    // 'geotextile' is in the name of the external drainage sheet and only in the text of others.
    expect(hits[0]!.sku).toBe('HV-EXT-DRAIN');
    const membrane = await search('membrane', 20);
    const names = membrane.map((h) => h.name.toLowerCase());
    const firstWithout = names.findIndex((n) => !n.includes('membrane'));
    if (firstWithout >= 0) expect(names.slice(firstWithout).every((n) => !n.includes('membrane'))).toBe(true);
    expect(names.slice(0, 5).every((n) => n.includes('membrane'))).toBe(true);
  });

  it('finds words of the short description by full text, and skus by prefix', async () => {
    expect(await skus('residual damp')).toContain('HV-CDM-MESH');
    expect(await skus('HV-CHAN')).toEqual(expect.arrayContaining(['HV-CHAN-PERIM', 'HV-CHAN-CONN', 'HV-CHAN-CORNER']));
    expect(await skus('sump pum')).toContain('HV-SUMP-TWIN'); // the last word is still being typed
  });

  it('never shows disabled, off-website or child products', async () => {
    expect(await skus('clear inspection membrane')).not.toContain('HV-CDM8-CLEAR');
    expect(await skus('V1 submersible pump')).not.toContain('HV-PUMP-V1');
    expect(await skus('linear drain galvanised')).not.toContain('NG-LINEAR-DRAIN');
    expect(await skus('sealed sump lid')).not.toContain('HV-SUMP-LID');
    const all = await skus('hydrovault', 50);
    expect(all.some((s) => /^HV-CDM8-\d/.test(s))).toBe(false);
  });

  it('stops showing a product as soon as it is disabled', async () => {
    expect((await skus('tankng slury'))[0]).toBe('HV-SLURRY');
    await t.db.update(products).set({ status: 2 }).where(eq(products.sku, 'HV-SLURRY'));
    try {
      expect(await skus('tanking slurry')).not.toContain('HV-SLURRY');
      expect(await skus('tankng slury')).not.toContain('HV-SLURRY');
    } finally {
      await t.db.update(products).set({ status: 1 }).where(eq(products.sku, 'HV-SLURRY'));
    }
  });

  it('respects the limit (10 by default, at most 50)', async () => {
    expect((await search('hydrovault')).length).toBe(10);
    expect((await search('hydrovault', 3)).length).toBe(3);
    expect((await search('hydrovault', 50)).length).toBeGreaterThan(10);
  });

  it('pages through every match with the true count: nothing left out, nothing twice, suggestions first', async () => {
    const page = async (n: number, pageSize = 24) => {
      const res = await t.app.inject({ url: `/api/products/search?q=hydrovault&page=${n}&pageSize=${pageSize}` });
      expect(res.statusCode).toBe(200);
      return productSearchSchema.parse(res.json());
    };
    const first = await page(1);
    expect(first).toMatchObject({ page: 1, pageSize: 24 });
    const total = first.totalCount!;
    // More than the 50 the suggestions' limit allows: the search page used to stop there.
    const names = await t.db.select({ sku: products.sku }).from(products).where(like(products.name, '%Hydrovault%'));
    expect(total).toBeGreaterThan(50);
    expect(total).toBeGreaterThanOrEqual(Math.min(names.length, 50));

    const seen: string[] = [];
    for (let n = 1; n <= Math.ceil(total / 24); n += 1) {
      const answer = await page(n);
      expect(answer.totalCount).toBe(total);
      seen.push(...answer.items.map((i) => i.sku));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    // The same order as the suggestions, which are the first results.
    expect(seen.slice(0, 10)).toEqual(await skus('hydrovault'));
    expect(seen.slice(0, 50)).toEqual(await skus('hydrovault', 50));
    // Beyond the last page: no items, the same count.
    const beyond = await page(Math.ceil(total / 24) + 1);
    expect(beyond.items).toEqual([]);
    expect(beyond.totalCount).toBe(total);
    // Suggestions (limit) do not count.
    expect((await t.app.inject({ url: '/api/products/search?q=hydrovault&limit=5' })).json().totalCount).toBeUndefined();
  });

  it('answers no hits (not an error) for text that matches nothing, and for odd characters', async () => {
    expect(await search('zzqqxxyy')).toEqual([]);
    for (const q of ["o'brien", '%_\\', '(membrane', 'membrane & | !', 'a:*', '🙂', 'x', '   8mm   ']) {
      const res = await t.app.inject({ url: `/api/products/search?q=${encodeURIComponent(q)}` });
      expect(res.statusCode).toBe(200);
    }
    expect(await skus('8mm')).toContain('HV-CDM8');
  });

  it.each([
    ['', 'q', 'q: Invalid input: expected string, received undefined'],
    ['q=', 'q', 'q: must not be empty'],
    ['q=%20%20', 'q', 'q: must not be empty'],
    [`q=${'a'.repeat(101)}`, 'q', 'q: must be at most 100 characters'],
    ['q=pump&limit=0', 'limit', 'limit: must be a positive whole number'],
    ['q=pump&limit=51', 'limit', 'limit: must be at most 50'],
    ['q=pump&limit=ten', 'limit', 'limit: must be a positive whole number'],
    ['q=pu%00mp', 'q', 'q: must not contain NUL characters'],
    ['q=pump&page=0', 'page', 'page: must be a positive whole number'],
    ['q=pump&page=1001', 'page', 'page: must be at most 1000'],
    ['q=pump&pageSize=49', 'pageSize', 'pageSize: must be at most 48'],
    ['q=pump&pageSize=-1', 'pageSize', 'pageSize: must be a positive whole number'],
  ])('answers 400 naming the parameter for ?%s', async (query, field, message) => {
    const res = await t.app.inject({ url: `/api/products/search?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', field, message });
  });

  it('handles concurrent searches', async () => {
    const answers = await Promise.all(['membrane', 'sump', 'radon', 'dpc cream', 'tape'].map((q) => search(q)));
    for (const hits of answers) expect(hits.length).toBeGreaterThan(0);
    const generated = await t.db.select({ id: products.id }).from(products).where(like(products.sku, 'GEN-%'));
    expect(generated).toEqual([]);
  });
});
