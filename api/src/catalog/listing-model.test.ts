import { categorySortSchema } from '@shop/shared/schemas';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { productCategories, productLinks, productReviews, products, productStock, productTierPrices } from '../db/schema';
import { useSeededApp } from '../seed/testing';
import { createCatalogService } from './service';
import { createCatalogStore } from './store';

/**
 * The read model of the category listings (category_listings, category_listing_counts, the
 * stored listing and search items) answers exactly what the catalogue service builds from the
 * tables: for every category, sort and page, and every search, after each kind of catalogue write.
 */
const t = useSeededApp();
const get = (url: string) => t.app.inject({ method: 'GET', url });
const direct = () => createCatalogService(createCatalogStore(t.db));
const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

/** Category ids with a row in the tables (active or not: an inactive one must answer 404 both ways). */
async function categoryIds(): Promise<number[]> {
  return (await queryRows<{ id: number }>(t.db, sql`select id from categories order by id`)).map((r) => r.id);
}

async function builtListing(categoryId: number, query: { page?: number; pageSize?: number; sort?: (typeof categorySortSchema.options)[number] }) {
  try {
    return { status: 200, body: plain(await direct().categoryProducts(categoryId, query)) };
  } catch (error) {
    return { status: (error as { statusCode?: number }).statusCode ?? 500 };
  }
}

/** Every category, every sort: the whole listing (order) and a middle page (offset). */
async function expectListingsMatch(): Promise<void> {
  let compared = 0;
  for (const id of await categoryIds()) {
    for (const sort of categorySortSchema.options) {
      for (const query of [{ pageSize: 100, sort }, { page: 2, pageSize: 7, sort }]) {
        const res = await get(`/api/categories/${id}/products?page=${query.page ?? 1}&pageSize=${query.pageSize}&sort=${sort}`);
        const built = await builtListing(id, query);
        expect({ id, sort, status: res.statusCode }).toEqual({ id, sort, status: built.status });
        if (built.status === 200) {
          expect({ id, sort, query, body: res.json() }).toEqual({ id, sort, query, body: built.body });
          compared++;
        }
      }
    }
  }
  expect(compared).toBeGreaterThan(100);
}

const QUERIES = ['membrane', 'cavty drane', 'sump pmup', 'radon', 'dpc cream', 'hydrovault', 'membr', 'su', 'HV-', 'zzqqxxyy'];

