import { STOREFRONT_WEBSITE_ID } from '@shop/shared/shop';
import type { Category, Product, ProductListItem, ProductSearch, UrlRewrite } from '@shop/shared/schemas';
import { CUSTOMER_GROUPS, fromPence, unitPricePence } from '@shop/shared/pricing';
import type { ProductListRow } from './list-row';
import type { CategoryRow, ProductRow, RewriteRow } from './store';

/** The catalogue's answers made from its rows (the service's and the read model's one shape). */

const ATTR_KEYS = [
  'short_description',
  'description',
  'product_features',
  'meta_title',
  'meta_description',
  'model',
  'manufacturer',
  'packaging',
  'size',
  'coverage',
  'colour_2',
  'ce_mark',
  'bba_cert',
  'country_of_manufacture',
] as const;

/** What a guest pays for one unit, pence ex VAT (the shared price rules). */
export function guestPricePence(row: Pick<ProductListRow, 'pricePence' | 'specialPricePence' | 'tiers'>): number {
  return unitPricePence(
    { pricePence: row.pricePence, specialPricePence: row.specialPricePence, tierPrices: row.tiers },
    CUSTOMER_GROUPS.NOT_LOGGED_IN,
    1,
  );
}

export function productAnswer(row: ProductRow): Product {
  const attrs = Object.fromEntries(
    ATTR_KEYS.map((key) => {
      const value = row.attrs[key];
      return [key, value === undefined || value === null || value === '' ? null : String(value)];
    }),
  ) as Record<(typeof ATTR_KEYS)[number], string | null>;
  const links = row.links.map((l) => ({
    sku: row.sku,
    link_type: l.linkType,
    linked_product_sku: l.linkedSku,
    linked_product_type: l.linkedType,
    position: l.position,
    qty: l.qty,
  }));
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    type_id: row.typeId,
    price: fromPence(row.pricePence),
    status: row.status,
    visibility: row.visibility,
    url: `/${row.urlKey}`,
    category_ids: row.categoryIds,
    attrs: {
      ...attrs,
      image: row.image,
      special_price: row.specialPricePence == null ? null : fromPence(row.specialPricePence),
      url_key: row.urlKey,
      url_path: row.urlKey,
    },
    media_gallery_entries: row.media.map((m) => ({
      id: m.id,
      media_type: 'image' as const,
      label: m.label,
      position: m.position,
      disabled: m.disabled,
      types: m.types,
      file: m.file,
    })),
    tier_prices: row.tiers.map((t) => ({ customer_group_id: t.customerGroupId, qty: t.qty, value: fromPence(t.valuePence) })),
    options: row.options.map((o) => ({
      option_id: o.id,
      product_sku: row.sku,
      title: o.title,
      type: o.type,
      is_require: o.isRequire,
      sort_order: o.sortOrder,
      values: o.values.map((v) => ({
        option_type_id: v.id,
        title: v.title,
        price: fromPence(v.pricePence),
        price_type: 'fixed' as const,
        sku: v.sku,
        sort_order: v.sortOrder,
      })),
    })),
    product_links: links,
    downloads: row.downloads,
    extension_attributes: {
      website_ids: row.websiteIds,
      configurable_product_options: row.configurableOptions.map((c) => ({
        id: c.id,
        attribute_id: c.attributeId,
        attribute_code: c.attributeCode,
        label: c.label,
        position: c.position,
        product_id: row.id,
        values: c.values,
      })),
      configurable_product_links: row.children.map((c) => c.childId),
      product_links: links,
    },
    stock: { qty: row.stockQty, is_in_stock: row.isInStock },
    review_summary: { average: row.reviewAverage, count: row.reviewCount },
  };
}

export function listItemAnswer(row: ProductListRow, associated: ProductListRow[] = []): ProductListItem {
  const finalPence = guestPricePence(row);
  const minPence =
    row.typeId === 'grouped' && associated.length > 0 ? Math.min(...associated.map(guestPricePence)) : finalPence;
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    type_id: row.typeId,
    url: `/${row.urlKey}`,
    price: fromPence(row.pricePence),
    special_price: row.specialPricePence == null ? null : fromPence(row.specialPricePence),
    final_price: fromPence(finalPence),
    min_price: fromPence(minPence),
    image: row.image,
    short_description: row.shortDescription,
    is_in_stock: row.isInStock,
    status: row.status,
    website_ids: row.websiteIds,
    review_summary: { average: row.reviewAverage, count: row.reviewCount },
  };
}

export const isShown = (row: { status: number; websiteIds: number[] }) => row.status === 1 && row.websiteIds.includes(STOREFRONT_WEBSITE_ID);

export function categoryAnswer(row: CategoryRow, skus: string[]): Category {
  return {
    id: row.id,
    parent_id: row.parentId,
    name: row.name,
    url: `/${row.urlPath}`,
    position: row.position,
    include_in_menu: row.includeInMenu,
    productSkus: skus,
    product_count: skus.length,
    attrs: {
      meta_title: row.metaTitle,
      meta_description: row.metaDescription,
      image: row.image,
      icon: row.icon,
      description: row.description,
      custom_short_description: row.customShortDescription,
      url_key: row.urlKey,
      url_path: row.urlPath,
    },
  };
}

export function rewriteAnswer(row: RewriteRow): UrlRewrite {
  return {
    entity_id: row.entityId,
    entity_type: row.entityType,
    request_path: row.requestPath,
    target_path: row.targetPath,
    redirect_type: row.redirectType === 301 ? '301' : '0',
  };
}

/** A URL path as the rewrites store it: no slashes at either end, no repeated slashes. */
export function normalisePath(path: string): string {
  return path.replace(/\/{2,}/g, '/').replace(/^\/+|\/+$/g, '');
}

/**
 * A search result item: the listing item's fields a suggestion shows, priced at what a guest pays
 * for one (the listing item's final price, so both are made from the same document).
 */
export function searchItemAnswer(item: ProductListItem): ProductSearch['items'][number] {
  return {
    id: item.id,
    sku: item.sku,
    name: item.name,
    type_id: item.type_id,
    url: item.url,
    price: item.final_price,
    short_description: item.short_description,
    image: item.image,
  };
}
