import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
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
import { categories, productCategories, productLinks, productMedia, productOptions, productOptionValues, products, productStock, productTierPrices, urlRewrites } from '../catalog/schema';
import { readAll, sqlState, type Db, type DbExecutor, type Tx } from '../db/client';
import { badRequest, HttpError, notFound } from '../http-errors';
import { escapeLike, type ActivityLog, type Actor } from './activity';
import { cleanHtml } from './sanitize';

/** The shop's days (special price dates) are days in London. */
export const SHOP_TODAY = sql`(now() at time zone 'Europe/London')::date`;

/** Whether a special price with these dates (SQL date expressions, null: open) applies today. */
export const inEffect = (from: SQL | AnyPgColumn, to: SQL | AnyPgColumn) =>
  sql`(${SHOP_TODAY} between coalesce(${from}, '-infinity'::date) and coalesce(${to}, 'infinity'::date))`;

/** What the activity log keeps of a product, before and after a save: the fields the form edits. */
export type Editable = Pick<
  AdminProductDetail,
  'name' | 'price_pence' | 'special_price_pence' | 'special_from' | 'special_to' | 'qty' | 'is_in_stock' | 'enabled' | 'url_key' | 'meta_title' | 'meta_description'
> &
  Partial<Pick<AdminProductDetail, 'visibility' | 'short_description' | 'description' | 'tier_prices' | 'categories'>> & { related?: string[]; upsell?: string[] };
/** The fields a CSV row or a new product has (the activity log of imports, creates and duplicates). */
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

/** Everything the edit form saves (the activity log of a save). */
const formEditable = (p: AdminProductDetail): Editable => ({
  ...editable(p),
  visibility: p.visibility,
  short_description: p.short_description,
  description: p.description,
  tier_prices: p.tier_prices,
  related: p.related.map((l) => l.sku),
  upsell: p.upsell.map((l) => l.sku),
  categories: p.categories,
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

/**
 * The ids of the related and up-sell SKUs, in order; an unknown SKU or the product itself is
 * refused with 400 naming the row (`related.2`). Matched case-insensitively, as SKUs are typed.
 */
async function linkedIds(tx: Tx, id: number, ownSku: string, input: Pick<ProductSaveRequest, 'related' | 'upsell'>) {
  const wanted = [...new Set([...input.related, ...input.upsell].map((s) => s.toLowerCase()))];
  const rows = wanted.length
    ? await tx.select({ id: products.id, sku: products.sku }).from(products).where(inArray(sql`lower(${products.sku})`, wanted))
    : [];
  const bySku = new Map(rows.map((r) => [r.sku.toLowerCase(), r.id]));
  const idsOf = (list: 'related' | 'upsell') =>
    input[list].map((sku, i) => {
      if (sku.toLowerCase() === ownSku.toLowerCase()) throw badRequest(PRODUCT_MESSAGES.linkSelf, `${list}.${i}`);
      const found = bySku.get(sku.toLowerCase());
      if (found === undefined || found === id) throw badRequest(PRODUCT_MESSAGES.linkUnknown, `${list}.${i}`);
      return found;
    });
  return { related: idsOf('related'), upsell: idsOf('upsell') };
}

async function knownCategories(tx: Tx, wanted: ProductSaveRequest['categories']) {
  if (wanted.length === 0) return;
  const rows = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, wanted.map((c) => c.categoryId)));
  const known = new Set(rows.map((r) => r.id));
  const unknown = wanted.findIndex((c) => !known.has(c.categoryId));
  if (unknown >= 0) throw badRequest(PRODUCT_MESSAGES.categoryUnknown, `categories.${unknown}.categoryId`);
}

/** The tier prices as sent (rows not sent are removed); untouched when nothing changed, so no read model is rebuilt for nothing. */
async function saveTierPrices(tx: Tx, id: number, before: AdminProductDetail['tier_prices'], wanted: ProductSaveRequest['tierPrices']) {
  const key = (rows: Array<{ g: number; q: number; p: number }>) => JSON.stringify(rows.map((r) => [r.g, r.q, r.p]).sort());
  const same =
    key(before.map((t) => ({ g: t.customer_group_id, q: t.qty, p: t.price_pence }))) === key(wanted.map((t) => ({ g: t.customerGroupId, q: t.qty, p: t.pricePence })));
  if (same) return;
  await tx.delete(productTierPrices).where(eq(productTierPrices.productId, id));
  if (wanted.length > 0) {
    await tx.insert(productTierPrices).values(wanted.map((t) => ({ productId: id, customerGroupId: t.customerGroupId, qty: t.qty, valuePence: t.pricePence })));
  }
}

