import { z } from './z';

/**
 * Content answers of the /api service: CMS pages, advice (blog) posts and their authors.
 * Dates are ISO 8601 strings; HTML fields are trusted HTML written by the shop.
 */

const text = z.string().nullable();

export const cmsPageSchema = z.object({
  id: z.number().int(),
  /** 'home', 'about', 'hydrovault-systems', 'contact', 'delivery-and-returns', ... */
  identifier: z.string(),
  title: z.string(),
  content_heading: text,
  /** HTML. */
  content: z.string(),
  meta_title: text,
  meta_description: text,
  meta_keywords: text,
  /** Shop path of the page, e.g. '/about/hydrovault-systems' ('/' for home). */
  url: z.string(),
  updated_at: z.string(),
});
export type CmsPage = z.infer<typeof cmsPageSchema>;

/** Answer of GET /api/content/cms-pages: every active page. */
export const cmsPagesSchema = z.object({ items: z.array(cmsPageSchema) });
export type CmsPages = z.infer<typeof cmsPagesSchema>;

export const blogPostSchema = z.object({
  id: z.number().int(),
  url_key: z.string(),
  name: z.string(),
  /**
   * A path under /media, or a full https link to a video thumbnail: then the post is a video and
   * `video_id` is the YouTube id taken from the link.
   */
  image: z.string(),
  is_video: z.boolean(),
  video_id: text,
  /** Plain-text summary for the resources grid. */
  short_content: text,
  meta_title: text,
  meta_description: text,
  /** HTML. */
  post_content: z.string(),
  publish_date: z.string(),
  author_id: z.number().int().nullable(),
  author_name: text,
  /** Shop path about the author (an anchor of the About page), or null. */
  author_url: text,
  /** Skus of the products the article recommends (enabled and on website 2 only). */
  related_product_skus: z.array(z.string()),
  /** Shop path, '/advice/{url_key}'. */
  url: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/** Answer of GET /api/content/blog-posts: newest first. */
export const blogPostsSchema = z.object({ items: z.array(blogPostSchema) });
export type BlogPosts = z.infer<typeof blogPostsSchema>;

export const authorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url_key: z.string(),
  job_title: text,
  /** Path under /media, or null (show a placeholder). */
  image: text,
  short_description: z.string(),
  url: z.string(),
});
export type Author = z.infer<typeof authorSchema>;

/** Answer of GET /api/content/authors: `{ list }` (an object, not a bare array). */
export const authorsSchema = z.object({ list: z.array(authorSchema) });
export type Authors = z.infer<typeof authorsSchema>;
