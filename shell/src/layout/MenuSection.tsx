import { useId, useState, type ReactNode } from 'react';
import { ChevronIcon } from './icons';
import styles from './Header.module.css';

/**
 * A collapsible section of the phone menu ('Shop by Category', 'Resources & Contact Us'): a
 * button that says whether it is open (aria-expanded, and a chevron that turns) and the list it
 * shows or hides.
 */
export function MenuSection({ title, defaultOpen = false, children }: { title: string; defaultOpen?: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <div className={styles.section}>
      <h3 className={styles.sectionHeading}>
        <button type="button" className={styles.sectionToggle} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
          <span>{title}</span>
          <ChevronIcon className={open ? styles.chevronOpen : styles.chevron} />
        </button>
      </h3>
      <div id={id} hidden={!open}>
        {children}
      </div>
    </div>
  );
}
