import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { STOREFRONT_WEBSITE_ID } from '@shop/shared/shop';
import {
  PRODUCT_MESSAGES,
  type AdminProductDetail,
  type AdminProductsQuery,
  type AdminProductSummary,
  type ProductCreateRequest,
  type ProductDuplicateRequest,
  type ProductSaveRequest,
} from '@shop/shared/backoffice';
import type { CatalogChanges } from '../catalog/changes';
import { categories, productCategories, productMedia, productOptions, productOptionValues, products, productStock, productTierPrices, urlRewrites } from '../catalog/schema';
import { sqlState, type Db, type DbExecutor, type Tx } from '../db/client';
import { badRequest, HttpError, notFound } from '../http-errors';
import { escapeLike, type ActivityLog, type Actor } from './activity';

/** The shop's days (special price dates) are days in London. */
export const SHOP_TODAY = sql`(now() at time zone 'Europe/London')::date`;

/** Whether a special price with these dates (SQL date expressions, null: open) applies today. */
export const inEffect = (from: SQL | AnyPgColumn, to: SQL | AnyPgColumn) =>
  sql`(${SHOP_TODAY} between coalesce(${from}, '-infinity'::date) and coalesce(${to}, 'infinity'::date))`;

/** What the activity log keeps of a product, before and after a save: the fields the form edits. */
export type Editable = Pick<
  AdminProductDetail,
  'name' | 'price_pence' | 'special_price_pence' | 'special_from' | 'special_to' | 'qty' | 'is_in_stock' | 'enabled' | 'url_key' | 'meta_title' | 'meta_description'
>;
export const editable = (p: AdminProductDetail): Editable => ({
  name: p.name,
  price_pence: p.price_pence,
  special_price_pence: p.special_price_pence,
  special_from: p.special_from,
  special_to: p.special_to,
  qty: p.qty,
  is_in_stock: p.is_in_stock,
  enabled: p.enabled,
  url_key: p.url_key,
  meta_title: p.meta_title,
  meta_description: p.meta_description,
});

/** The URL key is another page's address (a product, a category, a CMS page, or an old address of one): 400. */
export const urlKeyTaken = () => new HttpError(400, PRODUCT_MESSAGES.urlKeyTaken, 'urlKey');

/**
 * Moves the product's page to `next`: its rewrite takes the new path, the old path answers 301
 * to it, and older 301s of the product point at the new path directly (never a chain).
 */
export async function moveProductUrl(tx: Tx, id: number, previous: string, next: string) {
  const [other] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.urlKey, next), sql`${products.id} <> ${id}`));
  if (other) throw urlKeyTaken();
  const [existing] = await tx.select().from(urlRewrites).where(eq(urlRewrites.requestPath, next));
  if (existing) {
    // Going back to one of its own old addresses: that 301 makes way for the page itself.
    const ownOld = existing.entityType === 'product' && existing.entityId === id && existing.redirectType === 301;
    if (!ownOld) throw urlKeyTaken();
    await tx.delete(urlRewrites).where(eq(urlRewrites.id, existing.id));
  }
  const own = and(eq(urlRewrites.entityType, 'product'), eq(urlRewrites.entityId, id));
  const moved = await tx
    .update(urlRewrites)
    .set({ requestPath: next })
    .where(and(own, eq(urlRewrites.redirectType, 0)))
    .returning({ id: urlRewrites.id });
  await tx.update(urlRewrites).set({ targetPath: next }).where(and(own, eq(urlRewrites.redirectType, 301)));
  if (moved.length === 0) {
    // No address before (a product made without one): it gets one, and there is nothing to redirect.
    await tx.insert(urlRewrites).values({ entityType: 'product', entityId: id, requestPath: next, targetPath: `catalog/product/view/id/${id}`, redirectType: 0 });
    return;
  }
  await tx
    .insert(urlRewrites)
    .values({ entityType: 'product', entityId: id, requestPath: previous, targetPath: next, redirectType: 301 })
    .onConflictDoNothing({ target: urlRewrites.requestPath });
}


/** A unique index refused a write (two saves racing, or an import): the field it belongs to. */
export const takenError = (error: unknown): HttpError | null => {
  if (sqlState(error) !== '23505') return null;
  const constraint = String((error as { constraint?: unknown }).constraint ?? (error as { cause?: { constraint?: unknown } }).cause?.constraint ?? '');
  return constraint === 'products_sku_key' ? new HttpError(400, PRODUCT_MESSAGES.skuTaken, 'sku') : urlKeyTaken();
};

