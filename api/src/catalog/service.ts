import { STOREFRONT_WEBSITE_ID } from '@shop/shared/shop';
import type {
  Categories,
  Category,
  CategoryProducts,
  CategorySort,
  ConfigurableChild,
  FeaturedProduct,
  Product,
  ProductInfo,
  ProductListItem,
  ProductsAll,
  ProductSearch,
  ResolvedPath,
  UrlRewrite,
} from '@shop/shared/schemas';
import { CUSTOMER_GROUPS, fromPence, unitPricePence } from '@shop/shared/pricing';
import { notFound } from '../http-errors';
import type { CatalogStore, CategoryRow, ProductListRow, ProductRow, RewriteRow } from './store';

/** Sizes and limits of the catalogue calls. */
export const CATALOG_LIMITS = {
  productsAllPageSize: 1000,
  categoryPageSize: 24,
  bestsellers: 10,
  searchLimit: 10,
  searchPageSize: 24,
  rewritesPageSize: 5000,
} as const;

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
function guestPricePence(row: Pick<ProductListRow, 'pricePence' | 'specialPricePence' | 'tiers'>): number {
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

const isShown = (row: { status: number; websiteIds: number[] }) => row.status === 1 && row.websiteIds.includes(STOREFRONT_WEBSITE_ID);

function categoryAnswer(row: CategoryRow, skus: string[]): Category {
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

function rewriteAnswer(row: RewriteRow): UrlRewrite {
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

export function createCatalogService(store: CatalogStore) {
  /** Listing items of the given ids (shown ones only), in the order of `ids`. */
  async function listItems(ids: readonly number[]): Promise<ProductListItem[]> {
    const rows = await store.listRowsByIds(ids);
    return toListItems(rows, ids);
  }

  async function toListItems(rows: ProductListRow[], order?: readonly number[]): Promise<ProductListItem[]> {
    const grouped = rows.filter((r) => r.typeId === 'grouped').map((r) => r.id);
    const associated = await store.associatedListRows(grouped);
    const items = rows.map((r) => listItemAnswer(r, associated.get(r.id)));
    if (!order) return items;
    const byId = new Map(items.map((item) => [item.id, item]));
    return order.map((id) => byId.get(id)).filter((item): item is ProductListItem => item !== undefined);
  }

  /** What a path without slashes at its ends is (see `resolve`). */
  async function resolveNormalised(path: string): Promise<ResolvedPath> {
    const missing = () => notFound(`No page at /${path}`);
    if (!path) throw missing();
    const row = await store.resolvePath(path);
    if (!row) {
      const lower = path.toLowerCase();
      const found = lower !== path ? await store.resolvePath(lower) : undefined;
      if (found) return { type: 'redirect', target: `/${found.redirectType === 301 ? normalisePath(found.targetPath) : found.requestPath}`, status: 301 };
      throw missing();
    }
    if (row.redirectType === 301) return { type: 'redirect', target: `/${normalisePath(row.targetPath)}`, status: 301 };
    const url = `/${row.requestPath}`;
    if (row.entityType === 'product' && row.productShown && row.productSku) return { type: 'product', id: row.entityId, sku: row.productSku, url };
    if (row.entityType === 'category' && row.categoryActive) return { type: 'category', id: row.entityId, url };
    if (row.entityType === 'cms-page' && row.cmsIdentifier) return { type: 'cms-page', identifier: row.cmsIdentifier, url };
    throw missing();
  }

  /**
   * The product page answers of these ids (those with a page: enabled, on the storefront), with
   * their related rows fetched once for all: parents of variants, children, grouped items.
   */
  async function productInfos(ids: readonly number[]): Promise<Map<number, ProductInfo>> {
    const rows = (await store.productsByIds(ids)).filter(isShown);
    const relatedIds = rows.flatMap((row) =>
      row.typeId === 'configurable'
        ? row.children.map((c) => c.childId)
        : row.typeId === 'grouped'
          ? row.links.filter((l) => l.linkType === 'associated').map((l) => l.linkedId)
          : [],
    );
    const [related, parents] = await Promise.all([
      relatedIds.length > 0 ? store.productsByIds(relatedIds).then((list) => new Map(list.map((r) => [r.id, r]))) : new Map<number, ProductRow>(),
      store.shownParentsOf(rows.filter((row) => row.visibility === 1).map((row) => row.id)),
    ]);
    const answers = new Map<number, ProductInfo>();
    for (const row of rows) {
      const product: ProductInfo = productAnswer(row);
      // A variant of a configurable product is shown on its parent's page, not as a product.
      const parent = parents.get(row.id);
      if (row.visibility === 1 && parent) product.parent = { id: parent.id, url: `/${parent.urlKey}` };
      if (row.typeId === 'configurable') {
        const codeOf = new Map(row.configurableOptions.map((o) => [String(o.attributeId), o.attributeCode]));
        product.children = row.children.flatMap(({ childId, optionValues }): ConfigurableChild[] => {
          const child = related.get(childId);
          if (!child) return [];
          const values = Object.fromEntries(
            Object.entries(optionValues).flatMap(([attributeId, valueIndex]) => {
              const code = codeOf.get(attributeId);
              return code ? [[code, valueIndex]] : [];
            }),
          );
          return [{ ...productAnswer(child), option_values: values }];
        });
      }
      if (row.typeId === 'grouped') {
        product.associated = row.links
          .filter((l) => l.linkType === 'associated')
          .flatMap((link) => {
            const item = related.get(link.linkedId);
            return item ? [{ ...productAnswer(item), default_qty: link.qty }] : [];
          });
      }
      answers.set(row.id, product);
    }
    return answers;
  }

  return {
    listItems,

    async categories(): Promise<Categories> {
      const [rows, skus] = await Promise.all([store.activeCategories(), store.categorySkus()]);
      const byCategory = new Map<number, string[]>();
      for (const { categoryId, sku } of skus) {
        const list = byCategory.get(categoryId) ?? [];
        list.push(sku);
        byCategory.set(categoryId, list);
      }
      // Parents before children, each level in position order (a category under an inactive parent is left out).
      const children = new Map<number | null, CategoryRow[]>();
      for (const row of rows) {
        const list = children.get(row.parentId) ?? [];
        list.push(row);
        children.set(row.parentId, list);
      }
      const ordered: Category[] = [];
      const visit = (parentId: number | null) => {
        for (const row of children.get(parentId) ?? []) {
          ordered.push(categoryAnswer(row, byCategory.get(row.id) ?? []));
          visit(row.id);
        }
      };
      visit(null);
      return { categories: ordered };
    },

    async categoryProducts(
      categoryId: number,
      { page = 1, pageSize = CATALOG_LIMITS.categoryPageSize, sort = 'position' }: { page?: number; pageSize?: number; sort?: CategorySort },
    ): Promise<CategoryProducts> {
      const category = await store.activeCategory(categoryId);
      if (!category) throw notFound(`Category ${categoryId} not found`);
      const { rows, total } = await store.categoryPage(categoryId, sort, (page - 1) * pageSize, pageSize);
      return {
        category: { id: category.id, name: category.name, url: `/${category.urlPath}` },
        items: await toListItems(rows),
        page,
        pageSize,
        totalCount: total,
        sort,
      };
    },

    /** categoryProducts without its items: the ids of the page, for the read model to fill in. */
    async categoryPageIds(
      categoryId: number,
      { page = 1, pageSize = CATALOG_LIMITS.categoryPageSize, sort = 'position' }: { page?: number; pageSize?: number; sort?: CategorySort },
    ): Promise<Omit<CategoryProducts, 'items'> & { ids: number[] }> {
      const category = await store.activeCategory(categoryId);
      if (!category) throw notFound(`Category ${categoryId} not found`);
      const { ids, total } = await store.categoryPageIds(categoryId, sort, (page - 1) * pageSize, pageSize);
      return { category: { id: category.id, name: category.name, url: `/${category.urlPath}` }, ids, page, pageSize, totalCount: total, sort };
    },

    async bestsellers(categoryId: number): Promise<{ data: ProductListItem[] }> {
      if (!(await store.isCategoryActive(categoryId))) throw notFound(`Category ${categoryId} not found`);
      const ids = await store.bestsellerIds(categoryId, CATALOG_LIMITS.bestsellers);
      return { data: await listItems(ids) };
    },

    async productsAll({ page = 1, pageSize = CATALOG_LIMITS.productsAllPageSize }: { page?: number; pageSize?: number }): Promise<ProductsAll> {
      const { ids, total } = await store.shownProductIds((page - 1) * pageSize, pageSize);
      const rows = await store.productsByIds(ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const items: Record<string, Product> = {};
      for (const id of ids) {
        const row = byId.get(id);
        if (row) items[row.sku] = productAnswer(row);
      }
      return { items, page, pageSize, totalCount: total };
    },

    async productInfo(id: number): Promise<ProductInfo> {
      const product = (await productInfos([id])).get(id);
      if (!product) throw notFound(`Product ${id} not found`);
      return product;
    },

    productInfos,

    /**
     * The shown products among `skus`, in the order given (a page's related and upsell products in
     * one call), as `productInfo` answers them.
     */
    async productsBySku(skus: readonly string[]): Promise<ProductInfo[]> {
      const unique = [...new Set(skus)];
      const ids = await store.shownIdsBySkus(unique);
      const answers = await productInfos([...ids.values()]);
      return unique.flatMap((sku) => {
        const answer = answers.get(ids.get(sku) ?? -1);
        return answer ? [answer] : [];
      });
    },

    async featured(): Promise<FeaturedProduct[]> {
      const featured = await store.featured();
      const items = new Map((await listItems(featured.map((f) => f.productId))).map((item) => [item.id, item]));
      return featured.flatMap((f) => {
        const item = items.get(f.productId);
        if (!item) return [];
        return [
          {
            id: f.id,
            product_id: item.id,
            sku: item.sku,
            url: item.url,
            name: item.name,
            image: item.image ?? '',
            strapline: f.strapline,
            sashText: f.sashText,
            sashColour: f.sashColour,
            buttonText: f.buttonText,
            price: item.price,
            final_price: item.final_price,
          },
        ];
      });
    },

    /** Suggestions (`limit`, 10 by default), or with `page` one page of every match and their count. */
    async search(q: string, query: { limit?: number | undefined; page?: number | undefined; pageSize?: number | undefined } = {}): Promise<ProductSearch> {
      const paged = query.page !== undefined || query.pageSize !== undefined;
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? CATALOG_LIMITS.searchPageSize;
      const { rows, total } = paged
        ? await store.search(q, { offset: (page - 1) * pageSize, limit: pageSize, count: true })
        : await store.search(q, { limit: query.limit ?? CATALOG_LIMITS.searchLimit });
      return {
        q,
        items: rows.map((row) => ({
          id: row.id,
          sku: row.sku,
          name: row.name,
          type_id: row.typeId,
          url: `/${row.urlKey}`,
          price: fromPence(guestPricePence(row)),
          short_description: row.shortDescription,
          image: row.image,
        })),
        ...(paged ? { page, pageSize, totalCount: total ?? rows.length } : {}),
      };
    },

    async rewrites({ page = 1, pageSize = CATALOG_LIMITS.rewritesPageSize }: { page?: number; pageSize?: number }) {
      const { rows, total } = await store.rewrites((page - 1) * pageSize, pageSize);
      return { items: rows.map(rewriteAnswer), total };
    },

    /**
     * What a URL path is: a product (enabled, on website 2), a category (active), a CMS page
     * (active), or a 301 to where it moved. A path in capitals that exists in lower case, or
     * with a trailing (or doubled) slash, redirects to the one address. Anything else is a 404.
     */
    async resolve(rawPath: string): Promise<ResolvedPath> {
      const path = normalisePath(rawPath);
      if (!path) throw notFound('No page at /');
      const page = await resolveNormalised(path);
      // '/damp-proofing/' (or 'damp//proofing') is not a second page: 301 to the one address.
      if (rawPath.replace(/^\/+/, '') === path || page.type === 'redirect') return page;
      return { type: 'redirect', target: page.url, status: 301 };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
