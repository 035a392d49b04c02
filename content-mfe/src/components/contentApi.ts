import {
  apiAnswer,
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
 * The content remote's reads, typed by the shared schemas the API checks them against (apiAnswer). Pages, posts and authors change rarely: each list is fetched once per
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

const cmsPages = once(() => apiAnswer<{ items: CmsPage[] }>('/content/cms-pages').then((a) => a.items));
const blogPosts = once(() => apiAnswer<{ items: BlogPost[] }>('/content/blog-posts').then((a) => a.items));
const authors = once(() => apiAnswer<{ list: Author[] }>('/content/authors').then((a) => a.list));
const storeReviews = once(() =>
  apiAnswer<StoreReviews>(`/reviews?pageSize=${CAROUSEL_MAX_REVIEWS}`).then((a) => ({
    ...a,
    items: a.items.slice(0, CAROUSEL_MAX_REVIEWS),
  })),
);
const featured = once(() => apiAnswer<FeaturedProduct[]>('/products/featured'));

export const loadCmsPages = (): Promise<CmsPage[]> => cmsPages.get();
/** Newest first. */
export const loadBlogPosts = (): Promise<BlogPost[]> => blogPosts.get();
export const loadAuthors = (): Promise<Author[]> => authors.get();
/** The newest store reviews (at most 20) with the shop's average rating and review count. */
export const loadStoreReviews = (): Promise<StoreReviews> => storeReviews.get();
export const loadFeaturedProducts = (): Promise<FeaturedProduct[]> => featured.get();

/** The products an article recommends (enabled ones on the shop's website only). */
export const loadRelatedProducts = (postId: number): Promise<ProductListItem[]> =>
  apiAnswer<ProductListItem[]>(`/content/blog-post/related-products/${postId}`);

/** Tests: forget every cached answer. */
export function clearContentCache(): void {
  for (const cache of [cmsPages, blogPosts, authors, storeReviews, featured]) cache.clear();
}
