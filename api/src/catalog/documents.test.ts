import { categorySortSchema } from '@shop/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { closeDb, dbKind, openPostgres, queryRows } from '../db/client';
import { products, productStock, productTierPrices } from '../db/schema';
import { useSeededApp } from '../seed/testing';
import { createProductDocuments, DOCUMENT, refreshProductDocuments } from './documents';
import { createCatalogService } from './service';
import { createCatalogStore } from './store';

/**
 * The read model (product_documents): every answer it gives equals the one the catalogue service
 * builds from the tables (the path that answered before it existed), and every catalogue write
 * makes the documents it touches stale in its own transaction, so no answer is ever out of date.
 */
const t = useSeededApp();
const get = (url: string) => t.app.inject({ method: 'GET', url });
const direct = () => createCatalogService(createCatalogStore(t.db));

async function idOf(sku: string): Promise<number> {
  const [row] = await t.db.select({ id: products.id }).from(products).where(eq(products.sku, sku));
  if (!row) throw new Error(`no product ${sku}`);
  return row.id;
}

async function staleCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from product_documents where built_version is distinct from version`);
  return row!.n;
}

/** The answer as the service builds it from the tables, or 404. */
async function builtAnswer(id: number): Promise<{ status: number; body?: unknown }> {
  try {
    return { status: 200, body: JSON.parse(JSON.stringify(await direct().productInfo(id))) };
  } catch (error) {
    return { status: (error as { statusCode?: number }).statusCode ?? 500 };
  }
}

describe('product documents', () => {
  it('after a seed every product has a current document, and each answers exactly what the tables give', async () => {
    await refreshProductDocuments(t.db);
    expect(await staleCount()).toBe(0);
    const ids = (await t.db.select({ id: products.id }).from(products)).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(60);
    let shown = 0;
    for (const id of ids) {
      const res = await get(`/api/products/info/${id}`);
      const built = await builtAnswer(id);
      expect({ id, status: res.statusCode }).toEqual({ id, status: built.status });
      if (built.status === 200) {
        shown++;
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.json()).toEqual(built.body);
      }
    }
    expect(shown).toBeGreaterThan(50);
    // Configurable (children), grouped (associated) and variants (parent) are among them.
    const kinds = await queryRows<{ type: string }>(t.db, sql`select distinct type_id as type from products`);
    expect(kinds.map((k) => k.type).sort()).toEqual(['configurable', 'grouped', 'simple']);
  });

  it('category listings from the documents equal the listings built from the tables, for every category and sort', async () => {
    const { categories } = await direct().categories();
    for (const category of categories) {
      for (const sort of categorySortSchema.options) {
        for (const page of [1, 2]) {
          const res = await get(`/api/categories/${category.id}/products?page=${page}&sort=${sort}`);
          expect(res.statusCode).toBe(200);
          const built = JSON.parse(JSON.stringify(await direct().categoryProducts(category.id, { page, sort })));
          expect(res.json()).toEqual(built);
        }
      }
    }
    expect((await get('/api/categories/999999/products')).statusCode).toBe(404);
  });

  it('a price change is in the next answer (product page, listing item, a parent that embeds it)', async () => {
    const id = await idOf('HV-CDM8');
    await get(`/api/products/info/${id}`);
    await t.db.update(products).set({ pricePence: 999_999, specialPricePence: null }).where(eq(products.id, id));
    expect(await staleCount()).toBeGreaterThan(0);
    const res = await get(`/api/products/info/${id}`);
    expect(res.json().price).toBe(9999.99);
    expect(res.json()).toEqual((await builtAnswer(id)).body);
    const [categoryId] = res.json().category_ids as number[];
    const listing = await get(`/api/categories/${categoryId}/products?sort=price_desc`);
    expect(listing.json().items[0]).toMatchObject({ id, price: 9999.99 });
  });

  it('stock and tier price changes are in the next answer', async () => {
    const id = await idOf('HV-CDM8');
    await get(`/api/products/info/${id}`);
    await t.db.update(productStock).set({ qty: 3 }).where(eq(productStock.productId, id));
    expect((await get(`/api/products/info/${id}`)).json().stock.qty).toBe(3);
    await t.db.insert(productTierPrices).values({ productId: id, customerGroupId: 2, qty: 77, valuePence: 999 });
    const tiers = (await get(`/api/products/info/${id}`)).json().tier_prices as Array<{ qty: number }>;
    expect(tiers.some((tier) => tier.qty === 77)).toBe(true);
  });

  it('a disabled product answers 404 at once, and its page comes back when enabled', async () => {
    const id = await idOf('HV-CDM8');
    expect((await get(`/api/products/info/${id}`)).statusCode).toBe(200);
    await t.db.update(products).set({ status: 2 }).where(eq(products.id, id));
    expect((await get(`/api/products/info/${id}`)).statusCode).toBe(404);
    await t.db.update(products).set({ status: 1 }).where(eq(products.id, id));
    expect((await get(`/api/products/info/${id}`)).statusCode).toBe(200);
  });

  it("a change to a configurable product's child is in the parent's page", async () => {
    const [link] = await queryRows<{ parentId: number; childId: number }>(
      t.db,
      sql`select cl.parent_id as "parentId", cl.child_id as "childId" from product_configurable_links cl
          join products p on p.id = cl.parent_id where p.status = 1 order by cl.parent_id, cl.position limit 1`,
    );
    await get(`/api/products/info/${link!.parentId}`);
    await t.db.update(products).set({ pricePence: 4_321 }).where(eq(products.id, link!.childId));
    const parent = (await get(`/api/products/info/${link!.parentId}`)).json() as { children: Array<{ id: number; price: number }> };
    expect(parent.children.find((c) => c.id === link!.childId)?.price).toBe(43.21);
  });

  it('a rebuild that raced a write is not stored: the document stays stale and the next read has the write', async () => {
    const id = await idOf('HV-CDM8');
    await t.db.update(products).set({ pricePence: 1_000 }).where(eq(products.id, id));
    // A reader builds from the tables as they were, then a write lands before it stores.
    const [before] = await queryRows<{ version: number }>(t.db, sql`select version from product_documents where product_id = ${id}`);
    const documents = createProductDocuments(t.db, direct());
    const built = await documents.build([{ id, version: before!.version }]);
    expect(built[0]!.info).toContain('"price":10');
    await t.db.update(products).set({ pricePence: 2_000 }).where(eq(products.id, id));
    await documents.store(built);
    expect(await documents.info(id)).toContain('"price":20');
    expect((await get(`/api/products/info/${id}`)).json().price).toBe(20);
  });

  it('a new product gets a document with its first answer; a deleted one answers 404', async () => {
    const [row] = await t.db
      .insert(products)
      .values({ sku: 'DOC-TEST-1', name: 'Document test membrane', urlKey: 'document-test-membrane', pricePence: 5_000, attrs: {} })
      .returning({ id: products.id });
    const res = await get(`/api/products/info/${row!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Document test membrane');
    await t.db.delete(products).where(eq(products.id, row!.id));
    expect((await get(`/api/products/info/${row!.id}`)).statusCode).toBe(404);
  });

  it('a product page is read by a statement that keeps one plan per session', async () => {
    // With PostgreSQL a pool of one connection, so its prepared statements can be listed on it;
    // PGlite has one session.
    const db = dbKind(t.db) === 'postgres' ? await openPostgres((t.db.$client as pg.Pool).options.connectionString!, { poolSize: 1 }) : t.db;
    try {
      const documents = createProductDocuments(db, createCatalogService(createCatalogStore(db)));
      const ids = await queryRows<{ id: number }>(db, sql`select product_id as id from product_documents order by product_id limit 12`);
      for (const { id } of ids) await documents.info(id);
      const [plans] = await queryRows<{ generic: number; custom: number }>(
        db,
        // PostgreSQL: by its name; PGlite: the instance's statement of that text (db/pglite-statements.ts).
        sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
            where name = ${DOCUMENT.name!} or statement = ${DOCUMENT.text}`,
      );
      // PostgreSQL plans a prepared statement for its first 5 calls' arguments, then keeps the generic plan.
      expect(plans!.custom).toBe(5);
      expect(plans!.generic).toBeGreaterThanOrEqual(7);
    } finally {
      if (db !== t.db) await closeDb(db);
    }
  });
});