async function expectSearchesMatch(): Promise<void> {
  for (const q of QUERIES) {
    for (const query of [{}, { limit: 50 }, { page: 2, pageSize: 5 }] as const) {
      const params = new URLSearchParams({ q, ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
      const res = await get(`/api/products/search?${params}`);
      expect(res.statusCode).toBe(200);
      expect({ q, query, body: res.json() }).toEqual({ q, query, body: plain(await direct().search(q, query)) });
    }
  }
}

async function idOf(sku: string): Promise<number> {
  const [row] = await t.db.select({ id: products.id }).from(products).where(eq(products.sku, sku));
  if (!row) throw new Error(`no product ${sku}`);
  return row.id;
}

async function categoriesOf(id: number): Promise<number[]> {
  return (await t.db.select({ id: productCategories.categoryId }).from(productCategories).where(eq(productCategories.productId, id))).map((r) => r.id);
}

/** The category's count of shown, catalogue-visible products, from the tables. */
async function tableCount(categoryId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from product_categories pc join products p on p.id = pc.product_id
        where pc.category_id = ${categoryId} and p.status = 1 and 2 = any(p.website_ids) and p.visibility in (2, 4)`,
  );
  return row!.n;
}

async function expectCount(categoryId: number, expected: number): Promise<void> {
  expect(await tableCount(categoryId)).toBe(expected);
  expect((await get(`/api/categories/${categoryId}/products`)).json().totalCount).toBe(expected);
}

describe('category listings and search from the read model', () => {
  it('after the seed', async () => {
    await expectListingsMatch();
    await expectSearchesMatch();
  });

  it('after price changes (base, special, tier, and a grouped item that sets its kit\'s "from" price)', async () => {
    await t.db.update(products).set({ pricePence: 1 }).where(eq(products.sku, 'HV-CDM8'));
    await t.db.update(products).set({ specialPricePence: 2 }).where(eq(products.sku, 'HV-CHAN-PERIM'));
    await t.db.insert(productTierPrices).values({ productId: await idOf('HV-ALARM'), customerGroupId: 0, qty: 1, valuePence: 3 });
    const [item] = await t.db.select({ id: productLinks.linkedProductId }).from(productLinks).where(eq(productLinks.linkType, 'associated')).limit(1);
    await t.db.update(products).set({ pricePence: 4 }).where(eq(products.id, item!.id));
    await expectListingsMatch();
    await expectSearchesMatch();
  });

  it('after stock and review changes', async () => {
    await t.db.update(productStock).set({ qty: 0 }).where(eq(productStock.productId, await idOf('HV-CDM8')));
    await t.db.update(productStock).set({ isInStock: false }).where(eq(productStock.productId, await idOf('HV-ALARM')));
    await t.db.insert(productReviews).values({ productId: await idOf('HV-CHAN-PERIM'), nickname: 'A', title: 'Fine', detail: 'Works.', rating: 1, approved: true });
    await expectListingsMatch();
  });

  it('after status, website and visibility changes (products leave and come back, counts follow)', async () => {
    const cdm = await idOf('HV-CDM8');
    const [categoryId] = await categoriesOf(cdm);
    const before = await tableCount(categoryId!);
    await t.db.update(products).set({ status: 2 }).where(eq(products.id, cdm));
    await expectCount(categoryId!, before - 1);
    await t.db.update(products).set({ websiteIds: [1] }).where(eq(products.sku, 'HV-ALARM'));
    await t.db.update(products).set({ visibility: 3 }).where(eq(products.sku, 'HV-CHAN-PERIM'));
    await expectListingsMatch();
    await expectSearchesMatch();
    await t.db.update(products).set({ status: 1 }).where(eq(products.id, cdm));
    await t.db.update(products).set({ websiteIds: [1, 2], visibility: 4 }).where(inArray(products.sku, ['HV-ALARM', 'HV-CHAN-PERIM']));
    await expectCount(categoryId!, before);
    await expectListingsMatch();
  });

  it('after name, newness and best-seller changes, and a category turned off', async () => {
    await t.db.update(products).set({ name: 'AAA first by name' }).where(eq(products.sku, 'HV-ALARM'));
    await t.db.update(products).set({ createdAt: new Date('2000-01-01T00:00:00Z') }).where(eq(products.sku, 'HV-CDM8'));
    await t.db.update(products).set({ bestsellerScore: 1_000_000 }).where(eq(products.sku, 'HV-CHAN-PERIM'));
    const [categoryId] = await categoriesOf(await idOf('HV-CDM8'));
    await t.db.execute(sql`update categories set is_active = false where id = ${categoryId!}`);
    expect((await get(`/api/categories/${categoryId}/products`)).statusCode).toBe(404);
    await expectListingsMatch();
    await expectSearchesMatch();
    await t.db.execute(sql`update categories set is_active = true where id = ${categoryId!}`);
  });

  it('after category links are added, moved and removed', async () => {
    const alarm = await idOf('HV-ALARM');
    const [from] = await categoriesOf(alarm);
    const [other] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from categories where id <> ${from!} and is_active and id not in (select category_id from product_categories where product_id = ${alarm}) order by id limit 1`,
    );
    await t.db.insert(productCategories).values({ categoryId: other!.id, productId: alarm, position: -5 });
    await t.db.update(productCategories).set({ position: 999 }).where(and(eq(productCategories.productId, alarm), eq(productCategories.categoryId, from!)));
    await expectListingsMatch();
    const cdm = await idOf('HV-CDM8');
    const [cdmFrom] = await categoriesOf(cdm);
    const [cdmTo] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from categories where is_active and id not in (select category_id from product_categories where product_id = ${cdm}) order by id limit 1`,
    );
    await t.db.update(productCategories).set({ categoryId: cdmTo!.id }).where(and(eq(productCategories.productId, cdm), eq(productCategories.categoryId, cdmFrom!)));
    await t.db.delete(productCategories).where(and(eq(productCategories.productId, alarm), eq(productCategories.categoryId, from!)));
    await expectListingsMatch();
  });

  it('after products are added and deleted (their categories recounted)', async () => {
    const [categoryId] = await categoriesOf(await idOf('HV-CHAN-PERIM'));
    const before = await tableCount(categoryId!);
    const added = await t.db.transaction(async (tx) => {
      const rows = await tx
        .insert(products)
        .values([1, 2, 3].map((n) => ({ sku: `LM-${n}`, name: `Listing model membrane ${n}`, urlKey: `listing-model-membrane-${n}`, pricePence: 1000 * n, attrs: {} })))
        .returning({ id: products.id });
      await tx.insert(productCategories).values(rows.map((r, i) => ({ categoryId: categoryId!, productId: r.id, position: i })));
      await tx.insert(productStock).values(rows.map((r) => ({ productId: r.id, qty: 5 })));
      return rows.map((r) => r.id);
    });
    await expectCount(categoryId!, before + 3);
    await expectListingsMatch();
    await expectSearchesMatch();
    await t.db.delete(products).where(inArray(products.id, added));
    await t.db.delete(products).where(eq(products.sku, 'HV-CHAN-PERIM'));
    await expectCount(categoryId!, before - 1);
    await expectListingsMatch();
    await expectSearchesMatch();
  });

  it('a page far past the end is empty, as from the tables', async () => {
    const res = await get('/api/categories/104/products?page=999999999&pageSize=100');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(await builtListing(104, { page: 999999999, pageSize: 100 }).then((b) => b.body));
    expect(res.json()).toMatchObject({ items: [], page: 999999999, pageSize: 100 });
  });

  it('a page reads in one row from its sort\'s function while current, and row by row (rebuilt) after a write', async () => {
    const cdm = await idOf('HV-CDM8');
    const [categoryId] = await categoriesOf(cdm);
    const fromFunction = async () => {
      const [row] = await queryRows<{ items: string | null; stale: number; total: number }>(
        t.db,
        sql`select page_items as items, page_stale as stale, listing_total as total from catalog_listing_page_price(${categoryId!}, 100, 0)`,
      );
      return row!;
    };
    const url = `/api/categories/${categoryId}/products?pageSize=100&sort=price`;
    await get(url); // every document of the page current
    const current = await fromFunction();
    expect(current.stale).toBe(0);
    expect(JSON.parse(`[${current.items}]`)).toEqual((await get(url)).json().items);

    // A price write makes the product's document stale in the same transaction: the page is then
    // read row by row, the document rebuilt, and the page answers the new price in its new place.
    await t.db.update(products).set({ pricePence: 7 }).where(eq(products.id, cdm));
    expect((await fromFunction()).stale).toBeGreaterThan(0); // its own (and a kit's, whose "from" price it may set)
    const res = await get(url);
    expect(res.json()).toEqual((await builtListing(categoryId!, { pageSize: 100, sort: 'price' })).body);
    expect(res.json().items.find((item: { id: number }) => item.id === cdm)).toMatchObject({ price: 0.07 });
    const rebuilt = await fromFunction();
    expect(rebuilt.stale).toBe(0);
    expect(JSON.parse(`[${rebuilt.items}]`)).toEqual(res.json().items);

    // Stock and status writes, as seen through the one-row read.
    await t.db.update(productStock).set({ isInStock: false }).where(eq(productStock.productId, cdm));
    await get(url);
    const built = (await builtListing(categoryId!, { pageSize: 100, sort: 'price' })).body as { items: unknown[] };
    expect(JSON.parse(`[${(await fromFunction()).items}]`)).toEqual(built.items);
    await t.db.update(products).set({ status: 2 }).where(eq(products.id, cdm));
    const gone = await fromFunction();
    expect(gone.total).toBe(current.total - 1);
    expect(JSON.parse(`[${gone.items}]`).map((item: { id: number }) => item.id)).not.toContain(cdm);
    expect((await get(url)).json()).toEqual((await builtListing(categoryId!, { pageSize: 100, sort: 'price' })).body);
    await t.db.update(products).set({ status: 1 }).where(eq(products.id, cdm));
    await t.db.update(productStock).set({ isInStock: true }).where(eq(productStock.productId, cdm));
  });

  it('every sort\'s page function plans once per session (generic plan), whatever the size of the category', async () => {
    const functions = await queryRows<{ name: string; config: string[] | null }>(
      t.db,
      sql`select proname as name, proconfig as config from pg_proc where proname like 'catalog_listing_page_%' order by proname`,
    );
    expect(functions.map((f) => f.name)).toEqual([...categorySortSchema.options].map((sort) => `catalog_listing_page_${sort}`).sort());
    for (const f of functions) expect({ name: f.name, config: f.config }).toEqual({ name: f.name, config: ['plan_cache_mode=force_generic_plan'] });
  });

  it('the stored counts equal the counts of the tables', async () => {
    const mismatched = await queryRows(
      t.db,
      sql`select c.id, coalesce(n.total, 0) as stored,
            (select count(*) from product_categories pc join products p on p.id = pc.product_id
             where pc.category_id = c.id and p.status = 1 and 2 = any(p.website_ids) and p.visibility in (2, 4))::int as counted
          from categories c left join category_listing_counts n on n.category_id = c.id`,
    );
    expect(mismatched.filter((r) => (r as { stored: number; counted: number }).stored !== (r as { counted: number }).counted)).toEqual([]);
  });
});
