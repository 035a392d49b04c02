import { apiAnswer, PRODUCTS_BY_SKU_MAX, type ProductInfo } from '@shop/shared';
import { isShown } from '../catalog/visibility';

/** The related and upsell products of a product page, by sku (loaded as the shopper scrolls to them). */

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

/** Forgets cached linked products (tests). */
export function clearLinkedProductCache(): void {
  bySku.clear();
}
