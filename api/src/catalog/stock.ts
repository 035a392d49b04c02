import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { intArray } from './shown';

/** Units of one product a basket or an order holds. */
export interface StockWant {
  productId: number;
  qty: number;
}

/**
 * The catalogue's stock, as placing an order takes it and releasing an order gives it back, in
 * the caller's transaction.
 *
 * One lock order everywhere: a basket's stock rows are locked in one statement, in product id order
 * (`select … order by product_id for update`, whose rows are locked as the sort hands them out),
 * before any of them is changed; the stock triggers then lock the products' documents, again in
 * product id order (migration 0015). Two checkouts sharing products therefore wait for each other
 * instead of each holding a row the other wants (PostgreSQL's `deadlock detected`). One statement
 * per claim also means one round trip whatever the basket holds.
 */
export function createStock() {
  /** Sums the wants per product, in product id order. */
  function perProduct(wants: readonly StockWant[]): { ids: number[]; qtys: number[] } {
    const byProduct = new Map<number, number>();
    for (const w of wants) byProduct.set(w.productId, (byProduct.get(w.productId) ?? 0) + w.qty);
    const sorted = [...byProduct.entries()].sort((a, b) => a[0] - b[0]);
    return { ids: sorted.map(([id]) => id), qtys: sorted.map(([, qty]) => qty) };
  }

  const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

  return {
    /**
     * Takes every product's units if that many are in stock (never below zero), in one statement.
     * Answers null when all were taken, or the first product (by id) that was short with what is
     * left of it: the caller's transaction must then roll back (the others were taken).
     */
    async claim(tx: Tx, wants: readonly StockWant[]): Promise<{ productId: number; have: number } | null> {
      const { ids, qtys } = perProduct(wants);
      if (ids.length === 0) return null;
      // `locked` runs whole before the update reads a row (array(...) is an init plan), so every
      // row is locked, in id order, before the first is changed; its rows are the latest versions.
      const rows = rowsOf<{ productId: number; taken: boolean; have: number }>(
        await tx.execute(sql`
          with want as (
            select product_id, qty from unnest(${intArray(ids)}, ${intArray(qtys)}) as w(product_id, qty)
          ), locked as materialized (
            select product_id, qty, is_in_stock from product_stock
            where product_id = any(${intArray(ids)}) order by product_id for update
          ), taken as (
            update product_stock s set qty = s.qty - w.qty, updated_at = now()
            from want w
            where s.product_id = w.product_id and s.product_id = any(array(select product_id from locked))
              and s.is_in_stock and s.qty >= w.qty
            returning s.product_id
          )
          select w.product_id as "productId", t.product_id is not null as taken,
                 coalesce(case when l.is_in_stock then l.qty end, 0)::int as have
          from want w left join taken t on t.product_id = w.product_id left join locked l on l.product_id = w.product_id
          order by w.product_id`),
      );
      const short = rows.find((r) => !r.taken);
      return short ? { productId: short.productId, have: short.have } : null;
    },

    /** Gives back the units of released lines (lines without a product are skipped), in one statement. */
    async giveBack(tx: Tx, lines: ReadonlyArray<{ productId: number | null; qty: number }>): Promise<void> {
      const { ids, qtys } = perProduct(lines.flatMap((l) => (l.productId ? [{ productId: l.productId, qty: l.qty }] : [])));
      if (ids.length === 0) return;
      await tx.execute(sql`
        with want as (
          select product_id, qty from unnest(${intArray(ids)}, ${intArray(qtys)}) as w(product_id, qty)
        ), locked as materialized (
          select product_id from product_stock where product_id = any(${intArray(ids)}) order by product_id for update
        )
        update product_stock s set qty = s.qty + w.qty, updated_at = now()
        from want w
        where s.product_id = w.product_id and s.product_id = any(array(select product_id from locked))`);
    },
  };
}

export type Stock = ReturnType<typeof createStock>;
