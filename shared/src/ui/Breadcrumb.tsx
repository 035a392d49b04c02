import { Link } from '@shop/shared/router';
import styles from './Breadcrumb.module.css';

export interface BreadcrumbItem {
  label: string;
  /** Where the crumb links to; the last crumb (the current page) needs none. */
  to?: string | undefined;
}

/** The trail from Home to the current page: a labelled nav with an ordered list, the last item current. */
export function Breadcrumb({ items, className }: { items: BreadcrumbItem[]; className?: string | undefined }) {
  if (items.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className={`${styles.breadcrumb} ${className ?? ''}`}>
      <ol className={styles.list}>
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${i}-${item.label}`} className={styles.item}>
              {last || !item.to ? (
                <span aria-current={last ? 'page' : undefined} className={last ? styles.current : undefined}>
                  {item.label}
                </span>
              ) : (
                <Link to={item.to}>{item.label}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
