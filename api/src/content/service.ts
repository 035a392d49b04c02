import type { Authors, BlogPost, BlogPosts, CmsPages, ContactFormValues, ProductListItem } from '@shop/shared/schemas';
import { notFound } from '../http-errors';
import type { Outbox } from '../mail/outbox';
import { contactMessageMail } from './contact-mail';
import type { BlogPostRow, ContentStore } from './store';

/** Where the About page introduces an author (the page has an anchor per author). */
export const authorUrl = (urlKey: string) => `/about#${urlKey}`;

/** The YouTube id of a video thumbnail link (img.youtube.com/vi/{id}/..., youtu.be/{id}, ?v={id}). */
export function videoIdOf(image: string): string | null {
  if (!/^https?:\/\//i.test(image)) return null;
  let url: URL;
  try {
    url = new URL(image);
  } catch {
    return null;
  }
  const fromPath = url.pathname.match(/\/(?:vi|vi_webp|embed|shorts)\/([\w-]{6,})/);
  if (fromPath) return fromPath[1]!;
  if (url.hostname === 'youtu.be') return url.pathname.slice(1).split('/')[0] || null;
  return url.searchParams.get('v');
}

function postAnswer(row: BlogPostRow, skus: ReadonlyMap<number, string>): BlogPost {
  const isVideo = /^https?:\/\//i.test(row.image);
  return {
    id: row.id,
    url_key: row.urlKey,
    name: row.name,
    image: row.image,
    is_video: isVideo,
    video_id: isVideo ? videoIdOf(row.image) : null,
    short_content: row.shortContent,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    post_content: row.postContent,
    publish_date: new Date(row.publishDate).toISOString(),
    author_id: row.authorId,
    author_name: row.authorName,
    author_url: row.authorUrlKey ? authorUrl(row.authorUrlKey) : null,
    related_product_skus: row.relatedProductIds.flatMap((id) => skus.get(id) ?? []),
    url: `/advice/${row.urlKey}`,
  };
}

export function createContentService(
  store: ContentStore,
  catalogue: {
    /** Listing items of product ids (shown ones only, in order). */
    listItems: (ids: readonly number[]) => Promise<ProductListItem[]>;
    /** Skus of the given products that are shown on the storefront. */
    shownSkus: (ids: readonly number[]) => Promise<ReadonlyMap<number, string>>;
    /** Request paths of CMS pages by page id (the URL rewrites are the catalogue's). */
    cmsPagePaths: () => Promise<ReadonlyMap<number, string>>;
  },
  /** Carries contact messages to the shop's inbox. */
  outbox?: Pick<Outbox, 'kick'>,
) {
  return {
    /** Stores a Contact Us message and mails it to the shop (sent after the commit). */
    async sendContactMessage(input: ContactFormValues, clientIp: string | null): Promise<number> {
      const row = { name: input.name, email: input.email, phone: input.phone || null, message: input.message, clientIp };
      const id = await store.saveContactMessage(row, (messageId) => contactMessageMail({ id: messageId, ...row }));
      outbox?.kick();
      return id;
    },

    async cmsPages(): Promise<CmsPages> {
      const [pages, paths] = await Promise.all([store.activeCmsPages(), catalogue.cmsPagePaths()]);
      return {
        items: pages.map((p) => ({
          id: p.id,
          identifier: p.identifier,
          title: p.title,
          content_heading: p.contentHeading,
          content: p.content,
          meta_title: p.metaTitle,
          meta_description: p.metaDescription,
          meta_keywords: p.metaKeywords,
          url: p.identifier === 'home' ? '/' : `/${paths.get(p.id) ?? p.identifier}`,
          updated_at: new Date(p.updatedAt).toISOString(),
        })),
      };
    },

    async blogPosts(): Promise<BlogPosts> {
      const posts = await store.activePosts();
      const skus = await catalogue.shownSkus([...new Set(posts.flatMap((p) => p.relatedProductIds))]);
      return { items: posts.map((p) => postAnswer(p, skus)) };
    },

    async authors(): Promise<Authors> {
      return {
        list: (await store.authors()).map((a) => ({
          id: a.id,
          name: a.name,
          url_key: a.urlKey,
          job_title: a.jobTitle,
          image: a.image,
          short_description: a.shortDescription,
          url: authorUrl(a.urlKey),
        })),
      };
    },

    async relatedProducts(postId: number): Promise<ProductListItem[]> {
      const ids = await store.relatedProductIds(postId);
      if (!ids) throw notFound(`Blog post ${postId} not found`);
      return catalogue.listItems(ids);
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
