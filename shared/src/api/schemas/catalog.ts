import { z } from './z';
import { PRODUCTS_BY_SKU_MAX, CATEGORY_SORTS } from './limits';

/**
 * Catalogue answers of the /api service (spec sections 3 and 7): categories, products, featured
 * products, search, paged category listings, best sellers and URL rewrites. The API uses these as
 * its response schemas; the browser parses answers with them.
 *
 * Conventions: prices are pounds ex VAT as numbers with 2 decimals (the service keeps integer
 * pence and converts on the way out); `url` fields are shop paths starting with '/'; image and
 * document paths start with '/media/' unless they are full https links.
 */

const text = z.string().nullable();

/** Parameters: a positive whole number (ids, pages), with a message naming what is wrong. */
export const positiveIntParam = z
  .string()
  .regex(/^[1-9]\d{0,8}$/, 'must be a positive whole number')
  .transform(Number);

export const idParamsSchema = z.object({ id: positiveIntParam });

/** Text a database can store: no NUL characters (PostgreSQL rejects them). */
export const noNulText = (message = 'must not contain NUL characters') => z.string().refine((s) => !s.includes('\u0000'), message);

// ---------------------------------------------------------------------------------------------
// Products

export const productTypeSchema = z.enum(['simple', 'configurable', 'grouped']);
export type ProductType = z.infer<typeof productTypeSchema>;

/** The descriptive attributes of spec section 3 (`attrs`). A missing value is null. */
export const productAttrsSchema = z.object({
  image: text,
  /** Pounds ex VAT; beats every other price when set. */
  special_price: z.number().nullable(),
  /** Plain text, one or two sentences (search suggestions, listings). */
  short_description: text,
  /** HTML. */
  description: text,
  /** HTML list of features. */
  product_features: text,
  meta_title: text,
  meta_description: text,
  model: text,
  /** Manufacturer id as text: '4' is the range maker (Hydrovault); '499' and '6' the shop's own name. */
  manufacturer: text,
  packaging: text,
  size: text,
  coverage: text,
  colour_2: text,
  /** e.g. 'EN 13967:2012' when CE marked, else null. */
  ce_mark: text,
  /** BBA certificate number, e.g. '21/5934', else null. */
  bba_cert: text,
  /** ISO code: 'DE' (Germany) or 'GB' (United Kingdom). */
  country_of_manufacture: text,
  url_key: z.string(),
  /** Path without slashes at either end, e.g. 'hydrovault-cavity-drain-membrane-8mm'. */
  url_path: z.string(),
});
export type ProductAttrs = z.infer<typeof productAttrsSchema>;

export const mediaGalleryEntrySchema = z.object({
  id: z.number().int(),
  media_type: z.literal('image'),
  label: text,
  position: z.number().int(),
  disabled: z.boolean(),
  /** Roles of the image: 'image' (base), 'small_image', 'thumbnail'. */
  types: z.array(z.string()),
  /** Path under /media, e.g. '/media/catalog/product/hv-cdm8-1.svg'. */
  file: z.string(),
});
export type MediaGalleryEntry = z.infer<typeof mediaGalleryEntrySchema>;

/** A price for a customer group from a quantity on (group ids: CUSTOMER_GROUPS in pricing/rules). */
export const tierPriceSchema = z.object({
  customer_group_id: z.number().int(),
  qty: z.number().int(),
  /** Pounds ex VAT, per unit. */
  value: z.number(),
});
export type TierPrice = z.infer<typeof tierPriceSchema>;

export const customOptionValueSchema = z.object({
  option_type_id: z.number().int(),
  title: z.string(),
  /** Added to the unit price, pounds ex VAT. */
  price: z.number(),
  price_type: z.literal('fixed'),
  sku: text,
  sort_order: z.number().int(),
});