/** Related and up-sell links as sent, positions 1, 2, … in the order sent. */
async function saveLinks(tx: Tx, id: number, before: AdminProductDetail, linked: { related: number[]; upsell: number[] }) {
  for (const type of ['related', 'upsell'] as const) {
    const ids = linked[type];
    const beforeCount = before[type].length;
    if (beforeCount === 0 && ids.length === 0) continue;
    await tx.delete(productLinks).where(and(eq(productLinks.productId, id), eq(productLinks.linkType, type)));
    if (ids.length > 0) {
      await tx.insert(productLinks).values(ids.map((linkedProductId, i) => ({ productId: id, linkType: type, linkedProductId, position: i + 1 })));
    }
  }
}

/** The product's categories and its position in each: rows not sent are removed, the others written only where they changed. */
async function saveCategories(tx: Tx, id: number, before: AdminProductDetail['categories'], wanted: ProductSaveRequest['categories']) {
  const had = new Map(before.map((c) => [c.category_id, c.position]));
  const keep = new Set(wanted.map((c) => c.categoryId));
  const gone = before.filter((c) => !keep.has(c.category_id)).map((c) => c.category_id);
  if (gone.length > 0) await tx.delete(productCategories).where(and(eq(productCategories.productId, id), inArray(productCategories.categoryId, gone)));
  const changed = wanted.filter((c) => had.get(c.categoryId) !== c.position);
  if (changed.length > 0) {
    await tx
      .insert(productCategories)
      .values(changed.map((c) => ({ productId: id, categoryId: c.categoryId, position: c.position })))
      .onConflictDoUpdate({ target: [productCategories.categoryId, productCategories.productId], set: { position: sql`excluded.position` } });
  }
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
    const [tiers, links, placed] = await readAll(executor, [
      () => executor
        .select({ customer_group_id: productTierPrices.customerGroupId, qty: productTierPrices.qty, price_pence: productTierPrices.valuePence })
        .from(productTierPrices)
        .where(eq(productTierPrices.productId, id))
        .orderBy(asc(productTierPrices.customerGroupId), asc(productTierPrices.qty)),
      () => executor
        .select({ type: productLinks.linkType, sku: products.sku, name: products.name, status: products.status })
        .from(productLinks)
        .innerJoin(products, eq(products.id, productLinks.linkedProductId))
        .where(and(eq(productLinks.productId, id), inArray(productLinks.linkType, ['related', 'upsell'])))
        .orderBy(asc(productLinks.position), asc(products.sku)),
      () => executor
        .select({ category_id: productCategories.categoryId, position: productCategories.position })
        .from(productCategories)
        .where(eq(productCategories.productId, id))
        .orderBy(asc(productCategories.categoryId)),
    ]);
    const linksOf = (type: string) => links.filter((l) => l.type === type).map((l) => ({ sku: l.sku, name: l.name, enabled: l.status === 1 }));
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
      short_description: text(p.attrs.short_description) ?? '',
      description: text(p.attrs.description) ?? '',
      tier_prices: tiers,
      related: linksOf('related'),
      upsell: linksOf('upsell'),
      categories: placed,
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
          // The form was opened on an older version (another member saved since): theirs stays.
          if (before.updated_at !== input.updatedAt) throw new HttpError(409, PRODUCT_MESSAGES.stale, 'updatedAt');
          const linked = await linkedIds(tx, id, before.sku, input);
          await knownCategories(tx, input.categories);
          if (input.urlKey !== before.url_key) await moveProductUrl(tx, id, before.url_key, input.urlKey);

          // Stored as the storefront's sanitiser leaves it (as CMS pages are): what is kept is what shoppers see.
          const shortDescription = input.shortDescription.trim() === '' ? null : cleanHtml(input.shortDescription);
          const description = input.description.trim() === '' ? null : cleanHtml(input.description);
          await tx
            .update(products)
            .set({
              name: input.name,
              pricePence: input.pricePence,
              ...specialPriceColumns(input),
              status: input.enabled ? 1 : 2,
              visibility: input.visibility,
              urlKey: input.urlKey,
              attrs: sql`${products.attrs} || ${JSON.stringify({
                meta_title: input.metaTitle || null,
                meta_description: input.metaDescription || null,
                short_description: shortDescription || null,
                description: description || null,
              })}::jsonb`,
              updatedAt: sql`now()`,
            })
            .where(eq(products.id, id));
          await saveTierPrices(tx, id, before.tier_prices, input.tierPrices);
          await saveLinks(tx, id, before, linked);
          await saveCategories(tx, id, before.categories, input.categories);
          // The quantity only if staff changed it: orders placed since the form opened took stock
          // that an untouched field must not put back (the in-stock flag is staff's alone).
          const qtyChanged = input.qty !== input.qtyWas;
          await tx
            .insert(productStock)
            .values({ productId: id, qty: input.qty, isInStock: input.isInStock })
            .onConflictDoUpdate({
              target: productStock.productId,
              set: { ...(qtyChanged ? { qty: input.qty } : {}), isInStock: input.isInStock, updatedAt: sql`now()` },
            });

          const after = await detail(id, tx);
          await activity.record(tx, actor, { action: 'product.save', targetType: 'product', targetId: id, before: formEditable(before), after: formEditable(after) });
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
