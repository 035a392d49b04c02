import type { BlogPost, CmsPage, PageData, ServerApi } from '@shop/shared';
import { CAROUSEL_MAX_REVIEWS } from './contentApi';

/**
 * What the content pages load on the page server (see `loadPageData` of each page). The keys are
 * the `useLoad` keys the components read the same data with in the browser.
 */
export const contentData = {
  'cms-pages': (api: ServerApi) => api.get('/content/cms-pages', 'cmsPagesSchema').then((a) => a?.items),
  'blog-posts': (api: ServerApi) => api.get('/content/blog-posts', 'blogPostsSchema').then((a) => a?.items),
  authors: (api: ServerApi) => api.get('/content/authors', 'authorsSchema').then((a) => a?.list),
  categories: (api: ServerApi) => api.get('/categories/', 'categoriesSchema').then((a) => a?.categories),
  featured: (api: ServerApi) => api.get('/products/featured', 'featuredProductsSchema').then((a) => a ?? undefined),
  'store-reviews': (api: ServerApi) =>
    api
      .get(`/reviews?pageSize=${CAROUSEL_MAX_REVIEWS}`, 'storeReviewsSchema')
      .then((a) => (a ? { ...a, items: a.items.slice(0, CAROUSEL_MAX_REVIEWS) } : undefined)),
} satisfies Record<string, (api: ServerApi) => Promise<unknown>>;

export type ContentDataKey = keyof typeof contentData;

/** The page-data key of an article's related products. */
export const relatedKey = (postId: number) => `related-products:${postId}`;

export async function loadRelated(api: ServerApi, postId: number): Promise<PageData> {
  const related = await api.get(`/content/blog-post/related-products/${postId}`, 'relatedProductsSchema');
  return related ? { [relatedKey(postId)]: related } : {};
}

/**
 * The page-data key of a list trimmed to what one page shows (see loadContentData). Another page
 * of the same component (the next article) has another key, so it fetches the whole list.
 */
export const shownKey = (key: 'cms-pages' | 'blog-posts', shown: string | undefined): string => (shown === undefined ? key : `${key}:${shown}`);

/** What a page shows of the lists it loads: its CMS page (identifier) or its article (url key). */
export interface Shown {
  cmsPage?: string;
  post?: string;
}

/**
 * Loads the given entries together; an entry that fails is left to the browser. Page data serves
 * the first render alone (after a navigation the lists are fetched whole), so the HTML carries
 * only what that render shows: the CMS page shown, not every page, and the full text of the
 * article shown only (other posts are listed by name, date and summary). Trimmed lists are under
 * shownKey(list, shown).
 */
export async function loadContentData(api: ServerApi, keys: ContentDataKey[], shown: Shown = {}): Promise<PageData> {
  const answers = await Promise.all(keys.map((key) => contentData[key](api).catch(() => undefined)));
  const data: PageData = {};
  keys.forEach((key, i) => {
    if (answers[i] !== undefined) data[key] = answers[i];
  });
  const { 'cms-pages': pages, 'blog-posts': posts, ...rest } = data as { 'cms-pages'?: CmsPage[]; 'blog-posts'?: BlogPost[] };
  const trimmed: PageData = rest;
  if (pages) trimmed[shownKey('cms-pages', shown.cmsPage)] = shown.cmsPage === undefined ? pages : pages.filter((p) => p.identifier === shown.cmsPage);
  if (posts) trimmed[shownKey('blog-posts', shown.post)] = posts.map((p) => (p.url_key === shown.post ? p : { ...p, post_content: '' }));
  return trimmed;
}
