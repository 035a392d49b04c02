import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  CONTENT_MESSAGES,
  youTubeIdOf,
  type AdminCmsPageDetail,
  type AdminPostDetail,
  type CmsPageCreateRequest,
  type CmsPageSaveRequest,
  type PostSaveRequest,
} from '@shop/shared/backoffice';
import type { CatalogChanges } from '../catalog/changes';
import { products, urlRewrites } from '../catalog/schema';
import { blogAuthors, blogPostProducts, blogPosts, cmsPages } from '../content/schema';
import { sqlState, type Db, type DbExecutor, type Tx } from '../db/client';
import { HttpError, notFound } from '../http-errors';
import { escapeLike, type ActivityLog, type Actor } from './activity';
import { cleanHtml } from './sanitize';

/**
 * First path segments the storefront's own pages use (spec's route table, the page server's
 * /api, /media and /remotes): a CMS page there would never be reached.
 */
const RESERVED_PATHS = new Set([
  'api', 'media', 'remotes', 'advice', 'checkout', 'customer', 'sales', 'review', 'stripe', 'paypal', 'downloadable',
  'aw_followupemail2', 'payment-complete', 'order', 'catalog', 'cms', 'search', 'catalogsearch', 'home',
]);

/** The home page is the storefront's front page: it is always published. */
const HOME = 'home';

const text = (value: string) => (value === '' ? null : value);

/** The YouTube thumbnail the storefront shows for a video post (it reads the id back from it). */
const thumbnailOf = (videoId: string) => `https://img.youtube.com/vi/${videoId}/hqdefault.jpg`;

/**
 * The back office's content (content role): CMS pages and advice posts, each listed, made, edited,
 * published and unpublished. Rich text is stored as the storefront's sanitiser leaves it
 * (sanitize.ts). Every write is one transaction with its activity-log row and a change announced
 * to every API process (catalog/changes.ts), which drop their cached content answers at once.
 */
