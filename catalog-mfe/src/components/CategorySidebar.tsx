import { memo } from 'react';
import { Link } from '@shop/shared/router';
import { FREE_DELIVERY_MESSAGE, type Category } from '@shop/shared';
import styles from './CategorySidebar.module.css';

/** The four selling points of the shop (spec section 2: Expertise, Trust, Quality, Free Delivery). */
export const SELLING_POINTS = [
  { title: 'Expertise', text: 'Free expert advice from our technical helpline before and after you buy.' },
  { title: 'Trust', text: 'An independent supplier trusted by contractors and homeowners across the UK.' },
  { title: 'Quality', text: 'Certified, CE marked systems from manufacturers we know and stock.' },
  { title: 'Free Delivery', text: FREE_DELIVERY_MESSAGE },
] as const;

function CategoryList({ categories, parentId, currentId }: { categories: Category[]; parentId: number | null; currentId?: number | undefined }) {
  const level = categories.filter((c) => c.parent_id === parentId).sort((a, b) => a.position - b.position);
  if (level.length === 0) return null;
  return (
    <ul className={parentId === null ? styles.list : styles.sublist}>
      {level.map((c) => (
        <li key={c.id}>
          <Link to={c.url} className={styles.link} aria-current={c.id === currentId ? 'page' : undefined}>
            {c.name}
          </Link>
          <CategoryList categories={categories} parentId={c.id} currentId={currentId} />
        </li>
      ))}
    </ul>
  );
}

/** Every category of the shop (children under their parents), then the selling points. */
export const CategorySidebar = memo(function CategorySidebar({ categories, currentId, className }: { categories: Category[]; currentId?: number | undefined; className?: string }) {
  const known = new Set(categories.map((c) => c.id));
  // A child whose parent is not listed is shown at the top level.
  const tree = categories.map((c) => (c.parent_id !== null && !known.has(c.parent_id) ? { ...c, parent_id: null } : c));
  return (
    <aside className={`${styles.sidebar} ${className ?? ''}`} aria-label="Shop by category">
      <nav aria-labelledby="catalog-sidebar-categories" className={styles.box}>
        <h2 id="catalog-sidebar-categories" className={styles.heading}>
          Categories
        </h2>
        <CategoryList categories={tree} parentId={null} currentId={currentId} />
      </nav>
      <SellingPoints />
    </aside>
  );
});

export function SellingPoints() {
  return (
    <section className={styles.box} aria-labelledby="catalog-selling-points">
      <h2 id="catalog-selling-points" className={styles.heading}>
        Why buy from us
      </h2>
      <ul className={styles.points}>
        {SELLING_POINTS.map((p) => (
          <li key={p.title} className={styles.point}>
            <svg className={styles.tick} width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <circle cx="10" cy="10" r="10" fill="currentColor" />
              <path d="M5.5 10.5l3 3 6-7" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span>
              <strong>{p.title}</strong>
              <span className={styles.pointText}>{p.text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
