import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { productsAllSchema } from '@shop/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { queryRows } from '../db/client';
import { appMeta, products } from '../db/schema';
import { testConfig } from '../test/app';
import { truncateAll, useTestDb } from '../test/db';
import { describeSeed, SEED_VERSION } from './build';
import { seedLargeCatalogue } from './large';
import { ensureSeedMedia, MEDIA_MARKER, seedBuild, seedDatabase, seedState } from './seed';

describe('the seed data', () => {
  const { rows, media } = seedBuild();
  const shown = rows.products.filter((p) => p.status === 1 && p.websiteIds!.includes(2) && p.visibility === 4);

  it('has the volume the storefront needs', () => {
    const counts = describeSeed(rows);
    expect(counts.shownProducts).toBeGreaterThanOrEqual(60);
    expect(counts.configurable).toBeGreaterThanOrEqual(8);
    expect(counts.grouped).toBeGreaterThanOrEqual(4);
    expect(counts.blogPosts).toBeGreaterThanOrEqual(10);
    expect(counts.authors).toBe(3);
    expect(counts.cmsPages).toBe(8);
    expect(rows.storeReviews.filter((r) => r.approved).length).toBeGreaterThanOrEqual(30);
    expect(rows.productReviews.filter((r) => r.approved).length).toBeGreaterThanOrEqual(30);
    expect(rows.featuredProducts.length).toBeGreaterThanOrEqual(4);
  });

  it('covers required custom options, trade tiers, special prices, disabled and off-website products', () => {
    expect(rows.productOptions.some((o) => o.isRequire)).toBe(true);
    expect(rows.productTierPrices.filter((t) => t.customerGroupId === 2).length).toBeGreaterThan(10);
    expect(rows.products.filter((p) => p.specialPricePence != null).length).toBeGreaterThanOrEqual(2);
    expect(rows.products.filter((p) => p.status === 2).length).toBeGreaterThanOrEqual(2);
    expect(rows.products.filter((p) => !p.websiteIds!.includes(2)).length).toBeGreaterThanOrEqual(2);
    // No General-group tier at qty 1, so listing sorts by (special ?? base) equal the guest price.
    expect(rows.productTierPrices.filter((t) => (t.customerGroupId === 1 || t.customerGroupId === 0) && t.qty === 1)).toEqual([]);
  });

  it('gives every shown product 2–5 pictures, a specification with country DE or GB, and a rewrite', () => {
    const rewrites = new Set(rows.urlRewrites.map((r) => r.requestPath));
    for (const p of shown) {
      const pictures = rows.productMedia.filter((m) => m.productId === p.id);
      expect(pictures.length).toBeGreaterThanOrEqual(2);
      expect(pictures.length).toBeLessThanOrEqual(5);
      for (const m of pictures) expect(media.has(m.file.replace(/^\/media\//, ''))).toBe(true);
      expect(['DE', 'GB']).toContain(p.attrs!.country_of_manufacture);
      expect(['4', '499', '6']).toContain(p.attrs!.manufacturer);
      expect(p.attrs!.short_description).toBeTruthy();
      expect(rewrites.has(p.urlKey)).toBe(true);
    }
    expect(shown.filter((p) => p.attrs!.bba_cert).length).toBeGreaterThan(10);
    expect(shown.filter((p) => p.attrs!.ce_mark).length).toBeGreaterThan(10);
    expect(rows.products.find((p) => p.sku === 'HV-CDM8')!.urlKey).toBe('hydrovault-cavity-drain-membrane-8mm');
  });

  it('writes real PDF datasheets and SVG pictures', () => {
    const pdfs = [...media].filter(([file]) => file.endsWith('.pdf'));
    expect(pdfs.length).toBeGreaterThanOrEqual(20);
    for (const [, content] of pdfs) {
      const pdf = Buffer.isBuffer(content) ? content : Buffer.from(content);
      const text = pdf.toString('latin1');
      expect(text.startsWith('%PDF-1.4')).toBe(true);
      expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
      // startxref points at the cross-reference table, whose offsets point at each object.
      const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
      expect(text.slice(xref, xref + 4)).toBe('xref');
      const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
      offsets.forEach((offset, i) => expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
    }
    let total = 0;
    for (const [file, content] of media) {
      total += content.length;
      if (file.endsWith('.svg')) {
        expect(String(content)).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*><title>/);
        expect(String(content)).not.toMatch(/<script|href=|url\(http/i);
      }
    }
    expect(total).toBeLessThan(3_000_000);
  });

  it('has icons for categories 102 and 104–109 and 301s pointing at live paths', () => {
    for (const id of [102, 104, 105, 106, 107, 108, 109]) expect(media.has(`catalog/category/icons/${id}.svg`)).toBe(true);
    const live = new Set(rows.urlRewrites.filter((r) => r.redirectType === 0).map((r) => r.requestPath));
    for (const r of rows.urlRewrites.filter((x) => x.redirectType === 301)) expect(live.has(r.targetPath)).toBe(true);
  });

  it('is deterministic', () => {
    expect(JSON.stringify(seedBuild().rows)).toBe(JSON.stringify(rows));
  });
});

describe('seedDatabase', () => {
  const t = useTestDb();

  it('loads the shop into an empty database once, records its version and moves the id sequences on', async () => {
    const first = await seedDatabase(t.db);
    expect(first).toMatchObject({ seeded: true });
    expect(first.ms).toBeLessThan(15_000);
    expect(await seedState(t.db)).toMatchObject({ version: SEED_VERSION, kind: 'shop' });
    const [count] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from products`);
    expect(count!.n).toBe(seedBuild().rows.products.length);

    expect(await seedDatabase(t.db)).toMatchObject({ seeded: false, reason: 'the catalogue is not empty' });
    const [again] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from products`);
    expect(again!.n).toBe(count!.n);

    const [inserted] = await t.db
      .insert(products)
      .values({ sku: 'NEW-1', name: 'New product', pricePence: 100, urlKey: 'new-product' })
      .returning({ id: products.id });
    expect(inserted!.id).toBeGreaterThan(count!.n);
  });

  it('replaces the catalogue with force', async () => {
    await t.db.update(products).set({ name: 'Changed' }).where(eq(products.sku, 'HV-CDM8'));
    expect(await seedDatabase(t.db, { force: true })).toMatchObject({ seeded: true, reason: 'forced' });
    const [row] = await t.db.select({ name: products.name }).from(products).where(eq(products.sku, 'HV-CDM8'));
    expect(row!.name).toBe('Hydrovault Cavity Drain Membrane 8mm');
    expect(await t.db.select().from(products).where(eq(products.sku, 'NEW-1'))).toEqual([]);
  });

  it('adds a large generated catalogue, hides what must be hidden, and is idempotent', async () => {
    const result = await seedLargeCatalogue(t.db, 300);
    expect(result).toMatchObject({ generated: 300, skipped: false });
    const [n] = await queryRows<{ n: number; disabled: number; off: number }>(
      t.db,
      sql`select count(*)::int as n, count(*) filter (where status = 2)::int as disabled,
            count(*) filter (where not (2 = any(website_ids)))::int as off
          from products where sku like 'GEN-%'`,
    );
    expect(n).toEqual({ n: 300, disabled: 6, off: 3 });
    const [rewrites] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from url_rewrites r join products p on p.id = r.entity_id and r.entity_type = 'product' where p.sku like 'GEN-%'`,
    );
    expect(rewrites!.n).toBe(300);
    expect(await seedLargeCatalogue(t.db, 300)).toMatchObject({ skipped: true });
    await seedLargeCatalogue(t.db, 120);
    const [m] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from products where sku like 'GEN-%'`);
    expect(m!.n).toBe(120);
    const [meta] = await t.db.select().from(appMeta).where(eq(appMeta.key, 'seed-large'));
    expect(meta!.value).toMatchObject({ products: 120 });
  });

  describe('at start', () => {
    let mediaDir: string;
    beforeAll(() => {
      mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-media-'));
    });
    afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

    it('seeds an empty database and writes the media when the app gets ready, then serves both', async () => {
      await truncateAll(t.db);
      const app = buildApp({ db: t.db, config: testConfig({ nodeEnv: 'development', mediaDir }) });
      try {
        await app.ready();
        const all = productsAllSchema.parse((await app.inject({ url: '/api/products/all' })).json());
        expect(Object.keys(all.items).length).toBeGreaterThanOrEqual(60);
        const picture = await app.inject({ url: all.items['HV-CDM8']!.attrs.image! });
        expect(picture.statusCode).toBe(200);
        expect(picture.headers['content-type']).toMatch(/^image\/svg\+xml/);
        const datasheet = await app.inject({ url: all.items['HV-CDM8']!.downloads[0]!.url });
        expect(datasheet.statusCode).toBe(200);
        expect(datasheet.headers['content-type']).toBe('application/pdf');
        expect(datasheet.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        expect(fs.existsSync(path.join(mediaDir, MEDIA_MARKER))).toBe(true);
      } finally {
        await app.close();
      }
    });

    it('does not rewrite media that are up to date', () => {
      expect(ensureSeedMedia(mediaDir).written).toBe(0);
      fs.writeFileSync(path.join(mediaDir, MEDIA_MARKER), 'stale\n');
      expect(ensureSeedMedia(mediaDir).written).toBe(seedBuild().media.size);
    });
  });
});
