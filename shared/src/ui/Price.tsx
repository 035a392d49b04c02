import { formatGBP, incVat } from '../pricing/money';
import styles from './Price.module.css';

/** A price ex VAT with its inc VAT figure, as every listing of the shop shows it. */
export function Price({ exVat, className }: { exVat: number; className?: string | undefined }) {
  return (
    <span className={`${styles.price} ${className ?? ''}`}>
      <span className={styles.ex}>
        {formatGBP(exVat)} <small>ex VAT</small>
      </span>
      <span className={styles.inc}>
        {formatGBP(incVat(exVat))} <small>inc VAT</small>
      </span>
    </span>
  );
}
