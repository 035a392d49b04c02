import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The catalogue: categories, products (simple, configurable, grouped) and what hangs off them,
 * stock, featured products and the URL rewrites of every page. Money is integer pence.
 * Search indexes (pg_trgm on name and sku, full text over name/sku/short description) are in a
 * hand-written migration (`*_catalog_search.sql`).
 */

/** Descriptive attributes of a product (spec section 3 `attrs`), kept as one JSON document. */
export interface ProductAttrsColumn {
  short_description?: string | null;
  description?: string | null;
  product_features?: string | null;
  meta_title?: string | null;
  meta_description?: string | null;
  model?: string | null;
  /** Manufacturer id as text: '4' is the range maker, '499' and '6' the shop's own brand. */
  manufacturer?: string | null;
  packaging?: string | null;
  size?: string | null;
  coverage?: string | null;
  colour_2?: string | null;
  ce_mark?: string | null;
  bba_cert?: string | null;
  /** ISO country code: 'DE', 'GB'. */
  country_of_manufacture?: string | null;
  [attribute: string]: string | number | null | undefined;
}

export interface ConfigurableValueColumn {
  value_index: number;
  label: string;
}

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    urlKey: text('url_key').notNull(),
    /** Full path without slashes at either end, e.g. 'basement-waterproofing/cavity-drain-membranes'. */
    urlPath: text('url_path').notNull(),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    includeInMenu: boolean('include_in_menu').notNull().default(true),
    image: text('image'),
    icon: text('icon'),
    description: text('description'),
    customShortDescription: text('custom_short_description'),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('categories_url_path_key').on(t.urlPath), index('categories_parent_idx').on(t.parentId)],
);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    /** 'simple' | 'configurable' | 'grouped' */
    typeId: text('type_id').notNull().default('simple'),
    /** 1 enabled, 2 disabled (Magento's convention). */
    status: smallint('status').notNull().default(1),
    /** 1 not visible on its own (children of configurables), 4 catalogue and search. */
    visibility: smallint('visibility').notNull().default(4),
    /** Websites the product is sold on; the storefront is website 2. */
    websiteIds: integer('website_ids').array().notNull().default(sql`'{1,2}'::integer[]`),
    pricePence: integer('price_pence').notNull(),
    /**
     * The special price in effect now: what the storefront, its read models and the basket read.
     * Staff set a special price with optional dates (Europe/London, inclusive): while today is
     * outside them it waits in `specialPriceWaitingPence` instead (at most one of the two is set).
     * The back office's save and the `special-prices` job (each minute) move it between the two.
     */
    specialPricePence: integer('special_price_pence'),
    specialPriceWaitingPence: integer('special_price_waiting_pence'),
    specialFromDate: date('special_from_date', { mode: 'string' }),
    specialToDate: date('special_to_date', { mode: 'string' }),
    urlKey: text('url_key').notNull(),
    /** Base image, a path under /media. */
    image: text('image'),
    attrs: jsonb('attrs').$type<ProductAttrsColumn>().notNull().default({}),
    weightGrams: integer('weight_grams'),
    /** Seeded best-seller ranking (higher sells more), used until there are orders. */
    bestsellerScore: integer('bestseller_score').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_sku_key').on(t.sku),
    uniqueIndex('products_url_key_key').on(t.urlKey),
    index('products_price_idx').on(t.pricePence),
    check('products_type_check', sql`${t.typeId} in ('simple', 'configurable', 'grouped')`),
    check('products_status_check', sql`${t.status} in (1, 2)`),
    check('products_price_check', sql`${t.pricePence} >= 0 and (${t.specialPricePence} is null or ${t.specialPricePence} >= 0)`),
    check(
      'products_special_price_waiting_check',
      sql`${t.specialPriceWaitingPence} is null or (${t.specialPriceWaitingPence} >= 0 and ${t.specialPricePence} is null)`,
    ),
    // The job that moves special prices in and out of effect looks at dated ones only.
    index('products_special_dates_idx')
      .on(t.id)
      .where(sql`${t.specialFromDate} is not null or ${t.specialToDate} is not null`),
  ],
);

/** Stock per product: the checkout decrements `qty` in a transaction (never below 0). */
export const productStock = pgTable(
  'product_stock',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull().default(0),
    isInStock: boolean('is_in_stock').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('product_stock_qty_check', sql`${t.qty} >= 0`)],
);

export const productCategories = pgTable(
  'product_categories',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.productId] }),
    index('product_categories_product_idx').on(t.productId),
    index('product_categories_position_idx').on(t.categoryId, t.position),
  ],
);

