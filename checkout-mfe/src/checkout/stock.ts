import { useEffect, useState } from 'react';
import { z } from 'zod';
import { apiRequest, type Cart } from '@shop/shared';
import { STOCK_MESSAGES, stockSchema } from '@shop/shared/schemas';

const productStockSchema = z.object({ id: z.number().int(), stock: stockSchema });
type ProductStock = z.infer<typeof productStockSchema>;

/**
 * Why lines of this basket cannot be bought now, in the words placing the order would answer:
 * a product out of stock, or fewer units left than the basket holds. Stock can change after a
 * product went into a basket (the last unit sold, staff setting it to zero); placing the order
 * refuses it either way (the stock claim), this only says so before the shopper fills the form in.
 */
export function stockProblems(items: Cart['items'], stock: ReadonlyMap<number, ProductStock>): string[] {
  const wanted = new Map<number, { name: string; qty: number }>();
  for (const item of items) {
    if (item.product_id === undefined) continue;
    const line = wanted.get(item.product_id) ?? { name: item.name, qty: 0 };
    line.qty += item.qty;
    wanted.set(item.product_id, line);
  }
  const problems: string[] = [];
  for (const [id, line] of wanted) {
    const known = stock.get(id);
    if (!known) continue;
    if (!known.stock.is_in_stock || known.stock.qty <= 0) problems.push(STOCK_MESSAGES.outOfStock(line.name));
    else if (known.stock.qty < line.qty) problems.push(STOCK_MESSAGES.onlyInStock(line.name, known.stock.qty));
  }
  return problems;
}

/** The basket's stock problems, read from each product's current answer (refreshed when the basket changes). */
export function useStockProblems(items: Cart['items']): string[] {
  const ids = [...new Set(items.flatMap((i) => (i.product_id === undefined ? [] : [i.product_id])))].sort((a, b) => a - b);
  const key = ids.join(',');
  const [stock, setStock] = useState<ReadonlyMap<number, ProductStock>>(new Map());
  useEffect(() => {
    if (!key) return;
    let live = true;
    void Promise.all(
      key.split(',').map((id) => apiRequest(`/products/info/${id}`, { schema: productStockSchema }).catch(() => null)),
    ).then((answers) => {
      if (live) setStock(new Map(answers.flatMap((a) => (a ? [[a.id, a] as const] : []))));
    });
    return () => {
      live = false;
    };
  }, [key]);
  return stockProblems(items, stock);
}
