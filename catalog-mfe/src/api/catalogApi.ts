import {
  apiRequest,
  bestsellingProductsSchema,
  categoryProductsSchema,
  productInfoSchema,
  productReviewsSchema,
  productSearchSchema,
  type CategoryProducts,
  type CategorySort,
  type ProductInfo,
  type ProductListItem,
  type ProductReviews,
  type ProductSearchHit,
} from '@shop/shared';
import { isShown } from '../catalog/visibility';

/** The catalogue calls the remote makes, typed and parsed with the shared schemas. */

export const CATEGORY_PAGE_SIZE = 24;
export const SEARCH_LIMIT = 50;

const products = new Map<number, Promise<ProductInfo>>();

/** One product with its children (configurable) or items (grouped); cached for the page. */
export function loadProduct(id: number, signal?: AbortSignal): Promise<ProductInfo> {
  let hit = products.get(id);
  if (!hit) {
    hit = apiRequest(`/products/info/${id}`, { schema: productInfoSchema });
    products.set(id, hit);
    // A failure is not kept: the next visit asks again.
    hit.catch(() => products.delete(id));
  }
  if (!signal) return hit;
  return new Promise((resolve, reject) => {
    const abort = () => reject(new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    hit.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** Forgets cached products (tests). */
export function clearProductCache(): void {
  products.clear();
  skuIds.clear();
}

export function loadCategoryProducts(
  id: number,
  { page = 1, pageSize = CATEGORY_PAGE_SIZE, sort }: { page?: number; pageSize?: number; sort?: CategorySort | undefined },
  signal?: AbortSignal,
): Promise<CategoryProducts> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (sort) query.set('sort', sort);
  return apiRequest(`/categories/${id}/products?${query}`, { schema: categoryProductsSchema, signal }).then((answer) => ({
    ...answer,
    items: answer.items.filter(isShown),
  }));
}

export function loadBestsellers(categoryId: number, signal?: AbortSignal): Promise<ProductListItem[]> {
  return apiRequest(`/categories/bestselling-products/${categoryId}`, { schema: bestsellingProductsSchema, signal }).then((a) =>
    a.data.filter(isShown),
  );
}

/** Products on a page of the search results. */
export const SEARCH_PAGE_SIZE = 24;

/** One page of every product matching the term, with how many match in all. */
export function searchProducts(
  term: string,
  page: number,
  signal?: AbortSignal,
): Promise<{ items: ProductSearchHit[]; totalCount: number; page: number; pageSize: number }> {
  const q = encodeURIComponent(term.trim());
  return apiRequest(`/products/search?q=${q}&page=${page}&pageSize=${SEARCH_PAGE_SIZE}`, { schema: productSearchSchema, signal }).then((a) => ({
    items: a.items,
    totalCount: a.totalCount ?? a.items.length,
    page: a.page ?? page,
    pageSize: a.pageSize ?? SEARCH_PAGE_SIZE,
  }));
}

export function loadProductReviews(sku: string, page: number, signal?: AbortSignal): Promise<ProductReviews> {
  return apiRequest(`/reviews/products/${encodeURIComponent(sku)}?page=${page}`, { schema: productReviewsSchema, signal });
}

const skuIds = new Map<string, Promise<number | null>>();

/** The id of a product known only by its sku (product links carry skus): the search matches sku prefixes. */
function idOfSku(sku: string): Promise<number | null> {
  let hit = skuIds.get(sku);
  if (!hit) {
    hit = apiRequest(`/products/search?q=${encodeURIComponent(sku)}&limit=${SEARCH_LIMIT}`, { schema: productSearchSchema })
      .then((a) => a.items.find((item) => item.sku.toLowerCase() === sku.toLowerCase())?.id ?? null)
      .catch((error: unknown) => {
        skuIds.delete(sku);
        throw error;
      });
    skuIds.set(sku, hit);
  }
  return hit;
}

/**
 * Related and upsell products by sku, in the order given, with full product data (prices by
 * customer group, stock). Only enabled products on the storefront's website come back; one that
 * cannot be found or loaded is left out.
 */
export async function loadProductsBySku(skus: string[]): Promise<ProductInfo[]> {
  const found = await Promise.all(
    skus.map(async (sku) => {
      try {
        const id = await idOfSku(sku);
        return id === null ? null : await loadProduct(id);
      } catch (error) {
        console.error(`[catalog] linked product ${sku} failed to load`, error);
        return null;
      }
    }),
  );
  return found.filter((p): p is ProductInfo => isShown(p));
}
