import styles from './StockBadge.module.css';

/** At or below this many units the badge says how few are left. */
export const LOW_STOCK_AT = 5;

export const onlyLeft = (qty: number) => `Only ${qty} left`;

/**
 * In stock / Only n left / Out of stock, in words (colour only repeats what the text says).
 * `qty` (units in stock) is known on the product page; listings give only in or out.
 */
export function StockBadge({ inStock, qty, className }: { inStock: boolean; qty?: number | undefined; className?: string | undefined }) {
  const low = inStock && qty !== undefined && qty > 0 && qty <= LOW_STOCK_AT;
  return (
    <span className={`${styles.badge} ${!inStock ? styles.out : low ? styles.low : styles.in} ${className ?? ''}`}>
      <span aria-hidden="true" className={styles.dot} />
      {!inStock ? 'Out of stock' : low ? onlyLeft(qty) : 'In stock'}
    </span>
  );
}
