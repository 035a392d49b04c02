import { resolvedPathSchema, urlRewritesSchema } from '@shop/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { categories, cmsPages, products } from '../db/schema';
import { useSeededApp } from '../seed/testing';

const t = useSeededApp();

const resolve = (path: string) => t.app.inject({ url: `/api/url-rewrites/resolve?path=${encodeURIComponent(path)}` });
async function resolved(path: string) {
  const res = await resolve(path);
  expect(res.statusCode).toBe(200);
  return resolvedPathSchema.parse(res.json());
}

describe('GET /api/url-rewrites', () => {
  it('lists a rewrite for every shown product, category and CMS page, plus 301s from old paths', async () => {
    const res = await t.app.inject({ url: '/api/url-rewrites' });
    expect(res.statusCode).toBe(200);
    const rewrites = urlRewritesSchema.parse(res.json());
    expect(res.headers['x-total-count']).toBe(String(rewrites.length));
    expect(res.headers.etag).toBeDefined();
    const paths = new Map(rewrites.map((r) => [r.request_path, r]));

    const shownProducts = await queryRows<{ id: number; url_key: string }>(
      t.db,
      sql`select id, url_key from products where status = 1 and 2 = any(website_ids) and visibility = 4`,
    );
    for (const p of shownProducts) {
      expect(paths.get(p.url_key)).toEqual({
        entity_id: p.id,
        entity_type: 'product',
        request_path: p.url_key,
        target_path: `catalog/product/view/id/${p.id}`,
        redirect_type: '0',
      });
    }
    for (const c of await t.db.select().from(categories)) {
      expect(paths.get(c.urlPath)).toMatchObject({ entity_type: 'category', entity_id: c.id, target_path: `catalog/category/view/id/${c.id}` });
    }
    const cms = rewrites.filter((r) => r.entity_type === 'cms-page' && r.redirect_type === '0').map((r) => r.request_path);
    expect(cms.sort()).toEqual(
      ['about', 'about/hydrovault-systems', 'contact', 'cookie-policy', 'delivery-and-returns', 'home', 'privacy-policy', 'terms-and-conditions'].sort(),
    );
    const moved = rewrites.filter((r) => r.redirect_type === '301');
    expect(moved.length).toBeGreaterThanOrEqual(5);
    for (const r of moved) expect(paths.get(r.target_path)?.redirect_type).toBe('0');
    for (const r of rewrites) expect(r.request_path).not.toMatch(/^\/|\/$/);
  });

  it('pages with page and pageSize; 400 for a bad pageSize', async () => {
    const all = urlRewritesSchema.parse((await t.app.inject({ url: '/api/url-rewrites' })).json());
    const second = urlRewritesSchema.parse((await t.app.inject({ url: '/api/url-rewrites?page=2&pageSize=10' })).json());
    expect(second).toEqual(all.slice(10, 20));
    const bad = await t.app.inject({ url: '/api/url-rewrites?pageSize=5001' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('pageSize');
  });
});

describe('GET /api/url-rewrites/resolve', () => {
  it('resolves a product path to its id, sku and url', async () => {
    const [row] = await t.db.select({ id: products.id }).from(products).where(eq(products.sku, 'HV-CDM8'));
    expect(await resolved('hydrovault-cavity-drain-membrane-8mm')).toEqual({
      type: 'product',
      id: row!.id,
      sku: 'HV-CDM8',
      url: '/hydrovault-cavity-drain-membrane-8mm',
    });
  });

  it('resolves the category paths the not-found page links to, and a subcategory', async () => {
    expect(await resolved('damp-proofing')).toEqual({ type: 'category', id: 102, url: '/damp-proofing' });
    expect(await resolved('basement-waterproofing')).toEqual({ type: 'category', id: 104, url: '/basement-waterproofing' });
    expect(await resolved('sump-pumps')).toEqual({ type: 'category', id: 105, url: '/sump-pumps' });
    expect(await resolved('basement-waterproofing/cavity-drain-membranes')).toEqual({
      type: 'category',
      id: 103,
      url: '/basement-waterproofing/cavity-drain-membranes',
    });
  });

  it('resolves CMS pages to their identifier', async () => {
    expect(await resolved('about/hydrovault-systems')).toEqual({ type: 'cms-page', identifier: 'hydrovault-systems', url: '/about/hydrovault-systems' });
    expect(await resolved('delivery-and-returns')).toEqual({ type: 'cms-page', identifier: 'delivery-and-returns', url: '/delivery-and-returns' });
    expect(await resolved('contact')).toMatchObject({ identifier: 'contact' });
  });

  it('answers a 301 to where an old path moved', async () => {
    expect(await resolved('damp-proof-membranes')).toEqual({ type: 'redirect', target: '/damp-proofing', status: 301 });
    expect(await resolved('hydrovault-8mm-membrane.html')).toEqual({ type: 'redirect', target: '/hydrovault-cavity-drain-membrane-8mm', status: 301 });
    expect(await resolved('about-us')).toEqual({ type: 'redirect', target: '/about', status: 301 });
  });

  it('tolerates a leading slash, redirects a trailing (or doubled) slash and capitals to the one address', async () => {
    expect(await resolved('/sump-pumps')).toEqual({ type: 'category', id: 105, url: '/sump-pumps' });
    // '/damp-proofing/' is not a second page of the category.
    expect(await resolved('/damp-proofing/')).toEqual({ type: 'redirect', target: '/damp-proofing', status: 301 });
    expect(await resolved('damp-proofing/')).toEqual({ type: 'redirect', target: '/damp-proofing', status: 301 });
    expect(await resolved('basement-waterproofing//cavity-drain-membranes')).toEqual({
      type: 'redirect',
      target: '/basement-waterproofing/cavity-drain-membranes',
      status: 301,
    });
    expect(await resolved('about/hydrovault-systems/')).toEqual({ type: 'redirect', target: '/about/hydrovault-systems', status: 301 });
    // An old path with a slash goes straight to where it moved; nothing at all stays a 404.
    expect(await resolved('damp-proof-membranes/')).toEqual({ type: 'redirect', target: '/damp-proofing', status: 301 });
    expect((await resolve('no-such-page/')).statusCode).toBe(404);
    expect(await resolved('Damp-Proofing')).toEqual({ type: 'redirect', target: '/damp-proofing', status: 301 });
    expect(await resolved('ABOUT-US')).toEqual({ type: 'redirect', target: '/about', status: 301 });
  });

  it.each(['no-such-page', 'damp-proofing/nope', 'catalog/product/view/id/1', '', '/', "'; drop table products; --", 'ünïcödé'])(
    'answers 404 JSON for a path that is not a page: %s',
    async (path) => {
      const res = await resolve(path);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Not Found', message: expect.stringMatching(/^No page at \//) });
    },
  );

  it('answers 404 for a disabled product, a product not on website 2, an inactive category or CMS page', async () => {
    expect((await resolve('hydrovault-8mm-clear-inspection-membrane')).statusCode).toBe(404);
    expect((await resolve('northgate-linear-drain-1m')).statusCode).toBe(404);
    await t.db.update(categories).set({ isActive: false }).where(eq(categories.id, 110));
    await t.db.update(cmsPages).set({ isActive: false }).where(eq(cmsPages.identifier, 'cookie-policy'));
    try {
      expect((await resolve('condensation-and-mould')).statusCode).toBe(404);
      expect((await resolve('cookie-policy')).statusCode).toBe(404);
    } finally {
      await t.db.update(categories).set({ isActive: true }).where(eq(categories.id, 110));
      await t.db.update(cmsPages).set({ isActive: true }).where(eq(cmsPages.identifier, 'cookie-policy'));
    }
    expect((await resolve('condensation-and-mould')).statusCode).toBe(200);
  });

  it('answers 400 naming path when it is missing or too long', async () => {
    const missing = await t.app.inject({ url: '/api/url-rewrites/resolve' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('path');
    const nul = await resolve('damp\u0000proofing');
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ field: 'path', message: 'path: must not contain NUL characters' });
    const long = await resolve('a'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field: 'path', message: 'path: must be at most 500 characters' });
  });

  it('carries ETag and Cache-Control', async () => {
    const res = await resolve('sump-pumps');
    expect(res.headers['cache-control']).toMatch(/^public/);
    const again = await t.app.inject({ url: '/api/url-rewrites/resolve?path=sump-pumps', headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });
});
