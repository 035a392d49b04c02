import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import {
  adminCategoriesAnswerSchema,
  adminCmsPageDetailSchema,
  adminCmsPagesAnswerSchema,
  adminPostDetailSchema,
  adminPostsAnswerSchema,
  adminReviewsAnswerSchema,
  BACKOFFICE_MESSAGES,
  CONTENT_MESSAGES,
  reviewModerateAnswerSchema,
  type AdminCategory,
  type AdminCmsPageDetail,
  type AdminPostDetail,
  type CmsPageSaveRequest,
  type PostSaveRequest,
} from '@shop/shared/backoffice';
import { blogPostsSchema, categoriesSchema, cmsPagesSchema, productInfoSchema, productReviewsSchema, resolvedPathSchema, storeReviewsSchema } from '@shop/shared/schemas';
import { nextIp, post as customerPost, signedIn, tempDataDir } from '../customer/test-helpers';
import { queryRows } from '../db/client';
import { storeReviews } from '../reviews/schema';
import { useSeededApp } from '../seed/testing';
import { HERO_SIZE, IMAGE_MESSAGES, UPLOAD_LIMIT } from './hero-images';
import { staffPerRole, type SignedInStaff } from './test-helpers';

// The answer cache on (as in production), so a save must drop it for the new answers to show;
// uploads in a folder of this test's own.
const t = useSeededApp({ catalogCacheTtlMs: 60_000, dataDir: tempDataDir() });

let owner: SignedInStaff, ordersStaff: SignedInStaff, catalogue: SignedInStaff, content: SignedInStaff;
beforeAll(async () => {
  ({ owner, orders: ordersStaff, catalogue, content } = await staffPerRole(t.app));
  await t.app.services.catalogChanges.ready();
});

