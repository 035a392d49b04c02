import {
  apiAnswer,
  type CategoryProducts,
  type CategorySort,
  type ProductInfo,
  type ProductListItem,
  type ProductReviews,
  type ProductSearch,
  type ProductSearchHit,
  PRODUCTS_BY_SKU_MAX,
} from '@shop/shared';
import { isShown } from '../catalog/visibility';

/**
 * The catalogue calls the remote makes, typed by the shared schemas (the API checks its answers
 * against them before sending; see apiAnswer).
 */

export const CATEGORY_PAGE_SIZE = 24;
export const SEARCH_LIMIT = 50;

const products = new Map<number, Promise<ProductInfo>>();

/** One product with its children (configurable) or items (grouped); cached for the page. */
export function loadProduct(id: number, signal?: AbortSignal): Promise<ProductInfo> {
  let hit = products.get(id);
  if (!hit) {
    hit = apiAnswer<ProductInfo>(`/products/info/${id}`);
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
  bySku.clear();
}

export function loadCategoryProducts(
  id: number,
  { page = 1, pageSize = CATEGORY_PAGE_SIZE, sort }: { page?: number; pageSize?: number; sort?: CategorySort | undefined },
  signal?: AbortSignal,
): Promise<CategoryProducts> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (sort) query.set('sort', sort);
  return apiAnswer<CategoryProducts>(`/categories/${id}/products?${query}`, { signal }).then((answer) => ({
    ...answer,
    items: answer.items.filter(isShown),
  }));
}

export function loadBestsellers(categoryId: number, signal?: AbortSignal): Promise<ProductListItem[]> {
  return apiAnswer<{ data: ProductListItem[] }>(`/categories/bestselling-products/${categoryId}`, { signal }).then((a) =>
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
  return apiAnswer<ProductSearch>(`/products/search?q=${q}&page=${page}&pageSize=${SEARCH_PAGE_SIZE}`, { signal }).then((a) => ({
    items: a.items,
    totalCount: a.totalCount ?? a.items.length,
    page: a.page ?? page,
    pageSize: a.pageSize ?? SEARCH_PAGE_SIZE,
  }));
}

export function loadProductReviews(sku: string, page: number, signal?: AbortSignal): Promise<ProductReviews> {
  return apiAnswer<ProductReviews>(`/reviews/products/${encodeURIComponent(sku)}?page=${page}`, { signal });
}

const bySku = new Map<string, Promise<ProductInfo | null>>();
let pendingSkus: Array<{ sku: string; resolve: (p: ProductInfo | null) => void; reject: (e: unknown) => void }> = [];

/**
 * Asks for every sku requested in the same task in one GET /products/by-sku (the related and
 * upsell lists of a page render together), in batches of at most PRODUCTS_BY_SKU_MAX.
 */
function flushSkus(): void {
  const batch = pendingSkus;
  pendingSkus = [];
  for (let i = 0; i < batch.length; i += PRODUCTS_BY_SKU_MAX) {
    const part = batch.slice(i, i + PRODUCTS_BY_SKU_MAX);
    const skus = part.map((p) => encodeURIComponent(p.sku)).join(',');
    apiAnswer<ProductInfo[]>(`/products/by-sku?skus=${skus}`).then(
      (found) => {
        const byKey = new Map(found.map((p) => [p.sku, p]));
        for (const { sku, resolve } of part) resolve(byKey.get(sku) ?? null);
      },
      (error: unknown) => {
        for (const { sku, reject } of part) {
          bySku.delete(sku);
          reject(error);
        }
      },
    );
  }
}

function productOfSku(sku: string): Promise<ProductInfo | null> {
  let hit = bySku.get(sku);
  if (!hit) {
    hit = new Promise((resolve, reject) => {
      if (pendingSkus.length === 0) queueMicrotask(flushSkus);
      pendingSkus.push({ sku, resolve, reject });
    });
    bySku.set(sku, hit);
  }
  return hit;
}

/**
 * Related and upsell products by sku, in the order given, with full product data (prices by
 * customer group, stock): one request for all the skus a page asks for at once, never one per
 * sku. Only enabled products on the storefront's website come back; if the request fails, none.
 */
export async function loadProductsBySku(skus: string[]): Promise<ProductInfo[]> {
  try {
    const found = await Promise.all(skus.map(productOfSku));
    return found.filter((p): p is ProductInfo => isShown(p));
  } catch (error) {
    console.error(`[catalog] linked products ${skus.join(', ')} failed to load`, error);
    return [];
  }
}
