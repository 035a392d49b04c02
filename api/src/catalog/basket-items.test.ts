import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { closeDb, dbKind, openPostgres, queryRows } from '../db/client';
import { productShipping } from '../cart/schema';
import { createConfigurable, createProduct } from '../cart/test-fixtures';
import { useTestApp } from '../test/app';
import { createBasketProducts, type BasketItem } from './basket-products';
import { productConfigurableLinks, productOptionValues, products, productStock, productTierPrices } from './schema';

/**
 * The basket's read model (product_documents.basket_item, migration 0014): each product as the
 * basket reads it, built by SQL in the transaction of every catalogue write. After any write the
 * stored item must equal the one built from the tables then, and carry the change; two
 * transactions changing one product at once must both show.
 */
const t = useTestApp();

/** The stored item of a product. */
async function stored(id: number): Promise<BasketItem> {
  return (await createBasketProducts(t.db).productsByIds([id])).get(id)!;
}

/** The item built from the tables now (the function the triggers store). */
async function built(id: number): Promise<BasketItem> {
  const [row] = await queryRows<{ item: string }>(t.db, sql`select item from catalog_basket_items(array[${id}::int])`);
  return JSON.parse(row!.item) as BasketItem;
}

async function expectCurrent(id: number): Promise<BasketItem> {
  const item = await stored(id);
  expect(item).toEqual(await built(id));
  return item;
}

describe('basket items (read model)', () => {
  it('follows every catalogue write the basket prices from, at once', async () => {
    const p = await createProduct(t.db, {
      pricePence: 2_000,
      stock: 30,
      tiers: [{ customerGroupId: 0, qty: 5, valuePence: 1_800 }],
      options: [{ title: 'Cut length', isRequire: true, values: [{ title: '5m', sku: '5M', pricePence: 0 }] }],
    });
    expect(await expectCurrent(p.id)).toMatchObject({
      id: p.id,
      sku: p.sku,
      typeId: 'simple',
      pricePence: 2_000,
      stockQty: 30,
      isInStock: true,
      palletOnly: false,
      tiers: [{ customerGroupId: 0, qty: 5, valuePence: 1_800 }],
      options: [{ title: 'Cut length', isRequire: true, values: [{ title: '5m', sku: '5M', pricePence: 0 }] }],
      configurableParent: null,
    });

    await t.db.update(products).set({ pricePence: 2_500, specialPricePence: 2_250, name: 'Renamed membrane' }).where(eq(products.id, p.id));
    expect(await expectCurrent(p.id)).toMatchObject({ pricePence: 2_500, specialPricePence: 2_250, name: 'Renamed membrane' });

    await t.db.update(productStock).set({ qty: 0, isInStock: false }).where(eq(productStock.productId, p.id));
    expect(await expectCurrent(p.id)).toMatchObject({ stockQty: 0, isInStock: false });

    await t.db.delete(productTierPrices).where(eq(productTierPrices.productId, p.id));
    expect((await expectCurrent(p.id)).tiers).toEqual([]);

    await t.db.insert(productOptionValues).values({ optionId: p.options[0]!.id, title: '10m', sku: '10M', pricePence: 3_500, sortOrder: 1 });
    expect((await expectCurrent(p.id)).options[0]!.values.map((v) => [v.title, v.pricePence])).toEqual([
      ['5m', 0],
      ['10m', 3_500],
    ]);

    await t.db.insert(productShipping).values({ productId: p.id, palletOnly: true });
    expect(await expectCurrent(p.id)).toMatchObject({ palletOnly: true });
    await t.db.update(productShipping).set({ palletOnly: false }).where(eq(productShipping.productId, p.id));
    expect(await expectCurrent(p.id)).toMatchObject({ palletOnly: false });
  });

  it('carries a child’s configurable parent, and loses it with the link', async () => {
    const { parent, children, attributeId } = await createConfigurable(t.db, { children: [{ suffix: '20M', valueIndex: 620, valueLabel: '20m', pricePence: 16_500 }] });
    const child = children[0]!;
    expect(await expectCurrent(child.id)).toMatchObject({ configurableParent: { parentId: parent.id, optionValues: { [String(attributeId)]: 620 } } });
    expect(await expectCurrent(parent.id)).toMatchObject({ typeId: 'configurable', configurableOptions: [{ attributeId, values: [{ value_index: 620, label: '20m' }] }] });
    await t.db.delete(productConfigurableLinks).where(eq(productConfigurableLinks.childId, child.id));
    expect(await expectCurrent(child.id)).toMatchObject({ configurableParent: null });
  });

  it('a product added in any way has its item (by sku too)', async () => {
    const p = await createProduct(t.db, { stock: null });
    expect(await expectCurrent(p.id)).toMatchObject({ stockQty: 0, isInStock: false });
    expect(await createBasketProducts(t.db).productBySku(p.sku)).toEqual(await built(p.id));
    expect(await createBasketProducts(t.db).productBySku('NO-SUCH-SKU')).toBeUndefined();
  });

  it('on PostgreSQL: two transactions changing one product at once (price, stock) both show', async () => {
    if (dbKind(t.db) !== 'postgres') return; // PGlite: one connection, no concurrent transactions
    const url = (t.db.$client as pg.Pool).options.connectionString!;
    const [a, b] = await Promise.all([openPostgres(url, { poolSize: 1 }), openPostgres(url, { poolSize: 1 })]);
    const p = await createProduct(t.db, { pricePence: 1_000, stock: 10 });
    try {
      let releaseFirst!: () => void;
      const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
      let firstWrote!: () => void;
      const firstHasWritten = new Promise<void>((resolve) => (firstWrote = resolve));
      const first = a.transaction(async (tx) => {
        await tx.update(products).set({ pricePence: 1_500 }).where(eq(products.id, p.id));
        firstWrote();
        await firstMayCommit;
      });
      await firstHasWritten;
      // The second writes the stock while the first holds the product's documents; it waits for the
      // first to commit, then builds the item on a snapshot that has the first's price.
      const second = b.transaction(async (tx) => {
        await tx.update(productStock).set({ qty: 7 }).where(eq(productStock.productId, p.id));
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      releaseFirst();
      await Promise.all([first, second]);
      expect(await expectCurrent(p.id)).toMatchObject({ pricePence: 1_500, stockQty: 7 });
    } finally {
      await Promise.all([closeDb(a), closeDb(b)]);
    }
  });
});