/** The special price's columns for a save: in effect today, or waiting for its dates (the `special-prices` job moves it at the day's turn). */
export function specialPriceColumns(input: Pick<ProductSaveRequest, 'specialPricePence' | 'specialFrom' | 'specialTo'>) {
  const special = input.specialPricePence;
  const from = input.specialFrom === null ? sql`null::date` : sql`${input.specialFrom}::date`;
  const to = input.specialTo === null ? sql`null::date` : sql`${input.specialTo}::date`;
  return {
    specialPricePence: special === null ? null : sql`case when ${inEffect(from, to)} then ${special}::int end`,
    specialPriceWaitingPence: special === null ? null : sql`case when ${inEffect(from, to)} then null else ${special}::int end`,
    specialFromDate: input.specialFrom,
    specialToDate: input.specialTo,
  };
}

/** A path a new page may not take: a product's URL key or any address of the shop (a page or an old address). */
async function pathTaken(tx: DbExecutor, path: string): Promise<boolean> {
  const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.urlKey, path));
  const [rewrite] = await tx.select({ id: urlRewrites.id }).from(urlRewrites).where(eq(urlRewrites.requestPath, path));
  return Boolean(product || rewrite);
}

const inStockSql = sql<boolean>`coalesce(${productStock.isInStock} and ${productStock.qty} > 0, false)`;

/**
 * The back office's products (catalogue role): the list, one product, and saving its name, prices,
 * stock, status, URL key and SEO words. A save is one transaction with its activity-log row; a new
 * URL key keeps the old address as a 301 (url_rewrites, as the storefront resolves it); the
 * catalogue's read models are kept by the database's triggers in the same transaction, and every
 * API process is told once it commits (catalog/changes.ts) so it drops what it cached.
 */
