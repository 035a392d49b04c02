import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { productStock } from './schema';

/** Units of one product a basket or an order holds. */
export interface StockWant {
  productId: number;
  qty: number;
}

/**
 * The catalogue's stock, as placing an order takes it and releasing an order gives it back, in
 * the caller's transaction. Products are visited in id order, so two transactions never wait for
 * each other's rows in opposite orders (no deadlocks between baskets).
 */
export function createStock() {
  /**
   * Takes `qty` units of a product if that many are in stock (one statement: never below zero,
   * safe under concurrent checkouts). Answers the units left, or undefined when there were not
   * enough (or the product has no stock row).
   */
  async function take(tx: Tx, productId: number, qty: number): Promise<number | undefined> {
    const [row] = await tx
      .update(productStock)
      .set({ qty: sql`${productStock.qty} - ${qty}`, updatedAt: new Date() })
      .where(and(eq(productStock.productId, productId), eq(productStock.isInStock, true), sql`${productStock.qty} >= ${qty}`))
      .returning({ qty: productStock.qty });
    return row?.qty;
  }

  async function available(tx: Tx, productId: number): Promise<number> {
    const [row] = await tx
      .select({ qty: productStock.qty, isInStock: productStock.isInStock })
      .from(productStock)
      .where(eq(productStock.productId, productId));
    return row && row.isInStock ? row.qty : 0;
  }

  async function giveBackOne(tx: Tx, productId: number, qty: number): Promise<void> {
    await tx
      .update(productStock)
      .set({ qty: sql`${productStock.qty} + ${qty}`, updatedAt: new Date() })
      .where(eq(productStock.productId, productId));
  }

  /** Sums the wants per product, in product id order. */
  function perProduct(wants: readonly StockWant[]): Array<[number, number]> {
    const byProduct = new Map<number, number>();
    for (const w of wants) byProduct.set(w.productId, (byProduct.get(w.productId) ?? 0) + w.qty);
    return [...byProduct.entries()].sort((a, b) => a[0] - b[0]);
  }

  return {
    /**
     * Takes every product's units, or stops at the first that is short and answers it with what
     * is left of it (the caller's transaction must then roll back: earlier products were taken).
     */
    async claim(tx: Tx, wants: readonly StockWant[]): Promise<{ productId: number; have: number } | null> {
      for (const [productId, qty] of perProduct(wants)) {
        const left = await take(tx, productId, qty);
        if (left === undefined) return { productId, have: await available(tx, productId) };
      }
      return null;
    },

    /** Gives back the units of released lines (lines without a product are skipped). */
    async giveBack(tx: Tx, lines: ReadonlyArray<{ productId: number | null; qty: number }>): Promise<void> {
      const wants = lines.flatMap((l) => (l.productId ? [{ productId: l.productId, qty: l.qty }] : []));
      for (const [productId, qty] of perProduct(wants)) await giveBackOne(tx, productId, qty);
    },
  };
}

export type Stock = ReturnType<typeof createStock>;
