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
} from '@shop/shared/schemas';
import { fromPence } from '@shop/shared/pricing';
import { notFound } from '../http-errors';
import { categoryAnswer, guestPricePence, isShown, listItemAnswer, normalisePath, productAnswer, rewriteAnswer } from './answers';
import type { CatalogStore, CategoryRow, ProductListRow, ProductRow } from './store';

export { listItemAnswer, normalisePath, productAnswer } from './answers';

/** Sizes and limits of the catalogue calls. */
export const CATALOG_LIMITS = {
  productsAllPageSize: 1000,
  categoryPageSize: 24,
  bestsellers: 10,
  searchLimit: 10,
  searchPageSize: 24,
  rewritesPageSize: 5000,
} as const;

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
   * The product page answers of these ids (those with a page: enabled, on the storefront, and
   * visible on their own or a variant of a shown configurable product), with
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
      if (row.visibility === 1) {
        // Not Visible Individually and no shown configurable parent to send its address to (e.g. a
        // grouped product's member): no page of its own (404); it is still bought through its parent.
        if (!parent) continue;
        product.parent = { id: parent.id, url: `/${parent.urlKey}` };
      }
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
