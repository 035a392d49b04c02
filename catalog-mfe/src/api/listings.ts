import { apiAnswer, type CategoryProducts, type CategorySort, type ProductListItem, type ProductSearch, type ProductSearchHit } from '@shop/shared';
import { isShown } from '../catalog/visibility';

/** The listing calls of the catalogue: a category's products, its bestsellers, search results. */

export const CATEGORY_PAGE_SIZE = 24;
export const SEARCH_LIMIT = 50;

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