export function createContentAdmin({ db, activity, changes }: { db: Db; activity: ActivityLog; changes: CatalogChanges }) {
  /** A write: its transaction, then this process hears of it at once (others by NOTIFY on commit). */
  async function write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await db.transaction(async (tx) => {
      const done = await work(tx);
      await changes.announce(tx, { content: true });
      return done;
    });
    changes.committed({ content: true });
    return result;
  }

  /* ------------------------------------------------------------------ CMS pages */

  const pageUrl = sql<string | null>`(select r.request_path from ${urlRewrites} r
      where r.entity_type = 'cms-page' and r.entity_id = ${cmsPages.id} and r.redirect_type = 0 order by r.id limit 1)`;
  const pageUrlOf = (identifier: string, path: string | null) => (identifier === HOME ? '/' : `/${path ?? identifier}`);

  async function pageDetail(id: number, executor: DbExecutor = db): Promise<AdminCmsPageDetail> {
    const [row] = await executor.select({ p: cmsPages, path: pageUrl }).from(cmsPages).where(eq(cmsPages.id, id));
    if (!row) throw notFound(CONTENT_MESSAGES.pageNotFound);
    const { p } = row;
    return {
      id: p.id,
      identifier: p.identifier,
      title: p.title,
      active: p.isActive,
      url: pageUrlOf(p.identifier, row.path),
      updated_at: p.updatedAt.toISOString(),
      content_heading: p.contentHeading,
      content: p.content,
      meta_title: p.metaTitle,
      meta_description: p.metaDescription,
    };
  }

  /** What the activity log keeps of a page. */
  const pageLogged = ({ url: _url, updated_at: _u, ...rest }: AdminCmsPageDetail) => rest;

  const pageColumns = (input: CmsPageSaveRequest) => ({
    title: input.title,
    contentHeading: text(input.contentHeading),
    content: cleanHtml(input.content),
    metaTitle: text(input.metaTitle),
    metaDescription: text(input.metaDescription),
    isActive: input.active,
  });

  const homeStaysActive = (identifier: string, active: boolean) => {
    if (identifier === HOME && !active) throw new HttpError(400, CONTENT_MESSAGES.homeAlwaysActive, 'active');
  };

  async function lockedPage(tx: Tx, id: number) {
    const [row] = await tx.select({ identifier: cmsPages.identifier }).from(cmsPages).where(eq(cmsPages.id, id)).for('update');
    if (!row) throw notFound(CONTENT_MESSAGES.pageNotFound);
    return row;
  }

  /* ------------------------------------------------------------------ advice posts */

  const relatedSkus = sql<string[]>`coalesce((select array_agg(rp.sku order by bp.position, rp.id) from ${blogPostProducts} bp
      join ${products} rp on rp.id = bp.product_id where bp.post_id = ${blogPosts.id}), '{}'::text[])`;

  /** The publish date as a day in the shop's time zone. */
  const publishDay = sql<string>`to_char(${blogPosts.publishDate} at time zone 'Europe/London', 'YYYY-MM-DD')`;

  async function postDetail(id: number, executor: DbExecutor = db): Promise<AdminPostDetail> {
    const [row] = await executor
      .select({ p: blogPosts, authorName: blogAuthors.name, related: relatedSkus, day: publishDay })
      .from(blogPosts)
      .leftJoin(blogAuthors, eq(blogAuthors.id, blogPosts.authorId))
      .where(eq(blogPosts.id, id));
    if (!row) throw notFound(CONTENT_MESSAGES.postNotFound);
    const { p } = row;
    const videoId = /^https?:\/\//i.test(p.image) ? youTubeIdOf(p.image) : null;
    return {
      id: p.id,
      name: p.name,
      url_key: p.urlKey,
      active: p.isActive,
      is_video: videoId !== null,
      publish_date: row.day,
      author_name: row.authorName,
      url: `/advice/${p.urlKey}`,
      short_content: p.shortContent,
      post_content: p.postContent,
      image: videoId === null ? p.image : null,
      video_link: videoId === null ? null : `https://www.youtube.com/watch?v=${videoId}`,
      author_id: p.authorId,
      related_skus: row.related,
      meta_title: p.metaTitle,
      meta_description: p.metaDescription,
    };
  }

  const postLogged = ({ url: _url, author_name: _a, ...rest }: AdminPostDetail) => rest;

  /** The post's columns; its related products by SKU (400 naming an unknown one). */
  async function postColumns(tx: Tx, input: PostSaveRequest) {
    if (input.authorId !== null) {
      const [author] = await tx.select({ id: blogAuthors.id }).from(blogAuthors).where(eq(blogAuthors.id, input.authorId));
      if (!author) throw new HttpError(400, CONTENT_MESSAGES.author, 'authorId');
    }
    const skus = [...new Set(input.relatedSkus)];
    const found = skus.length ? await tx.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.sku, skus)) : [];
    const idBySku = new Map(found.map((r) => [r.sku, r.id]));
    const unknown = skus.filter((s) => !idBySku.has(s));
    if (unknown.length) throw new HttpError(400, `${CONTENT_MESSAGES.relatedSku} ${unknown.join(', ')}`, 'relatedSkus');
    const videoId = input.videoLink === '' ? null : youTubeIdOf(input.videoLink);
    return {
      columns: {
        name: input.name,
        urlKey: input.urlKey,
        image: videoId ? thumbnailOf(videoId) : input.image!,
        shortContent: text(input.shortContent),
        postContent: cleanHtml(input.postContent),
        metaTitle: text(input.metaTitle),
        metaDescription: text(input.metaDescription),
        // From the start of that day in the shop's time zone; the storefront shows it from then.
        publishDate: sql`(${input.publishDate}::date::timestamp at time zone 'Europe/London')`,
        authorId: input.authorId,
        isActive: input.active,
      },
      related: skus.map((sku) => idBySku.get(sku)!),
    };
  }

  async function setRelated(tx: Tx, postId: number, ids: number[]) {
    await tx.delete(blogPostProducts).where(eq(blogPostProducts.postId, postId));
    if (ids.length) await tx.insert(blogPostProducts).values(ids.map((productId, i) => ({ postId, productId, position: i + 1 })));
  }

  const postUrlKeyTaken = () => new HttpError(400, CONTENT_MESSAGES.urlKeyTaken, 'urlKey');

  /** The other posts' URL keys are refused here; two racing saves by the unique index. */
  async function checkUrlKey(tx: Tx, urlKey: string, id: number | null) {
    const [other] = await tx
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(and(eq(blogPosts.urlKey, urlKey), id === null ? undefined : sql`${blogPosts.id} <> ${id}`));
    if (other) throw postUrlKeyTaken();
  }

  async function lockedPost(tx: Tx, id: number) {
    const [row] = await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, id)).for('update');
    if (!row) throw notFound(CONTENT_MESSAGES.postNotFound);
  }

  const search = (q: string | undefined, ...columns: SQL[]) =>
    q ? sql`(${sql.join(columns.map((c) => sql`${c} ilike ${`%${escapeLike(q)}%`}`), sql` or `)})` : undefined;

  return {
    /** Rich text as the storefront will show it. */
    preview: (html: string) => ({ html: cleanHtml(html) }),

    async pages(query: { page: number; pageSize: number; q?: string | undefined }) {
      const where = search(query.q, sql`${cmsPages.title}`, sql`${cmsPages.identifier}`);
      const [total] = await db.select({ n: count() }).from(cmsPages).where(where);
      const rows = await db
        .select({ p: cmsPages, path: pageUrl })
        .from(cmsPages)
        .where(where)
        .orderBy(asc(cmsPages.title), asc(cmsPages.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      return {
        items: rows.map(({ p, path }) => ({
          id: p.id,
          identifier: p.identifier,
          title: p.title,
          active: p.isActive,
          url: pageUrlOf(p.identifier, path),
          updated_at: p.updatedAt.toISOString(),
        })),
        totalCount: total?.n ?? 0,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    page: (id: number) => pageDetail(id),

    /** A new page at /{identifier}: its URL rewrite is made with it. */
    async createPage(input: CmsPageCreateRequest, actor: Actor): Promise<AdminCmsPageDetail> {
      if (RESERVED_PATHS.has(input.identifier)) throw new HttpError(400, CONTENT_MESSAGES.addressTaken, 'identifier');
      try {
        return await write(async (tx) => {
          const [same] = await tx.select({ id: cmsPages.id }).from(cmsPages).where(eq(cmsPages.identifier, input.identifier));
          if (same) throw new HttpError(400, CONTENT_MESSAGES.identifierTaken, 'identifier');
          const [path] = await tx.select({ id: urlRewrites.id }).from(urlRewrites).where(eq(urlRewrites.requestPath, input.identifier));
          if (path) throw new HttpError(400, CONTENT_MESSAGES.addressTaken, 'identifier');
          const [row] = await tx.insert(cmsPages).values({ identifier: input.identifier, ...pageColumns(input) }).returning({ id: cmsPages.id });
          const id = row!.id;
          await tx.insert(urlRewrites).values({ entityType: 'cms-page', entityId: id, requestPath: input.identifier, targetPath: `cms/page/view/page_id/${id}`, redirectType: 0 });
          const after = await pageDetail(id, tx);
          await activity.record(tx, actor, { action: 'cms-page.create', targetType: 'cms-page', targetId: id, after: pageLogged(after) });
          return after;
        });
      } catch (error) {
        // Two pages made at once with one identifier or address: the unique indexes decide.
        if (sqlState(error) === '23505') throw new HttpError(400, CONTENT_MESSAGES.identifierTaken, 'identifier');
        throw error;
      }
    },

    async savePage(id: number, input: CmsPageSaveRequest, actor: Actor): Promise<AdminCmsPageDetail> {
      return write(async (tx) => {
        const { identifier } = await lockedPage(tx, id);
        homeStaysActive(identifier, input.active);
        const before = await pageDetail(id, tx);
        await tx.update(cmsPages).set({ ...pageColumns(input), updatedAt: sql`now()` }).where(eq(cmsPages.id, id));
        const after = await pageDetail(id, tx);
        await activity.record(tx, actor, { action: 'cms-page.save', targetType: 'cms-page', targetId: id, before: pageLogged(before), after: pageLogged(after) });
        return after;
      });
    },

    async publishPage(id: number, active: boolean, actor: Actor): Promise<AdminCmsPageDetail> {
      return write(async (tx) => {
        const { identifier } = await lockedPage(tx, id);
        homeStaysActive(identifier, active);
        const before = await pageDetail(id, tx);
        if (before.active === active) return before;
        await tx.update(cmsPages).set({ isActive: active, updatedAt: sql`now()` }).where(eq(cmsPages.id, id));
        await activity.record(tx, actor, { action: active ? 'cms-page.publish' : 'cms-page.unpublish', targetType: 'cms-page', targetId: id, before: { active: !active }, after: { active } });
        return pageDetail(id, tx);
      });
    },

    async posts(query: { page: number; pageSize: number; q?: string | undefined }) {
      const where = search(query.q, sql`${blogPosts.name}`, sql`${blogPosts.urlKey}`);
      const [total] = await db.select({ n: count() }).from(blogPosts).where(where);
      const rows = await db
        .select({ p: blogPosts, authorName: blogAuthors.name, day: publishDay })
        .from(blogPosts)
        .leftJoin(blogAuthors, eq(blogAuthors.id, blogPosts.authorId))
        .where(where)
        .orderBy(desc(blogPosts.publishDate), desc(blogPosts.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      return {
        items: rows.map(({ p, authorName, day }) => ({
          id: p.id,
          name: p.name,
          url_key: p.urlKey,
          active: p.isActive,
          is_video: /^https?:\/\//i.test(p.image),
          publish_date: day,
          author_name: authorName,
          url: `/advice/${p.urlKey}`,
        })),
        totalCount: total?.n ?? 0,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    post: (id: number) => postDetail(id),

    async authors() {
      return { items: await db.select({ id: blogAuthors.id, name: blogAuthors.name }).from(blogAuthors).orderBy(asc(blogAuthors.name)) };
    },

    async createPost(input: PostSaveRequest, actor: Actor): Promise<AdminPostDetail> {
      try {
        return await write(async (tx) => {
          await checkUrlKey(tx, input.urlKey, null);
          const { columns, related } = await postColumns(tx, input);
          const [row] = await tx.insert(blogPosts).values(columns).returning({ id: blogPosts.id });
          await setRelated(tx, row!.id, related);
          const after = await postDetail(row!.id, tx);
          await activity.record(tx, actor, { action: 'post.create', targetType: 'post', targetId: row!.id, after: postLogged(after) });
          return after;
        });
      } catch (error) {
        if (sqlState(error) === '23505') throw postUrlKeyTaken();
        throw error;
      }
    },

    async savePost(id: number, input: PostSaveRequest, actor: Actor): Promise<AdminPostDetail> {
      try {
        return await write(async (tx) => {
          await lockedPost(tx, id);
          await checkUrlKey(tx, input.urlKey, id);
          const before = await postDetail(id, tx);
          const { columns, related } = await postColumns(tx, input);
          await tx.update(blogPosts).set(columns).where(eq(blogPosts.id, id));
          await setRelated(tx, id, related);
          const after = await postDetail(id, tx);
          await activity.record(tx, actor, { action: 'post.save', targetType: 'post', targetId: id, before: postLogged(before), after: postLogged(after) });
          return after;
        });
      } catch (error) {
        if (sqlState(error) === '23505') throw postUrlKeyTaken();
        throw error;
      }
    },

    async publishPost(id: number, active: boolean, actor: Actor): Promise<AdminPostDetail> {
      return write(async (tx) => {
        await lockedPost(tx, id);
        const before = await postDetail(id, tx);
        if (before.active === active) return before;
        await tx.update(blogPosts).set({ isActive: active }).where(eq(blogPosts.id, id));
        await activity.record(tx, actor, { action: active ? 'post.publish' : 'post.unpublish', targetType: 'post', targetId: id, before: { active: !active }, after: { active } });
        return postDetail(id, tx);
      });
    },
  };
}

export type ContentAdmin = ReturnType<typeof createContentAdmin>;
