import { productReviewsSchema, storeReviewsSchema } from '@shop/shared/schemas';
import { eq } from 'drizzle-orm';
import { productReviews, products, storeReviews } from '../db/schema';
import { useSeededApp } from '../seed/testing';
import { averageOf } from './service';

const t = useSeededApp();
const get = (url: string) => t.app.inject({ url });

describe('GET /api/reviews', () => {
  it('answers approved store reviews, newest first, 15 per page, with count and average', async () => {
    const res = await get('/api/reviews');
    expect(res.statusCode).toBe(200);
    const body = storeReviewsSchema.parse(res.json());
    expect(body.items).toHaveLength(15);
    expect(body.count).toBeGreaterThanOrEqual(30);
    expect(body).toMatchObject({ page: 1, pageSize: 15 });
    expect(body.average).toBeGreaterThan(4);
    expect(body.average).toBeLessThanOrEqual(5);
    const times = body.items.map((r) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(body.items[0]).toMatchObject({ nickname: 'Mark H.', location: 'Leeds', rating: 5 });

    const last = storeReviewsSchema.parse((await get(`/api/reviews?page=${Math.ceil(body.count / 15)}`)).json());
    expect(last.items.length).toBe(body.count % 15 || 15);
    const all = storeReviewsSchema.parse((await get('/api/reviews?pageSize=50')).json());
    expect(all.items.map((r) => r.title)).not.toContain('Awaiting moderation');
    expect(all.items).toHaveLength(body.count);
  });

  it('answers 400 naming page or pageSize', async () => {
    expect((await get('/api/reviews?page=0')).json()).toMatchObject({ field: 'page' });
    expect((await get('/api/reviews?pageSize=51')).json()).toMatchObject({ field: 'pageSize' });
  });

  it('shows a review once it is approved', async () => {
    const [row] = await t.db
      .insert(storeReviews)
      .values({ nickname: 'New Customer', location: 'Hull', title: 'Just arrived', detail: 'Fast delivery.', rating: 4, approved: false, createdAt: new Date('2030-01-01T00:00:00Z') })
      .returning({ id: storeReviews.id });
    const first = () => get('/api/reviews').then((r) => storeReviewsSchema.parse(r.json()).items[0]!.nickname);
    expect(await first()).not.toBe('New Customer');
    await t.db.update(storeReviews).set({ approved: true }).where(eq(storeReviews.id, row!.id));
    expect(await first()).toBe('New Customer');
    await t.db.delete(storeReviews).where(eq(storeReviews.id, row!.id));
  });
});

describe('GET /api/reviews/products/{sku}', () => {
  it('answers approved reviews of a product with average, count and distribution', async () => {
    const res = await get('/api/reviews/products/HV-CDM8');
    expect(res.statusCode).toBe(200);
    const body = productReviewsSchema.parse(res.json());
    expect(body.sku).toBe('HV-CDM8');
    expect(body.count).toBe(6);
    expect(body.items).toHaveLength(6);
    expect(body.distribution).toEqual({ 1: 0, 2: 0, 3: 0, 4: 2, 5: 4 });
    expect(body.average).toBe(4.7);
    expect(body.items.map((r) => r.title)).not.toContain('Unapproved');
  });

  it('pages 15 at a time, and lists a customer’s review once approved', async () => {
    const [product] = await t.db.select({ id: products.id }).from(products).where(eq(products.sku, 'HV-ALARM'));
    const rows = Array.from({ length: 20 }, (_, i) => ({
      productId: product!.id,
      customerId: i === 0 ? 4242 : null,
      nickname: `Reviewer ${i + 1}`,
      title: `Review ${i + 1}`,
      detail: 'Loud and easy to fit.',
      rating: (i % 5) + 1,
      approved: i !== 19,
      createdAt: new Date(Date.UTC(2030, 0, 1 + i)),
    }));
    await t.db.insert(productReviews).values(rows);
    try {
      const first = productReviewsSchema.parse((await get('/api/reviews/products/HV-ALARM')).json());
      const second = productReviewsSchema.parse((await get('/api/reviews/products/HV-ALARM?page=2')).json());
      expect(first.pageSize).toBe(15);
      expect(first.items).toHaveLength(15);
      expect(first.count).toBe(1 + 19);
      expect(second.items).toHaveLength(5);
      expect(first.items[0]!.nickname).toBe('Reviewer 19'); // the newest approved one
      expect(second.items.map((r) => r.nickname)).toContain('Reviewer 1'); // the customer's own, approved
      expect([...first.items, ...second.items].map((r) => r.nickname)).not.toContain('Reviewer 20');
    } finally {
      await t.db.delete(productReviews).where(eq(productReviews.productId, product!.id));
    }
    const none = productReviewsSchema.parse((await get('/api/reviews/products/HV-ALARM')).json());
    expect(none).toMatchObject({ count: 0, average: 0, items: [] });
  });

  it('answers 404 for an unknown, disabled or off-website sku', async () => {
    for (const sku of ['NOPE-1', 'HV-CDM8-CLEAR', 'NG-LINEAR-DRAIN']) {
      const res = await get(`/api/reviews/products/${sku}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Not Found', message: `Product ${sku} not found` });
    }
    expect((await get(`/api/reviews/products/${'X'.repeat(65)}`)).json()).toMatchObject({ field: 'sku' });
    expect((await get('/api/reviews/products/HV%00CDM8')).json()).toMatchObject({ field: 'sku', message: 'sku: must not contain NUL characters' });
  });
});

describe('averageOf', () => {
  it('rounds the mean to one decimal', () => {
    expect(averageOf([])).toBe(0);
    expect(averageOf([{ rating: 5, n: 2 }, { rating: 4, n: 1 }])).toBe(4.7);
    expect(averageOf([{ rating: 3, n: 4 }])).toBe(3);
  });
});
