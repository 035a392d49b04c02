/**
 * Support for bench/cart.ts (not used by the service): writes the bench products and baskets ready
 * for confirm-order straight into the database before the API starts, and checks the books after.
 * It lives here because its imports (drizzle, the schema) resolve from the api package.
 */
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { products, productStock } from '../catalog/schema';
import { closeDb, openPglite, openPostgres, queryRows, type Db } from '../db/client';
import { migrateDb } from '../db/migrate';
import { cartItems, carts, type CartAddressColumn } from './schema';
import { newCartId } from './store';

export type BenchAddress = CartAddressColumn;

export const BENCH_STOCK = 100_000_000;

const ADDRESS: BenchAddress = {
  firstname: 'Bench',
  lastname: 'Buyer',
  company: null,
  telephone: '01632 960 000',
  street: ['1 Test Street'],
  city: 'Wakefield',
  postcode: 'WF2 7AZ',
  country_id: 'GB',
  region_id: 5002,
  region: 'West Yorkshire',
  region_code: 'WYK',
  email: 'bench@example.co.uk',
};

interface Where {
  dataDir: string;
  databaseUrl: string | undefined;
}

async function open({ dataDir, databaseUrl }: Where): Promise<Db> {
  const db = databaseUrl ? await openPostgres(databaseUrl) : await openPglite({ dataDir: path.join(dataDir, 'pglite') });
  await migrateDb(db);
  return db;
}

/** Bench products BENCH-CART-001... with plenty of stock, and `orderCount` baskets ready to confirm. */
export async function prepareCartBench(options: Where & { orderCount: number; productCount: number }) {
  const db = await open(options);
  try {
    const count = Math.max(options.productCount, 2);
    const skus = Array.from({ length: count }, (_, i) => `BENCH-CART-${String(i + 1).padStart(3, '0')}`);
    for (const [i, sku] of skus.entries()) {
      await db
        .insert(products)
        .values({ sku, name: `Bench membrane ${i + 1}`, urlKey: sku.toLowerCase(), pricePence: 1_234 + i * 100, weightGrams: 2_000, attrs: {} })
        .onConflictDoNothing();
    }
    const rows = await db.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.sku, skus));
    const idBySku = new Map(rows.map((r) => [r.sku, r.id]));
    const productIds = skus.map((s) => idBySku.get(s)!);
    for (const productId of productIds) {
      await db
        .insert(productStock)
        .values({ productId, qty: BENCH_STOCK, isInStock: true })
        .onConflictDoUpdate({ target: productStock.productId, set: { qty: BENCH_STOCK, isInStock: true } });
    }
    const basketIds: string[] = [];
    const used = options.productCount;
    for (let start = 0; start < options.orderCount; start += 200) {
      const size = Math.min(200, options.orderCount - start);
      const basketRows = Array.from({ length: size }, () => ({
        id: newCartId(),
        email: ADDRESS.email,
        shippingAddress: ADDRESS,
        shippingCarrierCode: 'courier',
        shippingMethodCode: 'standard',
        paymentMethod: 'stripe_payments',
      }));
      await db.insert(carts).values(basketRows);
      const lines = basketRows.flatMap((basket, j) => {
        const n = start + j;
        const first = n % used;
        const second = (n * 7 + 3) % used;
        const chosen = n % 2 === 0 || second === first ? [first] : [first, second];
        return chosen.map((index, k) => ({
          cartId: basket.id,
          productId: productIds[index]!,
          sku: skus[index]!,
          lineKey: `${productIds[index]}||[]`,
          qty: 1 + ((n + k) % 3),
        }));
      });
      await db.insert(cartItems).values(lines);
      basketIds.push(...basketRows.map((b) => b.id));
    }
    return { skus, productIds, basketIds, address: ADDRESS };
  } finally {
    await closeDb(db);
  }
}

/** Orders made from the bench baskets, how many are paid, units ordered and stock taken. */
export async function checkCartBench(options: Where & { basketIds: string[]; productIds: number[] }) {
  const db = await open(options);
  try {
    const ids = sql`${`{${options.basketIds.join(',')}}`}::text[]`;
    const [counts] = await queryRows<{ orders: number; paid: number }>(
      db,
      sql`select count(*)::int as orders, count(*) filter (where status = 'processing')::int as paid from orders where cart_id = any(${ids})`,
    );
    const [units] = await queryRows<{ qty: number }>(
      db,
      sql`select coalesce(sum(l.qty), 0)::int as qty from order_lines l join orders o on o.id = l.order_id where o.cart_id = any(${ids})`,
    );
    // This run's products only (their stock was reset to BENCH_STOCK when the run was prepared).
    const stock = await db.select({ qty: productStock.qty }).from(productStock).where(inArray(productStock.productId, options.productIds));
    return {
      orders: counts!.orders,
      paid: counts!.paid,
      unitsOrdered: units!.qty,
      stockTaken: stock.length * BENCH_STOCK - stock.reduce((s, r) => s + r.qty, 0),
    };
  } finally {
    await closeDb(db);
  }
}