/** A custom option (spec: option_id, title, is_require, values with option_type_id, title, price). */
export const customOptionSchema = z.object({
  option_id: z.number().int(),
  product_sku: z.string(),
  title: z.string(),
  type: z.enum(['drop_down', 'radio', 'checkbox', 'field']),
  is_require: z.boolean(),
  sort_order: z.number().int(),
  values: z.array(customOptionValueSchema),
});
export type CustomOption = z.infer<typeof customOptionSchema>;

export const productLinkTypeSchema = z.enum(['related', 'upsell', 'crosssell', 'associated']);

/** Only links to products that are enabled and on website 2 are answered. */
export const productLinkSchema = z.object({
  sku: z.string(),
  link_type: productLinkTypeSchema,
  linked_product_sku: z.string(),
  linked_product_type: productTypeSchema,
  position: z.number().int(),
  /** Default quantity of an associated item of a grouped product. */
  qty: z.number().int().nullable(),
});
export type ProductLink = z.infer<typeof productLinkSchema>;

export const productDownloadSchema = z.object({
  title: z.string(),
  /** Path under /media (PDF). */
  url: z.string(),
});

export const configurableOptionSchema = z.object({
  id: z.number().int(),
  attribute_id: z.number().int(),
  attribute_code: z.string(),
  label: z.string(),
  position: z.number().int(),
  product_id: z.number().int(),
  values: z.array(z.object({ value_index: z.number().int(), label: z.string() })),
});
export type ConfigurableOption = z.infer<typeof configurableOptionSchema>;

export const stockSchema = z.object({
  qty: z.number().int(),
  is_in_stock: z.boolean(),
});

export const reviewSummarySchema = z.object({
  /** Mean rating of approved reviews, 1 decimal; 0 when there are none. */
  average: z.number(),
  count: z.number().int(),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** A product as `products/all` answers it (and the base of `products/info`). */
export const productSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  type_id: productTypeSchema,
  /** Base price, pounds ex VAT. */
  price: z.number(),
  /** 1 enabled (only enabled products are answered). */
  status: z.number().int(),
  /** 4 catalogue and search; 1 not visible on its own (children of configurable products). */
  visibility: z.number().int(),
  /** Shop path, e.g. '/hydrovault-cavity-drain-membrane-8mm'. */
  url: z.string(),
  category_ids: z.array(z.number().int()),
  attrs: productAttrsSchema,
  media_gallery_entries: z.array(mediaGalleryEntrySchema),
  tier_prices: z.array(tierPriceSchema),
  options: z.array(customOptionSchema),
  product_links: z.array(productLinkSchema),
  downloads: z.array(productDownloadSchema),
  extension_attributes: z.object({
    website_ids: z.array(z.number().int()),
    configurable_product_options: z.array(configurableOptionSchema),
    /** Ids of the children of a configurable product. */
    configurable_product_links: z.array(z.number().int()),
    /** The same list as `product_links` (clients written against either find it). */
    product_links: z.array(productLinkSchema),
  }),
  stock: stockSchema,
  review_summary: reviewSummarySchema,
});
export type Product = z.infer<typeof productSchema>;

/** A child of a configurable product: its value for each configurable attribute. */
export const configurableChildSchema = productSchema.extend({
  /** attribute_code → value_index, e.g. { roll_length: 2 }. */
  option_values: z.record(z.string(), z.number().int()),
});
export type ConfigurableChild = z.infer<typeof configurableChildSchema>;

/**
 * Answer of GET /api/products/info/{id}: the product, with `children` (configurable) or
 * `associated` (grouped, in link order). Unknown, disabled or not-on-website-2 products: 404.
 */
export const productInfoSchema = productSchema.extend({
  children: z.array(configurableChildSchema).optional(),
  /** A variant of a configurable product: its parent, whose page shows it (301 there). */
  parent: z.object({ id: z.number().int(), url: z.string() }).optional(),
  associated: z.array(productSchema.extend({ default_qty: z.number().int().nullable() })).optional(),
});
export type ProductInfo = z.infer<typeof productInfoSchema>;


/**
 * Query of GET /api/products/by-sku?skus=a,b,c : the related and upsell products of a product
 * page in one call. Comma-separated skus, at most PRODUCTS_BY_SKU_MAX, each at most 64 characters.
 */
