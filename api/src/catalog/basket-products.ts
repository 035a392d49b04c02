import { sql, type SQL } from 'drizzle-orm';
import { STOREFRONT_WEBSITE_ID } from '@shop/shared/shop';
import { preparedRows, queryRows, type Db, type DbExecutor as Executor } from '../db/client';
import type { ProductRowBase } from './list-row';
import { intArray } from './shown';

/**
 * The catalogue's answers to the basket: each product with what pricing a basket needs (price,
 * tiers, options, stock, weight), and how configurable and grouped products are made up. The
 * products are read from the basket's read model (product_documents.basket_item); the basket's
 * hot path reads them in the same statement as its own rows, so the SQL is exported too.
 */

/**
 * A product as the basket needs it: price, tiers, options, stock, weight. Its JSON is built by
 * the SQL function catalog_basket_items (migrations/0014_basket_items.sql): a field added here is
 * added there, in a new migration.
 */
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

/** A product's configurable parent link, as its basket item carries it (null: not a child). */
export interface ConfigurableParentLink {
  parentId: number;
  optionValues: Record<string, number>;
}

/** A basket item as stored: the product with its configurable parent link. */
export type BasketItem = BasketProduct & { configurableParent: ConfigurableParentLink | null };

/**
 * `select` of one JSON array (text) of the stored basket items of the products whose ids the
 * query `ids` (SQL) selects; null when there are none. The items are built by SQL in the
 * transaction of every catalogue write (migration 0014_basket_items), so they are always current;
 * their stock is not stored (migration 0015: a checkout's stock claim would build them again) but
 * read here from the stock row and put in front of the item's other keys.
 * The basket's one-statement writes embed it (cart/basket-store.ts).
 */
export const selectBasketItemsJson = (ids: SQL) =>
  sql`select '[' || string_agg('{"stockQty":' || coalesce(s.qty, 0) || ',"isInStock":' || coalesce(s.is_in_stock, false) || ',' || substr(d.basket_item, 2), ',') || ']'
      from product_documents d left join product_stock s on s.product_id = d.product_id
      where d.product_id in (${ids}) and d.basket_item is not null`;

/** The basket items of a JSON array read with selectBasketItemsJson (null: none). */
export function parseBasketItems(json: string | null | undefined): BasketItem[] {
  return json ? (JSON.parse(json) as BasketItem[]) : [];
}

export function createBasketProducts(db: Db) {
  return {
    async productsByIds(ids: readonly number[], executor: Executor = db): Promise<Map<number, BasketItem>> {
      const unique = [...new Set(ids)];
      const map = new Map<number, BasketItem>();
      if (unique.length === 0) return map;
      const [row] = await queryRows<{ items: string | null }>(
        executor as Db,
        sql`select (${selectBasketItemsJson(sql`select unnest(${intArray(unique)})`)}) as items`,
      );
      for (const item of parseBasketItems(row?.items)) map.set(item.id, item);
      return map;
    },

    /** A product by sku, with the configurable product it is a child of (if any). */
    async productBySku(sku: string): Promise<BasketItem | undefined> {
      const [row] = await preparedRows<{ item: string }>(
        db,
        'cart_product_by_sku_v3',
        sql`select '{"stockQty":' || coalesce(s.qty, 0) || ',"isInStock":' || coalesce(s.is_in_stock, false) || ',' || substr(d.basket_item, 2) as item
            from products p join product_documents d on d.product_id = p.id left join product_stock s on s.product_id = p.id
            where p.sku = ${sku} and d.basket_item is not null limit 1`,
      );
      return row ? (JSON.parse(row.item) as BasketItem) : undefined;
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
