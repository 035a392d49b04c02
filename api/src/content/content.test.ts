import { authorsSchema, blogPostsSchema, cmsPagesSchema, relatedProductsSchema } from '@shop/shared/schemas';
import { RANGE_MAKER, SHOP_NAME } from '@shop/shared/shop';
import { eq } from 'drizzle-orm';
import { blogPosts, products } from '../db/schema';
import { useSeededApp } from '../seed/testing';
import { videoIdOf } from './service';

const t = useSeededApp();
const get = (url: string) => t.app.inject({ url });

describe('GET /api/content/cms-pages', () => {
  it('answers every CMS page of the route table with real content and meta', async () => {
    const res = await get('/api/content/cms-pages');
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeDefined();
    const { items } = cmsPagesSchema.parse(res.json());
    const byId = new Map(items.map((p) => [p.identifier, p]));
    expect([...byId.keys()].sort()).toEqual(
      ['about', 'contact', 'cookie-policy', 'delivery-and-returns', 'home', 'hydrovault-systems', 'privacy-policy', 'terms-and-conditions'].sort(),
    );
    for (const page of items) {
      expect(page.title.length).toBeGreaterThan(3);
      expect(page.meta_description!.length).toBeGreaterThan(40);
      expect(page.content).toMatch(/^<(p|h2)>/);
      expect(page.content).not.toMatch(/lorem|ipsum/i);
      expect(page.content.replace(/<[^>]+>/g, '').split(/\s+/).length).toBeGreaterThan(50);
    }
    expect(byId.get('home')!.url).toBe('/');
    expect(byId.get('hydrovault-systems')!.url).toBe('/about/hydrovault-systems');
    expect(byId.get('privacy-policy')!.url).toBe('/privacy-policy');
    expect(byId.get('hydrovault-systems')!.content).toContain(RANGE_MAKER);
    expect(byId.get('contact')!.content).toContain('01632 960 482');
    expect(byId.get('contact')!.content).toContain('info@northgate-membranes.co.uk');
    expect(byId.get('home')!.meta_title).toContain(SHOP_NAME);
    expect(byId.get('delivery-and-returns')!.content).toContain('Spend £250 ex VAT for Free 1-3 day Delivery');
    // The About page introduces each author at the anchor their posts link to.
    for (const anchor of ['dan-whitaker', 'priya-raman', 'tom-ellery']) expect(byId.get('about')!.content).toContain(`id="${anchor}"`);
  });
});

describe('GET /api/content/blog-posts', () => {
  it('answers 10+ advice posts newest first, with authors, related skus and HTML', async () => {
    const res = await get('/api/content/blog-posts');
    expect(res.statusCode).toBe(200);
    const { items } = blogPostsSchema.parse(res.json());
    expect(items.length).toBeGreaterThanOrEqual(10);
    const dates = items.map((p) => Date.parse(p.publish_date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const post of items) {
      expect(post.url).toBe(`/advice/${post.url_key}`);
      expect(post.author_name).toBeTruthy();
      expect(post.author_url).toMatch(/^\/about#/);
      expect(post.post_content).toMatch(/<(h2|ol|ul)>/);
      expect(post.post_content.replace(/<[^>]+>/g, ' ').split(/\s+/).length).toBeGreaterThan(150);
      expect(post.related_product_skus.length).toBeGreaterThan(0);
      expect(post.meta_title).toBeTruthy();
    }
    const videos = items.filter((p) => p.is_video);
    expect(videos.length).toBeGreaterThanOrEqual(3);
    for (const v of videos) {
      expect(v.image).toBe(`https://img.youtube.com/vi/${v.video_id}/hqdefault.jpg`);
      expect(v.video_id).toMatch(/^[\w-]{11}$/);
    }
    for (const a of items.filter((p) => !p.is_video)) {
      expect(a.image).toMatch(/^\/media\/content\/advice\/.+\.svg$/);
      expect(a.video_id).toBeNull();
    }
  });

  it('leaves out inactive posts and disabled related products', async () => {
    await t.db.update(blogPosts).set({ isActive: false }).where(eq(blogPosts.urlKey, 'planning-a-cellar-conversion'));
    await t.db.update(products).set({ status: 2 }).where(eq(products.sku, 'HV-SUMP-TWIN'));
    try {
      const { items } = blogPostsSchema.parse((await get('/api/content/blog-posts')).json());
      expect(items.map((p) => p.url_key)).not.toContain('planning-a-cellar-conversion');
      expect(items.flatMap((p) => p.related_product_skus)).not.toContain('HV-SUMP-TWIN');
    } finally {
      await t.db.update(blogPosts).set({ isActive: true }).where(eq(blogPosts.urlKey, 'planning-a-cellar-conversion'));
      await t.db.update(products).set({ status: 1 }).where(eq(products.sku, 'HV-SUMP-TWIN'));
    }
  });
});

describe('GET /api/content/authors', () => {
  it('answers { list } of the three authors, one without a picture', async () => {
    const res = await get('/api/content/authors');
    expect(res.statusCode).toBe(200);
    const { list } = authorsSchema.parse(res.json());
    expect(list.map((a) => a.name)).toEqual(['Dan Whitaker', 'Priya Raman', 'Tom Ellery']);
    expect(list[0]).toMatchObject({ image: '/media/content/authors/dan-whitaker.svg', url: '/about#dan-whitaker' });
    expect(list[2]!.image).toBeNull();
    for (const a of list) expect(a.short_description.length).toBeGreaterThan(40);
  });
});

describe('GET /api/content/blog-post/related-products/{id}', () => {
  it('answers the products a post recommends, in order, as a list with skus and prices', async () => {
    const [post] = await t.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.urlKey, 'injecting-a-dpc-step-by-step'));
    const res = await get(`/api/content/blog-post/related-products/${post!.id}`);
    expect(res.statusCode).toBe(200);
    const list = relatedProductsSchema.parse(res.json());
    expect(list.map((p) => p.sku)).toEqual(['HV-DPC-CREAM', 'HV-DPC-GUN', 'HV-DRILL-BIT', 'HV-SALT', 'HV-KIT-DPC']);
    expect(list[1]).toMatchObject({ name: 'Hydrovault DPC Cream Applicator Gun', price: 32, final_price: 32, status: 1, website_ids: [1, 2] });
    expect(list[4]).toMatchObject({ type_id: 'grouped', min_price: 9 });
  });

  it('answers 404 for an unknown post and 400 for a malformed id', async () => {
    const missing = await get('/api/content/blog-post/related-products/9999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Blog post 9999 not found' });
    const bad = await get('/api/content/blog-post/related-products/first');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'id' });
  });
});

describe('videoIdOf', () => {
  it.each([
    ['https://img.youtube.com/vi/Qm7Hc2vXbT4/hqdefault.jpg', 'Qm7Hc2vXbT4'],
    ['https://i.ytimg.com/vi_webp/Qm7Hc2vXbT4/maxresdefault.webp', 'Qm7Hc2vXbT4'],
    ['https://www.youtube.com/watch?v=Qm7Hc2vXbT4', 'Qm7Hc2vXbT4'],
    ['https://youtu.be/Qm7Hc2vXbT4', 'Qm7Hc2vXbT4'],
    ['/media/content/advice/x.svg', null],
    ['https://example.com/picture.jpg', null],
  ])('%s → %s', (image, id) => {
    expect(videoIdOf(image)).toBe(id);
  });
});
