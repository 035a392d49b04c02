import { apiRequest, type ProductSearchHit } from '@shop/shared';

export const SUGGESTION_LIMIT = 8;

/** Server-side product search (typo-tolerant, name matches first). */
export async function searchProducts(term: string, signal?: AbortSignal): Promise<ProductSearchHit[]> {
  const q = encodeURIComponent(term.trim());
  // The schema (and zod) load with the first search, not with the page.
  const { productSearchSchema } = await import('@shop/shared/schemas');
  const answer = await apiRequest(`/products/search?q=${q}&limit=${SUGGESTION_LIMIT}`, { schema: productSearchSchema, signal });
  return answer.items;
}

/** Plain text of a short description that may hold HTML: never injected as markup. */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