const inject = (method: 'GET' | 'POST', url: string, who?: SignedInStaff, payload?: unknown, write = true) =>
  t.app.inject({
    method,
    url: `/admin-api${url}`,
    remoteAddress: nextIp(),
    headers: who ? (method === 'POST' && write ? who.write : { cookie: who.cookie }) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const api = (url: string) => t.app.inject({ url: `/api${url}`, remoteAddress: nextIp() });

const activityOf = (targetType: string, id: number) =>
  queryRows<{ staff_email: string; action: string; before: unknown; after: unknown }>(
    t.db,
    sql`select staff_email, action, before, after from staff_activity where target_type = ${targetType} and target_id = ${String(id)} order by id`,
  );
const countOf = async (table: string) => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

const DIRTY = '<p onclick="steal()">Dry <b>walls</b></p><img src="/media/x.png" onerror="alert(1)"><script>alert(2)</script>';
const CLEAN = '<p>Dry <b>walls</b></p><img src="/media/x.png">';

async function storefrontPages() {
  const res = await api('/content/cms-pages');
  expect(res.statusCode).toBe(200);
  return cmsPagesSchema.parse(res.json()).items;
}
async function storefrontPosts() {
  const res = await api('/content/blog-posts');
  expect(res.statusCode).toBe(200);
  return blogPostsSchema.parse(res.json()).items;
}
async function pageByIdentifier(identifier: string): Promise<AdminCmsPageDetail> {
  const list = adminCmsPagesAnswerSchema.parse((await inject('GET', `/cms-pages?q=${identifier}&pageSize=100`, content)).json());
  const found = list.items.find((p) => p.identifier === identifier)!;
  return adminCmsPageDetailSchema.parse((await inject('GET', `/cms-pages/${found.id}`, content)).json());
}
const pageRequest = (p: AdminCmsPageDetail): CmsPageSaveRequest => ({
  title: p.title,
  contentHeading: p.content_heading ?? '',
  content: p.content,
  metaTitle: p.meta_title ?? '',
  metaDescription: p.meta_description ?? '',
  active: p.active,
});
const postRequest = (p: AdminPostDetail): PostSaveRequest => ({
  name: p.name,
  urlKey: p.url_key,
  shortContent: p.short_content ?? '',
  postContent: p.post_content,
  image: p.image,
  videoLink: p.video_link ?? '',
  publishDate: p.publish_date,
  authorId: p.author_id,
  relatedSkus: p.related_skus,
  metaTitle: p.meta_title ?? '',
  metaDescription: p.meta_description ?? '',
  active: p.active,
});

describe('roles, on every content and category route', () => {
  // Three items each (the body undefined for a GET), so jest never takes the third argument for `done`.
  const contentRoutes: Array<[method: 'GET' | 'POST', url: string, body: unknown]> = [
    ['GET', '/cms-pages', undefined],
    ['GET', '/cms-pages/1', undefined],
    ['POST', '/cms-pages/2/publish', { active: true }],
    ['POST', '/content/preview', { html: '<p>x</p>' }],
    ['GET', '/posts', undefined],
    ['GET', '/posts/authors', undefined],
    ['GET', '/posts/1', undefined],
    ['POST', '/posts/1/publish', { active: true }],
    ['GET', '/reviews', undefined],
    ['GET', '/reviews?kind=store&state=approved', undefined],
  ];
  it.each(contentRoutes)('%s %s: owner and content only', async (method, url, body) => {
    expect((await inject(method, url, undefined, body)).statusCode).toBe(401);
    for (const member of [owner, content]) {
      expect({ url, member: member.email, status: (await inject(method, url, member, body)).statusCode }).toEqual({ url, member: member.email, status: 200 });
      if (method === 'POST') expect((await inject(method, url, member, body, false)).json().message).toBe(BACKOFFICE_MESSAGES.csrf);
    }
    for (const member of [ordersStaff, catalogue]) {
      const res = await inject(method, url, member, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(BACKOFFICE_MESSAGES.noPermission);
    }
  });

  it('categories: owner and catalogue only', async () => {
    const list = adminCategoriesAnswerSchema.parse((await inject('GET', '/categories', catalogue)).json());
    const c = list.items[0]!;
    const body = { name: c.name, description: c.description ?? '', position: c.position, enabled: c.enabled };
    expect((await inject('GET', '/categories')).statusCode).toBe(401);
    for (const member of [owner, catalogue]) {
      expect((await inject('GET', '/categories', member)).statusCode).toBe(200);
      expect((await inject('POST', `/categories/${c.id}`, member, body)).statusCode).toBe(200);
      expect((await inject('POST', `/categories/${c.id}`, member, body, false)).statusCode).toBe(403);
    }
    for (const member of [ordersStaff, content]) {
      for (const res of [await inject('GET', '/categories', member), await inject('POST', `/categories/${c.id}`, member, body)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(BACKOFFICE_MESSAGES.noPermission);
      }
    }
  });

  it('the content role sees its area in the session', async () => {
    expect((await inject('GET', '/session', content)).json().areas).toEqual(['dashboard', 'content']);
    expect((await inject('GET', '/session', owner)).json().areas).toContain('content');
  });
});

describe('CMS pages', () => {
  it('lists every page with its storefront address', async () => {
    const list = adminCmsPagesAnswerSchema.parse((await inject('GET', '/cms-pages?pageSize=100', content)).json());
    expect(list.totalCount).toBe(8);
    expect(list.items.find((p) => p.identifier === 'home')).toMatchObject({ url: '/', active: true });
    expect(list.items.find((p) => p.identifier === 'contact')).toMatchObject({ url: '/contact' });
    const found = adminCmsPagesAnswerSchema.parse((await inject('GET', '/cms-pages?q=deliv', content)).json());
    expect(found.items.map((p) => p.identifier)).toEqual(['delivery-and-returns']);
    expect((await inject('GET', '/cms-pages/999999', content)).statusCode).toBe(404);
  });

  it('saves an edited page with its script removed; the storefront answers it at once; logged before and after', async () => {
    const before = await pageByIdentifier('delivery-and-returns');
    await storefrontPages(); // cached now (60 s)
    expect((await api('/content/cms-pages')).headers['x-cache']).toBe('HIT');
    const res = await inject('POST', `/cms-pages/${before.id}`, content, {
      ...pageRequest(before),
      title: 'Delivery and Returns (updated)',
      content: `<p>Next-day delivery on orders placed by 1pm.</p>${DIRTY}`,
      metaTitle: 'Delivery | Northgate',
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json().page as AdminCmsPageDetail;
    expect(saved.content).toBe(`<p>Next-day delivery on orders placed by 1pm.</p>${CLEAN}`);
    expect(saved).toMatchObject({ title: 'Delivery and Returns (updated)', meta_title: 'Delivery | Northgate', identifier: 'delivery-and-returns' });

    const shown = (await storefrontPages()).find((p) => p.identifier === 'delivery-and-returns')!;
    expect(shown.content).toBe(saved.content);
    expect(shown.content).not.toMatch(/script|onerror|onclick/);
    expect(shown.title).toBe('Delivery and Returns (updated)');

    const log = await activityOf('cms-page', before.id);
    expect(log.at(-1)).toMatchObject({ staff_email: content.email, action: 'cms-page.save', before: { title: before.title, content: before.content }, after: { title: saved.title, content: saved.content } });
  });

  it('makes a new page at /{identifier}, published or not', async () => {
    const pages = await countOf('cms_pages');
    const res = await inject('POST', '/cms-pages', owner, {
      identifier: 'trade-accounts',
      title: 'Trade Accounts',
      contentHeading: 'Open a trade account',
      content: `<h2>Credit terms</h2>${DIRTY}`,
      metaTitle: '',
      metaDescription: 'Trade accounts for contractors.',
      active: true,
    });
    expect(res.statusCode).toBe(200);
    const page = adminCmsPageDetailSchema.parse(res.json().page);
    expect(page).toMatchObject({ identifier: 'trade-accounts', url: '/trade-accounts', content: `<h2>Credit terms</h2>${CLEAN}`, meta_title: null, active: true });
    expect(await countOf('cms_pages')).toBe(pages + 1);
    const resolved = resolvedPathSchema.parse((await api('/url-rewrites/resolve?path=trade-accounts')).json());
    expect(resolved).toMatchObject({ type: 'cms-page', identifier: 'trade-accounts' });
    expect((await storefrontPages()).find((p) => p.identifier === 'trade-accounts')).toMatchObject({ url: '/trade-accounts', meta_description: 'Trade accounts for contractors.' });
    expect((await activityOf('cms-page', page.id))[0]).toMatchObject({ action: 'cms-page.create', staff_email: owner.email });

    // Unpublished: gone from the storefront (its address answers 404), then back.
    const off = await inject('POST', `/cms-pages/${page.id}/publish`, content, { active: false });
    expect(off.json().page.active).toBe(false);
    expect((await storefrontPages()).map((p) => p.identifier)).not.toContain('trade-accounts');
    expect((await api('/url-rewrites/resolve?path=trade-accounts')).statusCode).toBe(404);
    expect((await inject('POST', `/cms-pages/${page.id}/publish`, content, { active: true })).json().page.active).toBe(true);
    expect((await storefrontPages()).map((p) => p.identifier)).toContain('trade-accounts');
    expect((await activityOf('cms-page', page.id)).map((r) => r.action)).toEqual(['cms-page.create', 'cms-page.unpublish', 'cms-page.publish']);
    // Publishing a published page changes and logs nothing.
    await inject('POST', `/cms-pages/${page.id}/publish`, content, { active: true });
    expect(await activityOf('cms-page', page.id)).toHaveLength(3);
  });

  it('refuses bad input with the message under the field, and saves nothing', async () => {
    const about = await pageByIdentifier('about');
    const home = await pageByIdentifier('home');
    const pages = await countOf('cms_pages');
    const logged = await countOf('staff_activity');
    const good = { identifier: 'new-page', title: 'New', contentHeading: '', content: '<p>x</p>', metaTitle: '', metaDescription: '', active: true };
    const creates: Array<[Record<string, unknown>, string, string]> = [
      [{ title: '  ' }, 'title', CONTENT_MESSAGES.title],
      [{ title: undefined }, 'title', CONTENT_MESSAGES.title],
      [{ identifier: 'about' }, 'identifier', CONTENT_MESSAGES.identifierTaken],
      [{ identifier: 'Trade Page' }, 'identifier', CONTENT_MESSAGES.identifier],
      [{ identifier: 'trade_page' }, 'identifier', CONTENT_MESSAGES.identifier],
      [{ identifier: 'a--b' }, 'identifier', CONTENT_MESSAGES.identifier],
      [{ identifier: '' }, 'identifier', CONTENT_MESSAGES.identifier],
      [{ identifier: 'checkout' }, 'identifier', CONTENT_MESSAGES.addressTaken],
      [{ identifier: 'damp-proofing' }, 'identifier', CONTENT_MESSAGES.addressTaken],
    ];
    for (const [change, field, message] of creates) {
      const res = await inject('POST', '/cms-pages', content, { ...good, ...change });
      expect({ change, status: res.statusCode, field: res.json().field }).toEqual({ change, status: 400, field });
      expect(res.json().message).toContain(message);
    }
    const saves: Array<[number, Record<string, unknown>, string, string]> = [
      [about.id, { title: '' }, 'title', CONTENT_MESSAGES.title],
      [home.id, { active: false }, 'active', CONTENT_MESSAGES.homeAlwaysActive],
    ];
    for (const [id, change, field, message] of saves) {
      const base = pageRequest(id === home.id ? home : about);
      const res = await inject('POST', `/cms-pages/${id}`, content, { ...base, content: '<p>changed</p>', ...change });
      expect({ change, status: res.statusCode, field: res.json().field, message: res.json().message }).toEqual({ change, status: 400, field, message: expect.stringContaining(message) });
    }
    expect((await inject('POST', `/cms-pages/${home.id}/publish`, content, { active: false })).json()).toMatchObject({ field: 'active', message: CONTENT_MESSAGES.homeAlwaysActive });
    expect((await inject('POST', '/cms-pages/999999', content, pageRequest(about))).statusCode).toBe(404);
    expect(await countOf('cms_pages')).toBe(pages);
    expect(await countOf('staff_activity')).toBe(logged);
    expect(await pageByIdentifier('about')).toEqual(about);
    expect(await pageByIdentifier('home')).toEqual(home);
  });

  it('previews rich text as the storefront will show it', async () => {
    const res = await inject('POST', '/content/preview', content, { html: DIRTY });
    expect(res.json()).toEqual({ html: CLEAN });
    expect((await inject('POST', '/content/preview', content, { html: 5 })).json().field).toBe('html');
  });
});

describe('advice posts', () => {
  const first = async () => {
    const list = adminPostsAnswerSchema.parse((await inject('GET', '/posts?pageSize=100', content)).json());
    expect(list.totalCount).toBeGreaterThan(3);
    const article = list.items.find((p) => !p.is_video)!;
    const video = list.items.find((p) => p.is_video)!;
    const detail = async (id: number) => adminPostDetailSchema.parse((await inject('GET', `/posts/${id}`, content)).json());
    return { article: await detail(article.id), video: await detail(video.id) };
  };

  it('lists posts newest first; a video post shows its link', async () => {
    const { article, video } = await first();
    expect(article.image).toMatch(/^\/media\//);
    expect(article.video_link).toBeNull();
    expect(video.image).toBeNull();
    expect(video.video_link).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]+$/);
    const list = adminPostsAnswerSchema.parse((await inject('GET', '/posts', content)).json());
    const dates = list.items.map((p) => p.publish_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await inject('GET', '/posts/999999', content)).statusCode).toBe(404);
    const authors = (await inject('GET', '/posts/authors', content)).json().items as Array<{ id: number; name: string }>;
    expect(authors.length).toBeGreaterThan(1);
  });

  it('saves a post (body sanitised, related products, video link) and the storefront answers it at once', async () => {
    const { article } = await first();
    await storefrontPosts();
    const [sku1, sku2] = (await queryRows<{ sku: string }>(t.db, sql`select sku from products where status = 1 and visibility = 4 and type_id = 'simple' order by id limit 2`)).map((r) => r.sku);
    const res = await inject('POST', `/posts/${article.id}`, content, {
      ...postRequest(article),
      name: 'Fitting a sump pump, step by step',
      postContent: `<h2>Before you start</h2>${DIRTY}`,
      videoLink: 'https://youtu.be/dQw4w9WgXcQ',
      relatedSkus: [sku2, sku1],
      publishDate: '2024-06-01',
    });
    expect(res.statusCode).toBe(200);
    const saved = adminPostDetailSchema.parse(res.json().post);
    expect(saved).toMatchObject({ name: 'Fitting a sump pump, step by step', post_content: `<h2>Before you start</h2>${CLEAN}`, is_video: true, image: null, video_link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', related_skus: [sku2, sku1], publish_date: '2024-06-01' });
    const shown = (await storefrontPosts()).find((p) => p.id === article.id)!;
    expect(shown).toMatchObject({ name: saved.name, is_video: true, video_id: 'dQw4w9WgXcQ', post_content: saved.post_content, related_product_skus: [sku2, sku1] });
    expect(shown.publish_date.slice(0, 10)).toBe('2024-05-31'); // midnight in London (BST) is 23:00 UTC the day before
    expect((await activityOf('post', article.id)).at(-1)).toMatchObject({ action: 'post.save', staff_email: content.email, before: { name: article.name }, after: { name: saved.name } });

    // Back to an image; unpublished: gone from the storefront.
    const back = await inject('POST', `/posts/${article.id}`, content, { ...postRequest(saved), videoLink: '', image: article.image });
    expect(back.json().post).toMatchObject({ is_video: false, image: article.image });
    await inject('POST', `/posts/${article.id}/publish`, content, { active: false });
    expect((await storefrontPosts()).map((p) => p.id)).not.toContain(article.id);
    expect((await api(`/content/blog-post/related-products/${article.id}`)).statusCode).toBe(404);
    await inject('POST', `/posts/${article.id}/publish`, content, { active: true });
    expect((await storefrontPosts()).map((p) => p.id)).toContain(article.id);
  });

  it('makes a new post; one dated in the future waits for its day', async () => {
    const { article } = await first();
    const res = await inject('POST', '/posts', owner, { ...postRequest(article), urlKey: 'radon-barriers-explained', name: 'Radon barriers explained', publishDate: '2099-01-01', relatedSkus: [] });
    expect(res.statusCode).toBe(200);
    const made = adminPostDetailSchema.parse(res.json().post);
    expect(made).toMatchObject({ url: '/advice/radon-barriers-explained', publish_date: '2099-01-01', active: true });
    expect((await storefrontPosts()).map((p) => p.url_key)).not.toContain('radon-barriers-explained');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    await inject('POST', `/posts/${made.id}`, owner, { ...postRequest(made), publishDate: today });
    expect((await storefrontPosts()).map((p) => p.url_key)).toContain('radon-barriers-explained');
    expect((await activityOf('post', made.id)).map((r) => r.action)).toEqual(['post.create', 'post.save']);
  });

  it('refuses bad input with the message under the field, and saves nothing', async () => {
    const { article, video } = await first();
    const posts = await countOf('blog_posts');
    const logged = await countOf('staff_activity');
    const good = postRequest(article);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: ' ' }, 'name', CONTENT_MESSAGES.postName],
      [{ urlKey: 'Sump Pumps' }, 'urlKey', CONTENT_MESSAGES.urlKey],
      [{ urlKey: video.url_key }, 'urlKey', CONTENT_MESSAGES.urlKeyTaken],
      [{ videoLink: 'https://vimeo.com/12345' }, 'videoLink', CONTENT_MESSAGES.videoLink],
      [{ videoLink: 'javascript:alert(1)' }, 'videoLink', CONTENT_MESSAGES.videoLink],
      [{ image: null, videoLink: '' }, 'image', CONTENT_MESSAGES.heroImage],
      [{ image: '/media/../secret.png' }, 'image', CONTENT_MESSAGES.imagePath],
      [{ image: 'https://evil.example/x.png' }, 'image', CONTENT_MESSAGES.imagePath],
      [{ publishDate: '2024-02-30' }, 'publishDate', CONTENT_MESSAGES.publishDate],
      [{ publishDate: '' }, 'publishDate', CONTENT_MESSAGES.publishDate],
      [{ authorId: 999999 }, 'authorId', CONTENT_MESSAGES.author],
      [{ relatedSkus: ['NO-SUCH-SKU'] }, 'relatedSkus', `${CONTENT_MESSAGES.relatedSku} NO-SUCH-SKU`],
    ];
    for (const [change, field, message] of cases) {
      for (const [url, who] of [[`/posts/${article.id}`, content], ['/posts', owner]] as const) {
        const res = await inject('POST', url, who, { ...good, name: 'Changed', ...(url === '/posts' && !('urlKey' in change) ? { urlKey: 'another-new-post' } : {}), ...change });
        expect({ url, change, status: res.statusCode, field: res.json().field }).toEqual({ url, change, status: 400, field });
        expect(res.json().message).toContain(message);
      }
    }
    expect(await countOf('blog_posts')).toBe(posts);
    expect(await countOf('staff_activity')).toBe(logged);
    expect(adminPostDetailSchema.parse((await inject('GET', `/posts/${article.id}`, content)).json())).toEqual(article);
  });
});

describe('categories', () => {
  const list = async () => adminCategoriesAnswerSchema.parse((await inject('GET', '/categories', catalogue)).json()).items;
  const body = (c: AdminCategory) => ({ name: c.name, description: c.description ?? '', position: c.position, enabled: c.enabled });
  const menu = async () => categoriesSchema.parse((await api('/categories/')).json()).categories;

  it('saves name, description (sanitised) and position; a disabled category leaves the menu and its page answers 404', async () => {
    const all = await list();
    const top = all.find((c) => c.id === 102) ?? all.find((c) => c.product_count > 0)!;
    expect(top.product_count).toBeGreaterThan(0);
    await menu(); // cached
    const logged = (await activityOf('category', top.id)).length;
    const res = await inject('POST', `/categories/${top.id}`, catalogue, { ...body(top), name: 'Damp Proofing & Tanking', description: `<p>Creams and slurries.</p>${DIRTY}`, position: 99 });
    expect(res.statusCode).toBe(200);
    expect(res.json().category).toMatchObject({ name: 'Damp Proofing & Tanking', description: `<p>Creams and slurries.</p>${CLEAN}`, position: 99, enabled: true });
    const shown = (await menu()).find((c) => c.id === top.id)!;
    expect(shown.name).toBe('Damp Proofing & Tanking');
    expect(shown.attrs.description).toBe(`<p>Creams and slurries.</p>${CLEAN}`);
    expect((await api(`/categories/${top.id}/products`)).statusCode).toBe(200);

    await inject('POST', `/categories/${top.id}`, catalogue, { ...body(top), enabled: false });
    expect((await menu()).map((c) => c.id)).not.toContain(top.id);
    expect((await api(`/categories/${top.id}/products`)).statusCode).toBe(404);
    expect((await api(`/url-rewrites/resolve?path=${top.url_path}`)).statusCode).toBe(404);
    await inject('POST', `/categories/${top.id}`, catalogue, body(top));
    expect((await menu()).find((c) => c.id === top.id)!.name).toBe(top.name);
    const log = await activityOf('category', top.id);
    expect(log.slice(logged).map((r) => [r.action, r.staff_email])).toEqual(Array(3).fill(['category.save', catalogue.email]));
    expect(log[logged]).toMatchObject({ before: { name: top.name, position: top.position }, after: { name: 'Damp Proofing & Tanking', position: 99 } });
  });

  it('refuses bad input with the message under the field, and saves nothing', async () => {
    const [c] = await list();
    const logged = await countOf('staff_activity');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '' }, 'name', CONTENT_MESSAGES.categoryName],
      [{ position: -1 }, 'position', CONTENT_MESSAGES.position],
      [{ position: 1.5 }, 'position', CONTENT_MESSAGES.position],
      [{ position: '3' }, 'position', CONTENT_MESSAGES.position],
      [{ enabled: 'yes' }, 'enabled', 'enabled'],
    ];
    for (const [change, field, message] of cases) {
      const res = await inject('POST', `/categories/${c!.id}`, catalogue, { ...body(c!), description: '<p>changed</p>', ...change });
      expect({ change, status: res.statusCode, field: res.json().field }).toEqual({ change, status: 400, field });
      expect(res.json().message).toContain(message);
    }
    expect((await inject('POST', '/categories/999999', catalogue, body(c!))).statusCode).toBe(404);
    expect((await list())[0]).toEqual(c);
    expect(await countOf('staff_activity')).toBe(logged);
  });
});

