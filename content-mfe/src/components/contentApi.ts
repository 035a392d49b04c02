import {
  apiRequest,
  authorsSchema,
  blogPostsSchema,
  cmsPagesSchema,
  featuredProductsSchema,
  relatedProductsSchema,
  storeReviewsSchema,
  type Author,
  type BlogPost,
  type CmsPage,
  type FeaturedProduct,
  type ProductListItem,
  type StoreReviews,
} from '@shop/shared';

/** The carousel shows at least 1 and at most 20 store reviews (spec section 9). */
export const CAROUSEL_MAX_REVIEWS = 20;

/**
 * The content remote's reads. Pages, posts and authors change rarely: each list is fetched once per
 * page view and shared by every page of the remote; a failed load is forgotten so the next page
 * tries again.
 */
function once<T>(load: () => Promise<T>): { get: () => Promise<T>; clear: () => void } {
  let pending: Promise<T> | null = null;
  return {
    get() {
      pending ??= load().catch((error: unknown) => {
        pending = null;
        throw error;
      });
      return pending;
    },
    clear() {
      pending = null;
    },
  };
}

const cmsPages = once(() => apiRequest('/content/cms-pages', { schema: cmsPagesSchema }).then((a) => a.items));
const blogPosts = once(() => apiRequest('/content/blog-posts', { schema: blogPostsSchema }).then((a) => a.items));
const authors = once(() => apiRequest('/content/authors', { schema: authorsSchema }).then((a) => a.list));
const storeReviews = once(() =>
  apiRequest(`/reviews?pageSize=${CAROUSEL_MAX_REVIEWS}`, { schema: storeReviewsSchema }).then((a) => ({
    ...a,
    items: a.items.slice(0, CAROUSEL_MAX_REVIEWS),
  })),
);
const featured = once(() => apiRequest('/products/featured', { schema: featuredProductsSchema }));

export const loadCmsPages = (): Promise<CmsPage[]> => cmsPages.get();
/** Newest first. */
export const loadBlogPosts = (): Promise<BlogPost[]> => blogPosts.get();
export const loadAuthors = (): Promise<Author[]> => authors.get();
/** The newest store reviews (at most 20) with the shop's average rating and review count. */
export const loadStoreReviews = (): Promise<StoreReviews> => storeReviews.get();
export const loadFeaturedProducts = (): Promise<FeaturedProduct[]> => featured.get();

/** The products an article recommends (enabled ones on the shop's website only). */
export const loadRelatedProducts = (postId: number): Promise<ProductListItem[]> =>
  apiRequest(`/content/blog-post/related-products/${postId}`, { schema: relatedProductsSchema });

/** Tests: forget every cached answer. */
export function clearContentCache(): void {
  for (const cache of [cmsPages, blogPosts, authors, storeReviews, featured]) cache.clear();
}