export function createProductAdmin({ db, activity, changes }: { db: Db; activity: ActivityLog; changes: CatalogChanges }) {
  async function detail(id: number, executor: DbExecutor = db): Promise<AdminProductDetail> {
    const [row] = await executor
      .select({
        p: products,
        qty: sql<number>`coalesce(${productStock.qty}, 0)`,
        isInStock: sql<boolean>`coalesce(${productStock.isInStock}, false)`,
        active: sql<boolean>`${products.specialPricePence} is not null`,
      })
      .from(products)
      .leftJoin(productStock, eq(productStock.productId, products.id))
      .where(eq(products.id, id));
    if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
    const { p } = row;
    const oldPaths = await executor
      .select({ path: urlRewrites.requestPath })
      .from(urlRewrites)
      .where(and(eq(urlRewrites.entityType, 'product'), eq(urlRewrites.entityId, id), eq(urlRewrites.redirectType, 301)))
      .orderBy(asc(urlRewrites.requestPath));
    const shown = p.status === 1 && p.visibility !== 1 && p.websiteIds.includes(STOREFRONT_WEBSITE_ID);
    const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
    return {
      id: p.id,
      sku: p.sku,
      name: p.name,
      type_id: p.typeId as AdminProductDetail['type_id'],
      visibility: p.visibility,
      enabled: p.status === 1,
      price_pence: p.pricePence,
      special_price_pence: p.specialPricePence ?? p.specialPriceWaitingPence,
      special_from: p.specialFromDate,
      special_to: p.specialToDate,
      special_price_active: p.specialPricePence !== null,
      qty: Number(row.qty),
      is_in_stock: Boolean(row.isInStock),
      url_key: p.urlKey,
      meta_title: text(p.attrs.meta_title),
      meta_description: text(p.attrs.meta_description),
      storefront_path: shown ? `/${p.urlKey}` : null,
      old_paths: oldPaths.map((r) => `/${r.path}`),
      updated_at: p.updatedAt.toISOString(),
    };
  }

  return {
    detail: (id: number) => detail(id),

    async list(query: Omit<AdminProductsQuery, 'page' | 'pageSize'> & { page: number; pageSize: number }) {
      const where: SQL[] = [];
      if (query.q) {
        const like = `%${escapeLike(query.q)}%`;
        where.push(sql`(${products.name} ilike ${like} or ${products.sku} ilike ${like})`);
      }
      if (query.status) where.push(eq(products.status, query.status === 'enabled' ? 1 : 2));
      if (query.stock) where.push(query.stock === 'in_stock' ? sql`${inStockSql}` : sql`not ${inStockSql}`);
      if (query.type) where.push(eq(products.typeId, query.type));
      if (query.category) {
        where.push(sql`exists (select 1 from ${productCategories} where ${productCategories.productId} = ${products.id} and ${productCategories.categoryId} = ${query.category})`);
      }
      const condition = where.length ? and(...where) : undefined;
      const [total] = await db
        .select({ n: count() })
        .from(products)
        .leftJoin(productStock, eq(productStock.productId, products.id))
        .where(condition);
      const rows = await db
        .select({ p: products, qty: sql<number>`coalesce(${productStock.qty}, 0)`, inStock: inStockSql })
        .from(products)
        .leftJoin(productStock, eq(productStock.productId, products.id))
        .where(condition)
        .orderBy(asc(products.name), asc(products.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      const items: AdminProductSummary[] = rows.map(({ p, qty, inStock }) => ({
        id: p.id,
        sku: p.sku,
        name: p.name,
        type_id: p.typeId as AdminProductSummary['type_id'],
        enabled: p.status === 1,
        visibility: p.visibility,
        price_pence: p.pricePence,
        special_price_pence: p.specialPricePence,
        qty: Number(qty),
        stock_state: inStock ? 'in_stock' : 'out_of_stock',
        url_key: p.urlKey,
        updated_at: p.updatedAt.toISOString(),
      }));
      return { items, totalCount: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
    },

    /** Saves the form's fields: all of them or nothing, logged with before and after. */
    async save(id: number, input: ProductSaveRequest, actor: Actor): Promise<AdminProductDetail> {
      try {
        const saved = await db.transaction(async (tx) => {
          const [locked] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
          if (!locked) throw notFound(PRODUCT_MESSAGES.notFound);
          const before = await detail(id, tx);
          if (input.urlKey !== before.url_key) await moveProductUrl(tx, id, before.url_key, input.urlKey);

          await tx
            .update(products)
            .set({
              name: input.name,
              pricePence: input.pricePence,
              ...specialPriceColumns(input),
              status: input.enabled ? 1 : 2,
              urlKey: input.urlKey,
              attrs: sql`${products.attrs} || ${JSON.stringify({ meta_title: input.metaTitle || null, meta_description: input.metaDescription || null })}::jsonb`,
              updatedAt: sql`now()`,
            })
            .where(eq(products.id, id));
          await tx
            .insert(productStock)
            .values({ productId: id, qty: input.qty, isInStock: input.isInStock })
            .onConflictDoUpdate({ target: productStock.productId, set: { qty: input.qty, isInStock: input.isInStock, updatedAt: sql`now()` } });

          const after = await detail(id, tx);
          await activity.record(tx, actor, { action: 'product.save', targetType: 'product', targetId: id, before: editable(before), after: editable(after) });
          await changes.announce(tx, { productIds: [id] });
          return after;
        });
        changes.committed({ productIds: [id] });
        return saved;
      } catch (error) {
        // Two saves racing for one URL key: the unique indexes decide, the loser hears why.
        throw takenError(error) ?? error;
      }
    },

    /** A new simple product from the form's fields and a SKU; logged as `product.create`. */
    async create(input: ProductCreateRequest, actor: Actor): Promise<AdminProductDetail> {
      try {
        const created = await db.transaction(async (tx) => {
          const [sameSku] = await tx.select({ id: products.id }).from(products).where(eq(products.sku, input.sku));
          if (sameSku) throw new HttpError(400, PRODUCT_MESSAGES.skuTaken, 'sku');
          if (await pathTaken(tx, input.urlKey)) throw urlKeyTaken();
          const [row] = await tx
            .insert(products)
            .values({
              sku: input.sku,
              name: input.name,
              typeId: 'simple',
              status: input.enabled ? 1 : 2,
              pricePence: input.pricePence,
              ...specialPriceColumns(input),
              urlKey: input.urlKey,
              attrs: { meta_title: input.metaTitle || null, meta_description: input.metaDescription || null },
            })
            .returning({ id: products.id });
          const id = row!.id;
          await tx.insert(productStock).values({ productId: id, qty: input.qty, isInStock: input.isInStock });
          await tx.insert(urlRewrites).values({ entityType: 'product', entityId: id, requestPath: input.urlKey, targetPath: `catalog/product/view/id/${id}`, redirectType: 0 });
          const after = await detail(id, tx);
          await activity.record(tx, actor, { action: 'product.create', targetType: 'product', targetId: id, after: { sku: after.sku, ...editable(after) } });
          await changes.announce(tx, { productIds: [id] });
          return after;
        });
        changes.committed({ productIds: [created.id] });
        return created;
      } catch (error) {
        throw takenError(error) ?? error;
      }
    },

    /**
     * A copy of a simple product (its words, prices, stock, categories, pictures, tier prices and
     * custom options) under a new SKU and URL key. It starts disabled, as Magento's duplicate does,
     * so staff check it before shoppers see it. Logged as `product.duplicate`.
     */
    async duplicate(id: number, input: ProductDuplicateRequest, actor: Actor): Promise<AdminProductDetail> {
      try {
        const copy = await db.transaction(async (tx) => {
          const [source] = await tx.select().from(products).where(eq(products.id, id));
          if (!source) throw notFound(PRODUCT_MESSAGES.notFound);
          if (source.typeId !== 'simple') throw badRequest(PRODUCT_MESSAGES.duplicateSimpleOnly, 'sku');
          const [sameSku] = await tx.select({ id: products.id }).from(products).where(eq(products.sku, input.sku));
          if (sameSku) throw new HttpError(400, PRODUCT_MESSAGES.skuTaken, 'sku');
          if (await pathTaken(tx, input.urlKey)) throw urlKeyTaken();
          const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = source;
          const [row] = await tx
            .insert(products)
            .values({ ...fields, sku: input.sku, urlKey: input.urlKey, status: 2, bestsellerScore: 0 })
            .returning({ id: products.id });
          const newId = row!.id;
          const [stock] = await tx.select().from(productStock).where(eq(productStock.productId, id));
          await tx.insert(productStock).values({ productId: newId, qty: stock?.qty ?? 0, isInStock: stock?.isInStock ?? false });
          await tx.insert(urlRewrites).values({ entityType: 'product', entityId: newId, requestPath: input.urlKey, targetPath: `catalog/product/view/id/${newId}`, redirectType: 0 });
          // Placed last in each of its categories.
          await tx.execute(sql`insert into ${productCategories} (category_id, product_id, position)
            select pc.category_id, ${newId}, (select coalesce(max(position), 0) + 1 from ${productCategories} o where o.category_id = pc.category_id)
            from ${productCategories} pc where pc.product_id = ${id}`);
          await tx.execute(sql`insert into ${productMedia} (product_id, file, label, position, types, disabled)
            select ${newId}, file, label, position, types, disabled from ${productMedia} where product_id = ${id}`);
          await tx.execute(sql`insert into ${productTierPrices} (product_id, customer_group_id, qty, value_pence)
            select ${newId}, customer_group_id, qty, value_pence from ${productTierPrices} where product_id = ${id}`);
          const options = await tx.select().from(productOptions).where(eq(productOptions.productId, id));
          for (const { id: optionId, productId: _p, ...option } of options) {
            const [made] = await tx.insert(productOptions).values({ ...option, productId: newId }).returning({ id: productOptions.id });
            const values = await tx.select().from(productOptionValues).where(eq(productOptionValues.optionId, optionId));
            if (values.length > 0) await tx.insert(productOptionValues).values(values.map(({ id: _v, optionId: _o, ...v }) => ({ ...v, optionId: made!.id })));
          }
          const after = await detail(newId, tx);
          await activity.record(tx, actor, { action: 'product.duplicate', targetType: 'product', targetId: newId, before: { from: source.sku }, after: { sku: after.sku, ...editable(after) } });
          await changes.announce(tx, { productIds: [newId] });
          return after;
        });
        changes.committed({ productIds: [copy.id] });
        return copy;
      } catch (error) {
        throw takenError(error) ?? error;
      }
    },

    /** The categories the list may be filtered by, each named by its path ("Basement › Cavity drain"). */
    async categoryOptions(): Promise<Array<{ id: number; label: string }>> {
      const rows = await db.select({ id: categories.id, parentId: categories.parentId, name: categories.name }).from(categories).orderBy(asc(categories.position), asc(categories.id));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const label = (id: number, seen = new Set<number>()): string => {
        const row = byId.get(id)!;
        if (row.parentId === null || !byId.has(row.parentId) || seen.has(row.parentId)) return row.name;
        seen.add(id);
        return `${label(row.parentId, seen)} › ${row.name}`;
      };
      return rows.map((r) => ({ id: r.id, label: label(r.id) })).sort((a, b) => a.label.localeCompare(b.label));
    },

    /**
     * Special prices whose dates began or ended since the last run: moved into or out of effect
     * (the `special-prices` job, every minute). Answers the products changed.
     */
    async applySpecialPriceDates(): Promise<number[]> {
      const active = inEffect(products.specialFromDate, products.specialToDate);
      const ids = await db.transaction(async (tx) => {
        const rows = await tx
          .update(products)
          .set({
            specialPricePence: sql`case when ${active} then coalesce(${products.specialPricePence}, ${products.specialPriceWaitingPence}) end`,
            specialPriceWaitingPence: sql`case when ${active} then null else coalesce(${products.specialPricePence}, ${products.specialPriceWaitingPence}) end`,
            updatedAt: sql`now()`,
          })
          .where(
            sql`(${products.specialFromDate} is not null or ${products.specialToDate} is not null)
                and ((${products.specialPricePence} is null and ${products.specialPriceWaitingPence} is not null and ${active})
                  or (${products.specialPricePence} is not null and not ${active}))`,
          )
          .returning({ id: products.id });
        const ids = rows.map((r) => r.id);
        if (ids.length > 0) await changes.announce(tx, { productIds: ids });
        return ids;
      });
      if (ids.length > 0) changes.committed({ productIds: ids });
      return ids;
    },
  };
}

export type ProductAdmin = ReturnType<typeof createProductAdmin>;
