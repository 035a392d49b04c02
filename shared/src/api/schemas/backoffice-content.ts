import { z } from 'zod';

/**
 * The back office's content calls (`content` role: CMS pages, advice posts, reviews) and its
 * categories (`catalogue` role). Part of `@shop/shared/backoffice` (re-exported there); the API
 * validates with these schemas and the app parses its answers with them.
 */

/** The words of the content forms' checks: the API answers them (400, naming the field) and the forms show them under the field. */
export const CONTENT_MESSAGES = {
  title: 'Enter the page title.',
  identifier: 'An identifier has only lower-case letters, digits and single hyphens, e.g. delivery-and-returns.',
  identifierTaken: 'This identifier is already used by another CMS page.',
  addressTaken: 'This address is already used by another page of the shop.',
  pageNotFound: 'This CMS page does not exist.',
  homeAlwaysActive: 'The home page is always published.',
  postName: 'Enter the post’s name.',
  urlKey: 'A URL key has only lower-case letters, digits and single hyphens, e.g. fitting-a-sump-pump.',
  urlKeyTaken: 'This URL key is already used by another advice post.',
  videoLink: 'Enter a YouTube link (e.g. https://www.youtube.com/watch?v=abc123XYZ_0), or leave it empty.',
  heroImage: 'Upload a hero image, or enter a video link.',
  imagePath: 'A hero image is an uploaded image’s address under /media/.',
  publishDate: 'Enter the publish date as YYYY-MM-DD.',
  author: 'Choose an author from the list.',
  relatedSku: 'No product has this SKU:',
  postNotFound: 'This advice post does not exist.',
  categoryName: 'Enter the category name.',
  position: 'Enter the position as a whole number of 0 or more.',
  categoryNotFound: 'This category does not exist.',
  reviewNotFound: 'This review does not exist.',
} as const;

const pageQuery = {
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(120).optional(),
};
const paged = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), totalCount: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/** Lower-case words joined by single hyphens: an identifier or URL key. */
const keySchema = (message: string) => z.string({ error: message }).trim().min(1, message).max(120).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, message);
/** Rich text (HTML): stored as the storefront's sanitiser leaves it. */
const htmlSchema = z.string().max(200_000);
const seo = { metaTitle: z.string().trim().max(255), metaDescription: z.string().trim().max(1000) };

/** Preview: the HTML as the storefront will show it (the sanitiser the storefront uses, run by the API). */
export const htmlPreviewRequestSchema = z.object({ html: htmlSchema });
export const htmlPreviewAnswerSchema = z.object({ html: z.string() });

export const publishRequestSchema = z.object({ active: z.boolean() });

/* --------------------------------------------------------------------------------- CMS pages */

export const adminCmsPagesQuerySchema = z.object(pageQuery);
export const adminCmsPageSummarySchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  title: z.string(),
  active: z.boolean(),
  /** Its address on the storefront ('/' for home). */
  url: z.string(),
  updated_at: z.string(),
});
export const adminCmsPagesAnswerSchema = paged(adminCmsPageSummarySchema);
export const adminCmsPageDetailSchema = adminCmsPageSummarySchema.extend({
  content_heading: z.string().nullable(),
  content: z.string(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
});
export type AdminCmsPageDetail = z.infer<typeof adminCmsPageDetailSchema>;

/** A page's fields. Its identifier (and so its address) is chosen when the page is made: the storefront's routes and links name it. */
export const cmsPageSaveRequestSchema = z.object({
  title: z.string({ error: CONTENT_MESSAGES.title }).trim().min(1, CONTENT_MESSAGES.title).max(255),
  contentHeading: z.string().trim().max(255),
  content: htmlSchema,
  ...seo,
  active: z.boolean(),
});
export type CmsPageSaveRequest = z.infer<typeof cmsPageSaveRequestSchema>;
export const cmsPageCreateRequestSchema = cmsPageSaveRequestSchema.extend({ identifier: keySchema(CONTENT_MESSAGES.identifier) });
export type CmsPageCreateRequest = z.infer<typeof cmsPageCreateRequestSchema>;
export const cmsPageAnswerSchema = z.object({ page: adminCmsPageDetailSchema });

/* --------------------------------------------------------------------------------- advice posts */

export const adminPostsQuerySchema = z.object(pageQuery);
export const adminPostSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url_key: z.string(),
  active: z.boolean(),
  is_video: z.boolean(),
  publish_date: z.string(),
  author_name: z.string().nullable(),
  url: z.string(),
});
export const adminPostsAnswerSchema = paged(adminPostSummarySchema);
export const adminPostDetailSchema = adminPostSummarySchema.extend({
  short_content: z.string().nullable(),
  post_content: z.string(),
  /** The hero image's address under /media (null for a video post). */
  image: z.string().nullable(),
  /** The video's YouTube link (null: not a video). */
  video_link: z.string().nullable(),
  author_id: z.number().int().nullable(),
  related_skus: z.array(z.string()),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
});
export type AdminPostDetail = z.infer<typeof adminPostDetailSchema>;

export const mediaPathSchema = z
  .string()
  .max(300)
  .regex(/^\/media\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.(?:webp|jpe?g|png|svg)$/i, CONTENT_MESSAGES.imagePath);

/** The YouTube id of a link (youtube.com/watch?v=, youtu.be/, /embed/, /shorts/, img.youtube.com/vi/), or null. */
export function youTubeIdOf(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^www\.|^m\./, '');
  const id =
    host === 'youtu.be'
      ? url.pathname.slice(1).split('/')[0]
      : ['youtube.com', 'youtube-nocookie.com', 'img.youtube.com'].includes(host)
        ? (url.pathname.match(/^\/(?:vi|vi_webp|embed|shorts)\/([^/]+)/)?.[1] ?? url.searchParams.get('v'))
        : null;
  return id && /^[\w-]{6,20}$/.test(id) ? id : null;
}

