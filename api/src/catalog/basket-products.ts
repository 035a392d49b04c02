import { sql } from 'drizzle-orm';
import { STOREFRONT_WEBSITE_ID } from '@shop/shared/shop';
import { preparedRows, queryRows, type Db, type DbExecutor as Executor } from '../db/client';
import type { ProductRowBase } from './list-row';
import { intArray } from './shown';

/**
 * The catalogue's answers to the basket: each product with what pricing a basket needs (price,
 * tiers, options, stock, weight), and how configurable and grouped products are made up. The
 * basket's hot path reads them in the same statement as its own rows, so the SQL is exported too.
 */

/** A product as the basket needs it: price, tiers, options, stock, weight. */
export interface BasketProduct extends ProductRowBase {
  pricePence: number;
  specialPricePence: number | null;
  urlKey: string;
  image: string | null;
  weightGrams: number | null;
  palletOnly: boolean;
  /** Units in stock (0 when the product has no stock row). */
  stockQty: number;
  isInStock: boolean;
  options: Array<{
    id: number;
    title: string;
    type: 'drop_down' | 'radio' | 'checkbox' | 'field';
    isRequire: boolean;
    values: Array<{ id: number; title: string; sku: string | null; pricePence: number }>;
  }>;
  configurableOptions: Array<{
    attributeId: number;
    attributeCode: string;
    label: string;
    values: Array<{ value_index: number; label: string }>;
  }>;
}

/** Is the product sold on the storefront (enabled, on website 2)? */
export function isSellable(product: Pick<BasketProduct, 'status' | 'websiteIds'>): boolean {
  return product.status === 1 && product.websiteIds.includes(STOREFRONT_WEBSITE_ID);
}

/** The columns of a BasketProduct, over `products p` with `productJoins`. */
const productColumns = sql`
  p.id, p.sku, p.name, p.type_id as "typeId", p.status, p.website_ids as "websiteIds",
  p.price_pence as "pricePence", p.special_price_pence as "specialPricePence", p.url_key as "urlKey", p.image,
  p.weight_grams as "weightGrams", coalesce(ps.pallet_only, false) as "palletOnly",
  coalesce(s.qty, 0) as "stockQty", coalesce(s.is_in_stock, false) as "isInStock",
  coalesce((select json_agg(json_build_object('customerGroupId', t.customer_group_id, 'qty', t.qty, 'valuePence', t.value_pence))
            from product_tier_prices t where t.product_id = p.id), '[]'::json) as tiers,
  coalesce((select json_agg(json_build_object('id', o.id, 'title', o.title, 'type', o.type, 'isRequire', o.is_require,
              'values', coalesce((select json_agg(json_build_object('id', v.id, 'title', v.title, 'sku', v.sku, 'pricePence', v.price_pence)
                                   order by v.sort_order, v.id)
                                 from product_option_values v where v.option_id = o.id), '[]'::json))
              order by o.sort_order, o.id)
            from product_options o where o.product_id = p.id), '[]'::json) as options,
  coalesce((select json_agg(json_build_object('attributeId', c.attribute_id, 'attributeCode', c.attribute_code,
              'label', c.label, 'values', c.values) order by c.position, c.id)
            from product_configurable_options c where c.product_id = p.id), '[]'::json) as "configurableOptions"`;

const productJoins = sql`
  left join product_stock s on s.product_id = p.id
  left join product_shipping ps on ps.product_id = p.id`;

/**
 * `select <every BasketProduct column> from products p …`, to be followed by a `where` on `p`: the
 * basket's one-statement writes embed it (cart/basket-store.ts), so the catalogue's tables stay
 * named here alone.
 */
export const selectBasketProducts = sql`select ${productColumns} from products p ${productJoins}`;

export function createBasketProducts(db: Db) {
  return {
    async productsByIds(ids: readonly number[], executor: Executor = db): Promise<Map<number, BasketProduct>> {
      const unique = [...new Set(ids)];
      const map = new Map<number, BasketProduct>();
      if (unique.length === 0) return map;
      const rows = await queryRows<BasketProduct & Record<string, unknown>>(
        executor as Db,
        sql`${selectBasketProducts} where p.id = any(${intArray(unique)})`,
      );
      for (const row of rows) map.set(row.id, row);
      return map;
    },

    /** A product by sku, with the configurable product it is a child of (if any). */
    async productBySku(sku: string): Promise<(BasketProduct & { configurableParent: { parentId: number; optionValues: Record<string, number> } | null }) | undefined> {
      const [row] = await preparedRows<BasketProduct & { configurableParent: { parentId: number; optionValues: Record<string, number> } | null } & Record<string, unknown>>(
        db,
        'cart_product_by_sku',
        sql`select ${productColumns},
              (select json_build_object('parentId', cl.parent_id, 'optionValues', cl.option_values)
                 from product_configurable_links cl where cl.child_id = p.id order by cl.position, cl.parent_id limit 1) as "configurableParent"
            from products p ${productJoins} where p.sku = ${sku} limit 1`,
      );
      return row;
    },

    /** A configurable product's children (any status) with their value per attribute id. */
    async configurableChildren(parentId: number): Promise<Array<{ childId: number; optionValues: Record<string, number> }>> {
      return queryRows(
        db,
        sql`select child_id as "childId", option_values as "optionValues" from product_configurable_links
            where parent_id = ${parentId} order by position, child_id`,
      );
    },

    /** The items of a grouped product (any status). */
    async associatedIds(groupedId: number): Promise<number[]> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`select linked_product_id as id from product_links
            where product_id = ${groupedId} and link_type = 'associated' order by position, linked_product_id`,
      );
      return rows.map((r) => r.id);
    },
  };
}

export type BasketProducts = ReturnType<typeof createBasketProducts>;
