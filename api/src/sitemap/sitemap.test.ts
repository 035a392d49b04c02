import { sql } from 'drizzle-orm';
import { adminProductDetailSchema, saveRequestOf } from '@shop/shared/backoffice';
import { sitemapAnswerSchema } from '@shop/shared/schemas';
import { signedInStaff } from '../backoffice/test-helpers';
import { nextIp } from '../customer/test-helpers';
import { queryRows } from '../db/client';
import { useSeededApp } from '../seed/testing';

const t = useSeededApp({ catalogCacheTtlMs: 60_000 });

const sitemap = async () => {
  const res = await t.app.inject({ url: '/api/sitemap', remoteAddress: nextIp() });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=1, must-revalidate');
  return sitemapAnswerSchema.parse(res.json()).entries.map((e) => e.path);
};

describe('GET /api/sitemap', () => {
  it('lists shown products, active categories, CMS pages and advice posts, and nothing hidden', async () => {
    const paths = await sitemap();
    const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(t.db, query))[0]!.n;
    const shownProducts = await count(sql`select count(*)::int as n from products where status = 1 and 2 = any(website_ids) and visibility <> 1`);
    const activeCategories = await count(sql`select count(*)::int as n from categories where is_active`);
    const [product] = await queryRows<{ url_key: string }>(t.db, sql`select url_key from products where status = 1 and 2 = any(website_ids) and visibility <> 1 limit 1`);
    const [variant] = await queryRows<{ url_key: string }>(t.db, sql`select url_key from products where visibility = 1 limit 1`);
    const [disabled] = await queryRows<{ url_key: string }>(t.db, sql`select url_key from products where status = 2 or not (2 = any(website_ids)) limit 1`);
    const [category] = await queryRows<{ url_path: string }>(t.db, sql`select url_path from categories where is_active and url_path like '%/%' limit 1`);
    const [post] = await queryRows<{ url_key: string }>(t.db, sql`select url_key from blog_posts where is_active and publish_date <= now() limit 1`);
    const [page] = await queryRows<{ path: string }>(t.db, sql`select r.request_path as path from url_rewrites r join cms_pages c on c.id = r.entity_id where r.entity_type = 'cms-page' and r.redirect_type = 0 and c.identifier <> 'home' and c.is_active limit 1`);
    expect(paths).toEqual(expect.arrayContaining(['/', '/advice', `/${product!.url_key}`, `/${category!.url_path}`, `/advice/${post!.url_key}`, `/${page!.path}`]));
    if (variant) expect(paths).not.toContain(`/${variant.url_key}`);
    if (disabled) expect(paths).not.toContain(`/${disabled.url_key}`);
    expect(paths.filter((p) => !p.startsWith('/advice') && p !== '/').length).toBeGreaterThanOrEqual(shownProducts + activeCategories);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('a product disabled in the back office is gone from the next answer', async () => {
    const staff = await signedInStaff(t.app, 'catalogue');
    const [p] = await queryRows<{ id: number; url_key: string }>(t.db, sql`select id, url_key from products where status = 1 and type_id = 'simple' and visibility = 4 and 2 = any(website_ids) order by id limit 1`);
    expect(await sitemap()).toContain(`/${p!.url_key}`);
    const detail = (await t.app.inject({ url: `/admin-api/products/${p!.id}`, headers: { cookie: staff.cookie }, remoteAddress: nextIp() })).json();
    const body = { ...saveRequestOf(adminProductDetailSchema.parse(detail)), enabled: false };
    const saved = await t.app.inject({ method: 'POST', url: `/admin-api/products/${p!.id}`, headers: staff.write, payload: body, remoteAddress: nextIp() });
    expect(saved.statusCode).toBe(200);
    expect(await sitemap()).not.toContain(`/${p!.url_key}`);
  });
});
