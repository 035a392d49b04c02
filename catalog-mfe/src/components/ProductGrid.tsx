import { memo } from 'react';
import { ProductCard, type CardProduct } from './ProductCard';
import styles from './ProductGrid.module.css';

/** Product tiles in a responsive grid (1 column on the smallest phones, up to 4 on desktops). */
export const ProductGrid = memo(function ProductGrid({ products, label, eagerCount = 2 }: { products: CardProduct[]; label?: string; eagerCount?: number }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {products.map((p, i) => (
        <li key={p.id} className={styles.cell}>
          <ProductCard product={p} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
});
