import { apiAnswer, type ProductInfo } from '@shop/shared';

/** The product calls of the catalogue (typed by the shared schemas, which the API checks its answers against). */

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
}
