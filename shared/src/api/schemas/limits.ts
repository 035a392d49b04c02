/** Constants of the API's shapes that pages need without loading zod (re-exported by the schemas). */

/** Reviews listed per page (product and store reviews). */
export const REVIEWS_PAGE_SIZE = 15;

/** The most SKUs one `GET /api/products/by-sku` call answers. */
export const PRODUCTS_BY_SKU_MAX = 24;

/** The orders a category listing can be sorted in (`?sort=`), the first being the default. */
export const CATEGORY_SORTS = ['position', 'name', 'name_desc', 'price', 'price_desc', 'newest', 'bestselling'] as const;
export type CategorySortName = (typeof CATEGORY_SORTS)[number];

/** `value` if it is one of CATEGORY_SORTS, else undefined. */
export function categorySortOf(value: string | null | undefined): CategorySortName | undefined {
  return (CATEGORY_SORTS as readonly string[]).includes(value ?? '') ? (value as CategorySortName) : undefined;
}
