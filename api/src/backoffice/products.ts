import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { STOREFRONT_WEBSITE_ID } from '@shop/shared/shop';
import { PRODUCT_MESSAGES, type AdminProductDetail, type AdminProductSummary, type ProductSaveRequest } from '@shop/shared/backoffice';
import type { CatalogChanges } from '../catalog/changes';
import { products, productStock, urlRewrites } from '../catalog/schema';
import { sqlState, type Db, type DbExecutor, type Tx } from '../db/client';
import { HttpError, notFound } from '../http-errors';
import { escapeLike, type ActivityLog, type Actor } from './activity';

/** The shop's days (special price dates) are days in London. */
export const SHOP_TODAY = sql`(now() at time zone 'Europe/London')::date`;

/** Whether a special price with these dates (SQL date expressions, null: open) applies today. */
const inEffect = (from: SQL | AnyPgColumn, to: SQL | AnyPgColumn) =>
  sql`(${SHOP_TODAY} between coalesce(${from}, '-infinity'::date) and coalesce(${to}, 'infinity'::date))`;

/** What the activity log keeps of a product, before and after a save: the fields the form edits. */
type Editable = Pick<
  AdminProductDetail,
  'name' | 'price_pence' | 'special_price_pence' | 'special_from' | 'special_to' | 'qty' | 'is_in_stock' | 'enabled' | 'url_key' | 'meta_title' | 'meta_description'
>;
const editable = (p: AdminProductDetail): Editable => ({
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

  /** The URL key is another page's address (a product, a category, a CMS page, or an old address of one): 400. */
  const urlKeyTaken = () => new HttpError(400, PRODUCT_MESSAGES.urlKeyTaken, 'urlKey');

  /**
   * Moves the product's page to `next`: its rewrite takes the new path, the old path answers 301
   * to it, and older 301s of the product point at the new path directly (never a chain).
   */
  async function moveUrl(tx: Tx, id: number, previous: string, next: string) {
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

  return {
    detail: (id: number) => detail(id),

    async list(query: { page: number; pageSize: number; q?: string | undefined; status?: 'enabled' | 'disabled' | undefined; stock?: 'in_stock' | 'out_of_stock' | undefined; type?: string | undefined }) {
      const where: SQL[] = [];
      if (query.q) {
        const like = `%${escapeLike(query.q)}%`;
        where.push(sql`(${products.name} ilike ${like} or ${products.sku} ilike ${like})`);
      }
      if (query.status) where.push(eq(products.status, query.status === 'enabled' ? 1 : 2));
      if (query.stock) where.push(query.stock === 'in_stock' ? sql`${inStockSql}` : sql`not ${inStockSql}`);
      if (query.type) where.push(eq(products.typeId, query.type));
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
          if (input.urlKey !== before.url_key) await moveUrl(tx, id, before.url_key, input.urlKey);

          const special = input.specialPricePence;
          const from = input.specialFrom === null ? sql`null::date` : sql`${input.specialFrom}::date`;
          const to = input.specialTo === null ? sql`null::date` : sql`${input.specialTo}::date`;
          await tx
            .update(products)
            .set({
              name: input.name,
              pricePence: input.pricePence,
              // In effect today, or waiting for its dates (the `special-prices` job moves it at the day's turn).
              specialPricePence: special === null ? null : sql`case when ${inEffect(from, to)} then ${special}::int end`,
              specialPriceWaitingPence: special === null ? null : sql`case when ${inEffect(from, to)} then null else ${special}::int end`,
              specialFromDate: input.specialFrom,
              specialToDate: input.specialTo,
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
        if (sqlState(error) === '23505') throw urlKeyTaken();
        throw error;
      }
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