export const postSaveRequestSchema = z
  .object({
    name: z.string({ error: CONTENT_MESSAGES.postName }).trim().min(1, CONTENT_MESSAGES.postName).max(255),
    urlKey: keySchema(CONTENT_MESSAGES.urlKey),
    shortContent: z.string().trim().max(2000),
    postContent: htmlSchema,
    /** The hero image (an uploaded image's address), or null for a video post. */
    image: mediaPathSchema.nullable(),
    /** A YouTube link: the post is a video (its hero is the video's thumbnail). Empty: none. */
    videoLink: z
      .string()
      .trim()
      .max(300)
      .refine((v) => v === '' || youTubeIdOf(v) !== null, CONTENT_MESSAGES.videoLink),
    publishDate: z.string({ error: CONTENT_MESSAGES.publishDate }).regex(/^\d{4}-\d{2}-\d{2}$/, CONTENT_MESSAGES.publishDate)
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), CONTENT_MESSAGES.publishDate),
    authorId: z.number({ error: CONTENT_MESSAGES.author }).int().positive(CONTENT_MESSAGES.author).max(2_147_483_647).nullable(),
    /** The products the article recommends, in order. */
    relatedSkus: z.array(z.string().trim().min(1).max(64)).max(24),
    ...seo,
    active: z.boolean(),
  })
  .superRefine((p, ctx) => {
    if (p.image === null && p.videoLink === '') ctx.addIssue({ code: 'custom', path: ['image'], message: CONTENT_MESSAGES.heroImage });
  });
export type PostSaveRequest = z.infer<typeof postSaveRequestSchema>;
export const postAnswerSchema = z.object({ post: adminPostDetailSchema });
export const adminAuthorsAnswerSchema = z.object({ items: z.array(z.object({ id: z.number().int(), name: z.string() })) });
/** An uploaded hero image: its address under /media (resized, WebP). */
export const imageUploadAnswerSchema = z.object({ image: mediaPathSchema });

/* --------------------------------------------------------------------------------- categories (catalogue) */

export const adminCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  url_path: z.string(),
  /** Place among its siblings in the storefront's menu (lowest first). */
  position: z.number().int(),
  enabled: z.boolean(),
  /** HTML. */
  description: z.string().nullable(),
  product_count: z.number().int(),
  updated_at: z.string(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;
export const adminCategoriesAnswerSchema = z.object({ items: z.array(adminCategorySchema) });
export const categorySaveRequestSchema = z.object({
  name: z.string({ error: CONTENT_MESSAGES.categoryName }).trim().min(1, CONTENT_MESSAGES.categoryName).max(255),
  description: htmlSchema,
  position: z.number({ error: CONTENT_MESSAGES.position }).int(CONTENT_MESSAGES.position).min(0, CONTENT_MESSAGES.position).max(100_000),
  enabled: z.boolean(),
});
export type CategorySaveRequest = z.infer<typeof categorySaveRequestSchema>;
export const categoryAnswerSchema = z.object({ category: adminCategorySchema });

/* --------------------------------------------------------------------------------- reviews */

export const REVIEW_KINDS = ['product', 'store'] as const;
export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export const adminReviewsQuerySchema = z.object({
  page: pageQuery.page,
  pageSize: pageQuery.pageSize,
  kind: z.enum(REVIEW_KINDS).default('product'),
  state: z.enum(REVIEW_STATES).default('pending'),
});
export type AdminReviewsQuery = z.input<typeof adminReviewsQuerySchema>;
export const adminReviewSchema = z.object({
  id: z.number().int(),
  kind: z.enum(REVIEW_KINDS),
  state: z.enum(REVIEW_STATES),
  nickname: z.string(),
  title: z.string(),
  detail: z.string(),
  rating: z.number().int(),
  created_at: z.string(),
  /** Product reviews: the product (its page, when it has one on the storefront). */
  product: z.object({ id: z.number().int(), sku: z.string(), name: z.string(), url: z.string().nullable() }).nullable(),
  /** Store reviews: where the reviewer is. */
  location: z.string().nullable(),
  /** A signed-in customer's review (product reviews). */
  customer_id: z.number().int().nullable(),
  moderation_reason: z.string().nullable(),
  moderated_by: z.string().nullable(),
  moderated_at: z.string().nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewsAnswerSchema = paged(adminReviewSchema);
export const reviewParamsSchema = z.object({ kind: z.enum(REVIEW_KINDS), id: z.coerce.number().int().positive().max(2_147_483_647) });
export const reviewModerateRequestSchema = z.object({
  decision: z.enum(['approve', 'reject']),
  /** Why it was rejected (optional; kept for staff, never shown to shoppers). */
  reason: z.string().trim().max(1000).optional(),
});
export type ReviewModerateRequest = z.infer<typeof reviewModerateRequestSchema>;
/** `done: false`: the review was already in that state (a double click). */
export const reviewModerateAnswerSchema = z.object({ done: z.boolean(), review: adminReviewSchema });

/** The activity log's actions of these saves (the log's filter offers them). */
export const CONTENT_ACTIONS = [
  'cms-page.create', 'cms-page.save', 'cms-page.publish', 'cms-page.unpublish',
  'post.create', 'post.save', 'post.publish', 'post.unpublish',
  'category.save', 'review.approve', 'review.reject',
] as const;