describe('reviews', () => {
  const reviews = async (query: string) => adminReviewsAnswerSchema.parse((await inject('GET', `/reviews?${query}`, content)).json());
  const productReviews = async (sku: string) => productReviewsSchema.parse((await api(`/reviews/products/${sku}`)).json());

  it('a customer’s review waits as pending, unseen; approved, it shows with the rating summary; rejected, it goes', async () => {
    const [product] = await queryRows<{ id: number; sku: string }>(
      t.db,
      sql`select p.id, p.sku from products p where p.status = 1 and p.visibility = 4 and p.type_id = 'simple'
            and not exists (select 1 from product_reviews r where r.product_id = p.id) order by p.id limit 1`,
    );
    const shopper = await signedIn(t.app);
    const added = await customerPost(t.app, '/api/customer/reviews/add', { customerToken: shopper.token, sku: product!.sku, title: 'Easy to fit', detail: 'Fitted in an afternoon.', rating: 4 });
    expect(added.statusCode).toBe(200);
    expect(added.json().data.review.status).toBe('pending');

    // Pending: not on the product page, no rating, but in the staff's queue.
    const info = async () => productInfoSchema.parse((await api(`/products/info/${product!.id}`)).json());
    expect((await productReviews(product!.sku)).count).toBe(0);
    expect((await info()).review_summary).toEqual({ average: 0, count: 0 });
    const queue = await reviews('kind=product&state=pending&pageSize=100');
    const pending = queue.items.find((r) => r.product?.sku === product!.sku)!;
    expect(pending).toMatchObject({ state: 'pending', title: 'Easy to fit', rating: 4, customer_id: shopper.id, product: { id: product!.id, url: expect.stringMatching(/^\//) } });

    const approve = await inject('POST', `/reviews/product/${pending.id}`, content, { decision: 'approve' });
    expect(reviewModerateAnswerSchema.parse(approve.json())).toMatchObject({ done: true, review: { state: 'approved', moderated_by: content.email } });
    expect((await productReviews(product!.sku)).items.map((r) => r.title)).toEqual(['Easy to fit']);
    expect((await info()).review_summary).toEqual({ average: 4, count: 1 });
    const mine = await customerPost(t.app, '/api/customer/reviews', { customerToken: shopper.token, page: 1, pageSize: 10 });
    expect(mine.json().data.items[0].status).toBe('approved');
    // A double click: done once.
    expect((await inject('POST', `/reviews/product/${pending.id}`, content, { decision: 'approve' })).json().done).toBe(false);

    const reject = await inject('POST', `/reviews/product/${pending.id}`, owner, { decision: 'reject', reason: 'Names a competitor.' });
    expect(reject.json()).toMatchObject({ done: true, review: { state: 'rejected', moderation_reason: 'Names a competitor.', moderated_by: owner.email } });
    expect((await productReviews(product!.sku)).count).toBe(0);
    expect((await info()).review_summary).toEqual({ average: 0, count: 0 });
    expect((await reviews('kind=product&state=rejected')).items.map((r) => r.id)).toContain(pending.id);
    expect((await customerPost(t.app, '/api/customer/reviews', { customerToken: shopper.token, page: 1, pageSize: 10 })).json().data.items[0].status).toBe('rejected');
    expect((await reviews('kind=product&state=pending&pageSize=100')).items.map((r) => r.id)).not.toContain(pending.id);

    const log = await activityOf('product-review', pending.id);
    expect(log.map((r) => [r.action, r.staff_email])).toEqual([['review.approve', content.email], ['review.reject', owner.email]]);
    expect(log[1]!.after).toEqual({ state: 'rejected', reason: 'Names a competitor.' });
  });

  it('a store review approved shows in the carousel’s answer', async () => {
    const queue = await reviews('kind=store&state=pending');
    expect(queue.totalCount).toBeGreaterThan(0);
    const review = queue.items[0]!;
    expect(review).toMatchObject({ kind: 'store', product: null });
    const carousel = async () => storeReviewsSchema.parse((await api('/reviews?pageSize=50')).json());
    const before = await carousel();
    expect(before.items.map((r) => r.id)).not.toContain(review.id);
    expect((await inject('POST', `/reviews/store/${review.id}`, content, { decision: 'approve' })).json().done).toBe(true);
    const after = await carousel();
    expect(after.count).toBe(before.count + 1);
    expect(after.items.map((r) => r.id)).toContain(review.id);
    expect((await api('/reviews')).headers['cache-control']).toBe('public, max-age=0, s-maxage=1, must-revalidate');
  });

  it('refuses bad input and unknown reviews, changing nothing', async () => {
    await t.db.insert(storeReviews).values({ nickname: 'Sam', location: 'York', title: 'Helpful', detail: 'Good advice on the phone.', rating: 5 });
    const logged = await countOf('staff_activity');
    const [pending] = (await reviews('kind=store&state=pending')).items;
    const cases: Array<[string, unknown, number, string?]> = [
      [`/reviews/store/${pending!.id}`, { decision: 'delete' }, 400, 'decision'],
      [`/reviews/store/${pending!.id}`, { decision: 'reject', reason: 'x'.repeat(1001) }, 400, 'reason'],
      [`/reviews/other/${pending!.id}`, { decision: 'approve' }, 400, 'kind'],
      ['/reviews/product/999999', { decision: 'approve' }, 404],
      ['/reviews/store/999999', { decision: 'reject' }, 404],
    ];
    for (const [url, body, status, field] of cases) {
      const res = await inject('POST', url, content, body);
      expect({ url, status: res.statusCode, field: res.json().field }).toEqual({ url, status, field });
    }
    expect((await inject('GET', '/reviews?state=hidden', content)).json().field).toBe('state');
    expect(await countOf('staff_activity')).toBe(logged);
    expect((await reviews('kind=store&state=pending')).items[0]).toEqual(pending);
  });
});

describe('hero images', () => {
  const upload = (body: Buffer, type: string, who: SignedInStaff = content, write = true) =>
    t.app.inject({ method: 'POST', url: '/admin-api/posts/image', remoteAddress: nextIp(), headers: { ...(write ? who.write : { cookie: who.cookie }), 'content-type': type }, payload: body });
  const picture = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
    sharp({ create: { width, height, channels: 3, background: '#1f5f99' } })[format]().toBuffer();
  /** A photo-like picture: noise, so its file is megabytes (above the API's 1 MB body limit for JSON). */
  const photo = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();

  it('resizes an upload to the storefront’s hero size (WebP), serves it under /media/uploads/, and a post can use it', async () => {
    const big = await photo(2400, 1600);
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const res = await upload(big, 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const { image } = res.json() as { image: string };
    expect(image).toMatch(/^\/media\/uploads\/posts\/[0-9a-f]{24}\.webp$/);
    const served = await t.app.inject({ url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', ...HERO_SIZE });
    // The same picture again is the same file.
    expect((await upload(big, 'image/jpeg')).json().image).toBe(image);

    const [first] = adminPostsAnswerSchema.parse((await inject('GET', '/posts', content)).json()).items;
    const post = adminPostDetailSchema.parse((await inject('GET', `/posts/${first!.id}`, content)).json());
    const saved = await inject('POST', `/posts/${post.id}`, content, { ...postRequest(post), image, videoLink: '' });
    expect(saved.json().post).toMatchObject({ image, is_video: false });
    expect((await storefrontPosts()).find((p) => p.id === post.id)!.image).toBe(image);
  });

  it('refuses what is not a usable picture, and other roles', async () => {
    const cases: Array<[Buffer, string, number, string | undefined]> = [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png', 400, IMAGE_MESSAGES.notImage],
      [Buffer.from('not a picture at all'), 'image/jpeg', 400, IMAGE_MESSAGES.notImage],
      [await picture(300, 100), 'image/png', 400, IMAGE_MESSAGES.tooSmall],
      [Buffer.from('{"a":1}'), 'application/json', 415, undefined],
      [Buffer.alloc(UPLOAD_LIMIT + 1), 'image/png', 413, undefined],
    ];
    for (const [body, type, status, message] of cases) {
      const res = await upload(body, type);
      expect({ type, status: res.statusCode }).toEqual({ type, status });
      if (message) expect(res.json()).toMatchObject({ field: 'image', message });
    }
    const png = await picture(1200, 400);
    expect((await upload(png, 'image/png', catalogue)).statusCode).toBe(403);
    expect((await upload(png, 'image/png', content, false)).statusCode).toBe(403);
  });
});
