import { apiAnswer, type ProductReviews } from '@shop/shared';

/** A page of a product's approved reviews. */
export function loadProductReviews(sku: string, page: number, signal?: AbortSignal): Promise<ProductReviews> {
  return apiAnswer<ProductReviews>(`/reviews/products/${encodeURIComponent(sku)}?page=${page}`, { signal });
}