export const productsBySkuQuerySchema = z.object({
  skus: noNulText()
    .transform((s) => s.split(',').map((sku) => sku.trim()))
    .pipe(
      // Refinements of the whole list, so that a 400 names `skus` rather than `skus.3`.
      z
        .array(z.string())
        .refine((list) => list.every((sku) => sku.length > 0), 'must be skus separated by commas, none empty')
        .refine((list) => list.length <= PRODUCTS_BY_SKU_MAX, `must name at most ${PRODUCTS_BY_SKU_MAX} skus`)
        .refine((list) => list.every((sku) => sku.length <= 64), 'must name skus of at most 64 characters'),
    ),
});

/**
 * Answer of GET /api/products/by-sku: the shown products among those named, in the order named
 * (unknown, disabled or not-on-website-2 skus are left out), each as `products/info` answers it
 * (grouped products with `associated`; configurable ones without `children`).
 */
export const productsBySkuSchema = z.array(productInfoSchema);

/** Query of GET /api/products/all: pages of at most 1000 products (the seeded shop fits in one). */
export const productsAllQuerySchema = z.object({
  page: positiveIntParam.optional(),
  pageSize: positiveIntParam.refine((n) => n <= 1000, 'must be at most 1000').optional(),
});

/** Answer of GET /api/products/all: visible products keyed by sku, sorted by id, one page. */
export const productsAllSchema = z.object({
  items: z.record(z.string(), productSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type ProductsAll = z.infer<typeof productsAllSchema>;

/** A product in a listing (category page, best sellers, related products of an article). */
export const productListItemSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  type_id: productTypeSchema,
  url: z.string(),
  /** Base price, pounds ex VAT. */
  price: z.number(),
  special_price: z.number().nullable(),
  /** What a guest pays per unit (special price, else a group-1 tier at qty 1, else price), ex VAT. */
  final_price: z.number(),
  /** For grouped products: the lowest final price of its items ("from"). */
  min_price: z.number(),
  image: text,
  short_description: text,
  is_in_stock: z.boolean(),
  status: z.number().int(),
  website_ids: z.array(z.number().int()),
  review_summary: reviewSummarySchema,
});
export type ProductListItem = z.infer<typeof productListItemSchema>;

/** Answer of GET /api/content/blog-post/related-products/{id}: a JSON array. */
export const relatedProductsSchema = z.array(productListItemSchema);

/** Answer of GET /api/products/featured: a JSON array, in display order. */
export const featuredProductSchema = z.object({
  id: z.number().int(),
  /** The product's id and sku, to link and add to the basket. */
  product_id: z.number().int(),
  sku: z.string(),
  url: z.string(),
  name: z.string(),
  image: z.string(),
  strapline: z.string(),
  sashText: z.string().nullable(),
  /** A CSS colour, e.g. '#0b6e4f'. */
  sashColour: z.string().nullable(),
  buttonText: z.string(),
  price: z.number(),
  final_price: z.number(),
});
export const featuredProductsSchema = z.array(featuredProductSchema);
export type FeaturedProduct = z.infer<typeof featuredProductSchema>;

// ---------------------------------------------------------------------------------------------
// Search

export const productSearchQuerySchema = z.object({
  q: noNulText()
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'must not be empty').max(100, 'must be at most 100 characters')),
  limit: positiveIntParam.refine((n) => n <= 50, 'must be at most 50').optional(),
  /** Paged results (the search page): page from 1, with the total of every match. */
  page: positiveIntParam.refine((n) => n <= 1000, 'must be at most 1000').optional(),
  pageSize: positiveIntParam.refine((n) => n <= 48, 'must be at most 48').optional(),
});

export const productSearchHitSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  type_id: productTypeSchema,
  url: z.string(),
  /** What a guest pays per unit, pounds ex VAT (special price when set). */
  price: z.number(),
  short_description: text,
  image: text,
});
export type ProductSearchHit = z.infer<typeof productSearchHitSchema>;