export const productMedia = pgTable(
  'product_media',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Path under /media. */
    file: text('file').notNull(),
    label: text('label'),
    position: integer('position').notNull().default(0),
    /** Roles: 'image', 'small_image', 'thumbnail'. */
    types: text('types').array().notNull().default(sql`'{}'::text[]`),
    disabled: boolean('disabled').notNull().default(false),
  },
  (t) => [index('product_media_product_idx').on(t.productId, t.position)],
);

/** Price per customer group from a quantity on (group ids: shared/src/pricing/rules.ts). */
export const productTierPrices = pgTable(
  'product_tier_prices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerGroupId: integer('customer_group_id').notNull(),
    qty: integer('qty').notNull().default(1),
    valuePence: integer('value_pence').notNull(),
  },
  (t) => [
    uniqueIndex('product_tier_prices_key').on(t.productId, t.customerGroupId, t.qty),
    check('product_tier_prices_check', sql`${t.qty} >= 1 and ${t.valuePence} >= 0`),
  ],
);

/** Custom options a shopper chooses when buying (e.g. a cut length, a fixing kit). */
export const productOptions = pgTable(
  'product_options',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** 'drop_down' | 'radio' | 'checkbox' | 'field' */
    type: text('type').notNull().default('drop_down'),
    isRequire: boolean('is_require').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('product_options_product_idx').on(t.productId)],
);

export const productOptionValues = pgTable(
  'product_option_values',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    optionId: integer('option_id')
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    sku: text('sku'),
    /** Added to the unit price when chosen. */
    pricePence: integer('price_pence').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('product_option_values_option_idx').on(t.optionId)],
);

/** The attributes a configurable product varies by (e.g. roll length), with their values. */
export const productConfigurableOptions = pgTable(
  'product_configurable_options',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id').notNull(),
    attributeCode: text('attribute_code').notNull(),
    label: text('label').notNull(),
    position: integer('position').notNull().default(0),
    values: jsonb('values').$type<ConfigurableValueColumn[]>().notNull(),
  },
  (t) => [uniqueIndex('product_configurable_options_key').on(t.productId, t.attributeId)],
);

/**
 * A configurable product's children; `optionValues` maps attribute_id to the child's value_index.
 * A child's sku is the parent's sku, a hyphen, then the option sku.
 */
export const productConfigurableLinks = pgTable(
  'product_configurable_links',
  {
    parentId: integer('parent_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    optionValues: jsonb('option_values').$type<Record<string, number>>().notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.parentId, t.childId] }), index('product_configurable_links_child_idx').on(t.childId)],
);

/** 'related' | 'upsell' | 'crosssell' | 'associated' (the items of a grouped product). */
export const productLinks = pgTable(
  'product_links',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    linkType: text('link_type').notNull(),
    linkedProductId: integer('linked_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /** Default quantity of an associated item in a grouped product. */
    qty: integer('qty'),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.linkType, t.linkedProductId] }),
    index('product_links_linked_idx').on(t.linkedProductId),
  ],
);

/** Documents (datasheets, installation guides): files under /media. */
export const productDownloads = pgTable(
  'product_downloads',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_downloads_product_idx').on(t.productId)],
);

/** The home page strip. */
export const featuredProducts = pgTable(
  'featured_products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    strapline: text('strapline').notNull(),
    sashText: text('sash_text'),
    sashColour: text('sash_colour'),
    buttonText: text('button_text').notNull().default('Shop Now'),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('featured_products_product_key').on(t.productId)],
);

/**
 * What a URL path of the shop is. `requestPath` has no slash at either end. Type 301: `targetPath`
 * is the request path it moved to; otherwise the internal target (catalog/product/view/id/7).
 */
export const urlRewrites = pgTable(
  'url_rewrites',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** 'product' | 'category' | 'cms-page' */
    entityType: text('entity_type').notNull(),
    /** products.id, categories.id or cms_pages.id */
    entityId: integer('entity_id').notNull(),
    requestPath: text('request_path').notNull(),
    targetPath: text('target_path').notNull(),
    /** 0: serve the target here; 301: moved permanently to targetPath. */
    redirectType: smallint('redirect_type').notNull().default(0),
  },
  (t) => [
    uniqueIndex('url_rewrites_request_path_key').on(t.requestPath),
    index('url_rewrites_entity_idx').on(t.entityType, t.entityId),
    check('url_rewrites_entity_type_check', sql`${t.entityType} in ('product', 'category', 'cms-page')`),
    check('url_rewrites_redirect_type_check', sql`${t.redirectType} in (0, 301)`),
  ],
);

