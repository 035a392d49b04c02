import { eq } from 'drizzle-orm';
import { products } from '../db/schema';
import { useSeededApp } from '../seed/testing';
import { AnswerCache, answerCacheTtl, DEFAULT_ANSWER_TTL_MS } from './http-cache';

describe('AnswerCache', () => {
  it('keeps answers for ttlMs, then forgets them', () => {
    let now = 1000;
    const cache = new AnswerCache({ ttlMs: 500, now: () => now });
    cache.set('/a', '{"a":1}', '"e1"');
    expect(cache.get('/a')).toEqual({ status: 200, body: '{"a":1}', etag: '"e1"', headers: {} });
    now += 499;
    expect(cache.get('/a')).toBeDefined();
    now += 1;
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used answers beyond its count or size', () => {
    const cache = new AnswerCache({ ttlMs: 1000, maxEntries: 2, maxChars: 1000 });
    cache.set('/a', 'a', '"a"');
    cache.set('/b', 'b', '"b"');
    cache.get('/a');
    cache.set('/c', 'c', '"c"');
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')).toBeDefined();
    expect(cache.get('/c')).toBeDefined();
    const small = new AnswerCache({ ttlMs: 1000, maxChars: 800 });
    small.set('/x', 'x'.repeat(90), '"x"');
    small.set('/y', 'y'.repeat(90), '"y"');
    small.set('/too-big', 'z'.repeat(101), '"z"'); // above an eighth of the budget: never kept
    expect(small.get('/too-big')).toBeUndefined();
    expect(small.size).toBe(2);
  });

  it('is off with a ttl of 0', () => {
    const cache = new AnswerCache({ ttlMs: 0 });
    cache.set('/a', 'a', '"a"');
    expect(cache.enabled).toBe(false);
    expect(cache.get('/a')).toBeUndefined();
  });

  it('takes its ttl from CATALOG_CACHE_TTL_MS, off under test by default', () => {
    expect(answerCacheTtl('production', {})).toBe(DEFAULT_ANSWER_TTL_MS);
    expect(answerCacheTtl('test', {})).toBe(0);
    expect(answerCacheTtl('test', { CATALOG_CACHE_TTL_MS: '2500' })).toBe(2500);
    expect(answerCacheTtl('production', { CATALOG_CACHE_TTL_MS: '0' })).toBe(0);
    expect(() => answerCacheTtl('production', { CATALOG_CACHE_TTL_MS: 'soon' })).toThrow(/CATALOG_CACHE_TTL_MS/);
  });
});

describe('the answer cache in the API', () => {
  const before = process.env.CATALOG_CACHE_TTL_MS;
  process.env.CATALOG_CACHE_TTL_MS = '60000';
  const t = useSeededApp();
  afterAll(() => {
    if (before === undefined) delete process.env.CATALOG_CACHE_TTL_MS;
    else process.env.CATALOG_CACHE_TTL_MS = before;
  });

  it('serves a repeated GET from memory with the same body and ETag, and 304 to If-None-Match', async () => {
    const [row] = await t.db.select({ id: products.id }).from(products).where(eq(products.sku, 'HV-NRV'));
    const url = `/api/products/info/${row!.id}`;
    const first = await t.app.inject({ url });
    expect(first.headers['x-cache']).toBe('MISS');
    await t.db.update(products).set({ name: 'Renamed in the database' }).where(eq(products.id, row!.id));
    try {
      const second = await t.app.inject({ url });
      expect(second.statusCode).toBe(200);
      expect(second.headers['x-cache']).toBe('HIT');
      expect(second.body).toBe(first.body); // within the TTL the cached answer is served
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(second.headers['content-type']).toMatch(/^application\/json/);
      expect(second.headers['cache-control']).toMatch(/^public/);
      const revalidated = await t.app.inject({ url, headers: { 'if-none-match': first.headers.etag as string } });
      expect(revalidated.statusCode).toBe(304);
      // Another URL (other query) is another answer.
      expect((await t.app.inject({ url: `${url}?x=1` })).headers['x-cache']).toBe('MISS');
    } finally {
      await t.db.update(products).set({ name: 'Hydrovault Non-Return Valve 32mm' }).where(eq(products.id, row!.id));
    }
  });

  it('keeps the headers an answer needs, remembers 404s briefly, and never caches other errors', async () => {
    await t.app.inject({ url: '/api/url-rewrites?pageSize=10' });
    const hit = await t.app.inject({ url: '/api/url-rewrites?pageSize=10' });
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(Number(hit.headers['x-total-count'])).toBeGreaterThan(10);
    const missing = await t.app.inject({ url: '/api/products/info/987654' });
    const again = await t.app.inject({ url: '/api/products/info/987654' });
    expect([missing.statusCode, again.statusCode]).toEqual([404, 404]);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.json()).toEqual(missing.json());
    expect(again.headers.etag).toBeUndefined();
    for (let i = 0; i < 2; i++) {
      const bad = await t.app.inject({ url: '/api/products/search?q=' });
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['x-cache']).toBeUndefined();
    }
  });

  it('caches content answers too', async () => {
    await t.app.inject({ url: '/api/content/cms-pages' });
    expect((await t.app.inject({ url: '/api/content/cms-pages' })).headers['x-cache']).toBe('HIT');
  });
});
