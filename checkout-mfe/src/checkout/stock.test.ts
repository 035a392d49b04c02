import type { Cart } from '@shop/shared';
import { stockProblems } from './stock';

const line = (product_id: number, name: string, qty: number) => ({ item_id: product_id * 10 + qty, sku: `SKU-${product_id}`, name, qty, price: 10, product_id }) as Cart['items'][number];
const stock = (entries: Array<[number, number, boolean]>) => new Map(entries.map(([id, qty, is_in_stock]) => [id, { id, stock: { qty, is_in_stock } }]));

describe('stockProblems', () => {
  it('names a product out of stock, and one with fewer units left than the basket holds, in the order’s words', () => {
    const items = [line(1, 'Drill bit', 1), line(2, 'Butyl tape', 3), line(2, 'Butyl tape', 2), line(3, 'Primer', 1), line(4, 'Flagged off', 1)];
    expect(stockProblems(items, stock([[1, 0, false], [2, 4, true], [3, 10, true], [4, 5, false]]))).toEqual([
      'Sorry, Drill bit is out of stock.',
      'Sorry, we only have 4 of Butyl tape left in stock. Please change the quantity in your basket.',
      'Sorry, Flagged off is out of stock.',
    ]);
  });
  it('says nothing of products it has not read, nor of lines without a product id', () => {
    expect(stockProblems([line(1, 'Drill bit', 1), { ...line(5, 'Old line', 1), product_id: undefined }], stock([]))).toEqual([]);
  });
});