/**
 * The read model of the product pages: each product's answer documents, serialised once and sent
 * as they are. `version` is raised by triggers (migration catalog_documents_triggers) in the same
 * transaction as any write to the catalogue tables a document is made from (the product, its
 * stock, prices, media, options, links, categories, reviews, and its parent, children and grouped
 * items); a document is current while `built_version = version`. Stale or missing documents are
 * rebuilt by `src/catalog/documents.ts` (at seed time for all, otherwise on first read), written
 * back only if no write came in between. The page answer itself is in product_pages.
 */
export const productDocuments = pgTable('product_documents', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(1),
  builtVersion: integer('built_version'),
  /** The product as a listing item (JSON text); null: not shown in listings. */
  listItem: text('list_item'),
  /** The product as a search result item (JSON text); null: not shown. */
  searchItem: text('search_item'),
  /**
   * The product as the basket reads it (BasketProduct, JSON text), built by SQL in the writing
   * transaction of every catalogue write (migration 0014), so it is always current: not versioned.
   */
  basketItem: text('basket_item'),
});

/**
 * The product page answers of the read model (GET /products/info/:id, JSON text), current with
 * their product_documents row (written in the same statement). A table of their own so the
 * listing and search items (read many at a time) fill few pages: kept beside a page's JSON they
 * spread over more pages than PGlite's buffers hold on a large catalogue.
 */
export const productPages = pgTable('product_pages', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  /** null: the product has no page (404). */
  info: text('info'),
});

/**
 * The read model of the category listings: one row per (category, shown catalogue-visible
 * product) with the sort keys of every listing order, each order an index, so a page is an index
 * range read. Kept by triggers (migration *_category_listings.sql) in the transaction of every
 * write to products or product_categories; the items themselves are product_documents.list_item.
 */
export const categoryListings = pgTable(
  'category_listings',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    /** What a guest is charged before tiers: the special price when set, else the price. */
    sortPricePence: integer('sort_price_pence').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    bestsellerScore: integer('bestseller_score').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.productId] }),
    index('category_listings_product_idx').on(t.productId),
    index('category_listings_position_idx').on(t.categoryId, t.position, t.productId),
    index('category_listings_name_idx').on(t.categoryId, t.name, t.productId),
    index('category_listings_price_idx').on(t.categoryId, t.sortPricePence, t.productId),
    index('category_listings_newest_idx').on(t.categoryId, t.createdAt, t.productId),
    index('category_listings_bestselling_idx').on(t.categoryId, t.bestsellerScore.desc(), t.productId),
  ],
);

/** How many rows each category has in category_listings (kept by the same triggers). */
export const categoryListingCounts = pgTable('category_listing_counts', {
  categoryId: integer('category_id')
    .primaryKey()
    .references(() => categories.id, { onDelete: 'cascade' }),
  total: integer('total').notNull(),
});

/** PostgreSQL's tsvector (written and read by SQL only: the search document's columns). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** PostgreSQL's 64-bit transaction id (read as text). */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * The search documents: one row per shown, search-visible product (status 1, on the storefront,
 * visibility 3 or 4) with what search matches and ranks on, the text vectors stored. Kept by a
 * trigger on products (migration 0015) in the transaction of every write; searched in one call
 * (SQL function catalog_search, see search.ts). Its GIN indexes (full text on both vectors,
 * trigrams on the name and sku) are in that migration: drizzle-kit does not know them.
 */
export const productSearch = pgTable('product_search', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  sku: text('sku').notNull(),
  bestsellerScore: integer('bestseller_score').notNull(),
  /** to_tsvector('english', name): the names stage. */
  nameText: tsvector('name_text').notNull(),
  /** to_tsvector('english', name || ' ' || sku || ' ' || short description): the text stage. */
  allText: tsvector('all_text').notNull(),
  /**
   * The transaction that last wrote the row (pg_current_xact_id(), kept by a trigger, migration
   * 0021): the in-process search indexes read again the rows changed since they last read
   * (search-index.ts).
   */
  changed: xid8('changed').default(sql`pg_current_xact_id()`).notNull(),
}, (t) => [index('product_search_changed_idx').on(t.changed)]);

/**
 * Products taken out of product_search (no longer shown or searchable, or deleted), stamped with
 * the transaction that took them out, so the search indexes drop them too (a trigger, migration 0021).
 */
export const productSearchGone = pgTable(
  'product_search_gone',
  {
    productId: integer('product_id').primaryKey(),
    changed: xid8('changed').default(sql`pg_current_xact_id()`).notNull(),
  },
  (t) => [index('product_search_gone_changed_idx').on(t.changed)],
);
