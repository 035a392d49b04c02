import { STOREFRONT_WEBSITE_ID } from '@shop/shared';

/** The storefront's website id (one definition, in @shop/shared): only products on it (and enabled) are shown anywhere. */
export { STOREFRONT_WEBSITE_ID };
export const STATUS_ENABLED = 1;

interface Listable {
  status?: number | undefined;
  website_ids?: number[] | undefined;
  extension_attributes?: { website_ids?: number[] | undefined } | undefined;
}

/**
 * Spec section 4: products show only if their status is 1 and website id 2 is included. The API
 * already answers only those; the pages check again so a stale or foreign answer never shows one.
 * An answer that does not say (search hits carry neither field) is taken as the API's word.
 */
export function isShown(product: Listable | null | undefined): boolean {
  if (!product) return false;
  if (product.status !== undefined && product.status !== STATUS_ENABLED) return false;
  const websites = product.website_ids ?? product.extension_attributes?.website_ids;
  if (websites !== undefined && !websites.includes(STOREFRONT_WEBSITE_ID)) return false;
  return true;
}