/**
 * Answer of GET /api/products/search?q=&limit= : best first (name matches before others). With
 * `page` (and `pageSize`, 24 by default) it is one page of every match, and says how many there are.
 */
export const productSearchSchema = z.object({
  q: z.string(),
  items: z.array(productSearchHitSchema),
  page: z.number().int().optional(),
  pageSize: z.number().int().optional(),
  totalCount: z.number().int().optional(),
});
export type ProductSearch = z.infer<typeof productSearchSchema>;

// ---------------------------------------------------------------------------------------------
// Categories

export const categoryAttrsSchema = z.object({
  meta_title: text,
  meta_description: text,
  /** Header image, path under /media. */
  image: text,
  /** Tile icon, path under /media. */
  icon: text,
  /** HTML ('More Information on {category}'). */
  description: text,
  custom_short_description: text,
  url_key: z.string(),
  url_path: z.string(),
});

export const categorySchema = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  /** Shop path, e.g. '/damp-proofing'. */
  url: z.string(),
  position: z.number().int(),
  include_in_menu: z.boolean(),
  /** Skus of the visible products in the category, in category order. */
  productSkus: z.array(z.string()),
  product_count: z.number().int(),
  attrs: categoryAttrsSchema,
});
export type Category = z.infer<typeof categorySchema>;

/** Answer of GET /api/categories/ : active categories in menu order (parents before children). */
export const categoriesSchema = z.object({ categories: z.array(categorySchema) });
export type Categories = z.infer<typeof categoriesSchema>;

export const categorySortSchema = z.enum(CATEGORY_SORTS);
export type CategorySort = z.infer<typeof categorySortSchema>;

/** Query of GET /api/categories/{id}/products. */
export const categoryProductsQuerySchema = z.object({
  page: positiveIntParam.optional(),
  pageSize: positiveIntParam.refine((n) => n <= 100, 'must be at most 100').optional(),
  sort: categorySortSchema.optional(),
});

/** Answer of GET /api/categories/{id}/products?page=&pageSize=&sort= (default 1, 24, position). */
export const categoryProductsSchema = z.object({
  category: z.object({ id: z.number().int(), name: z.string(), url: z.string() }),
  items: z.array(productListItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  sort: categorySortSchema,
});
export type CategoryProducts = z.infer<typeof categoryProductsSchema>;

/** Answer of GET /api/categories/bestselling-products/{id}: at most 10, best first. */
export const bestsellingProductsSchema = z.object({ data: z.array(productListItemSchema) });
export type BestsellingProducts = z.infer<typeof bestsellingProductsSchema>;

// ---------------------------------------------------------------------------------------------
// URL rewrites

export const urlRewriteSchema = z.object({
  entity_id: z.number().int(),
  entity_type: z.enum(['product', 'category', 'cms-page']),
  /** Without slashes at either end. */
  request_path: z.string(),
  /** 'catalog/product/view/id/7', 'catalog/category/view/id/102', 'cms/page/view/id/about', or for a 301 the path it moved to. */
  target_path: z.string(),
  /** '301' means moved permanently; '0' is a plain rewrite. */
  redirect_type: z.enum(['0', '301']),
});
export type UrlRewrite = z.infer<typeof urlRewriteSchema>;

/** Query of GET /api/url-rewrites: pages of at most 5000 (the seeded shop fits in one). */
export const urlRewritesQuerySchema = z.object({
  page: positiveIntParam.optional(),
  pageSize: positiveIntParam.refine((n) => n <= 5000, 'must be at most 5000').optional(),
});

/** Answer of GET /api/url-rewrites: a JSON array (header X-Total-Count gives the total). */
export const urlRewritesSchema = z.array(urlRewriteSchema);

/** Query of GET /api/url-rewrites/resolve. */
export const resolvePathQuerySchema = z.object({
  path: noNulText().pipe(z.string().max(500, 'must be at most 500 characters')),
});
