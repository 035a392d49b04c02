import styles from './StockBadge.module.css';

/** In stock / Out of stock, in words (colour only repeats what the text says). */
export function StockBadge({ inStock, className }: { inStock: boolean; className?: string | undefined }) {
  return (
    <span className={`${styles.badge} ${inStock ? styles.in : styles.out} ${className ?? ''}`}>
      <span aria-hidden="true" className={styles.dot} />
      {inStock ? 'In stock' : 'Out of stock'}
    </span>
  );
}
