import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from '@shop/shared/router';
import styles from './Dropdown.module.css';

/**
 * A disclosure menu (button + list of links): opens on click, closes on Escape (focus back on
 * the button), on a click outside and on navigation.
 */
export function Dropdown({ label, children, align = 'left' }: { label: ReactNode; children: ReactNode; align?: 'left' | 'right' }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className={styles.dropdown} ref={ref}>
      <button ref={button} type="button" className={styles.toggle} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {label} <span aria-hidden="true">▾</span>
      </button>
      <div id={id} className={`${styles.menu} ${align === 'right' ? styles.right : ''}`} hidden={!open}>
        {children}
      </div>
    </div>
  );
}
