import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from '@shop/shared/router';
import styles from './AccountLayout.module.css';

/** Each link and the paths that make it the current page (the dashboard has two). */
const links: { to: string; label: string; current?: (path: string) => boolean }[] = [
  { to: '/customer/account', label: 'Account Dashboard', current: (p) => p === '/customer/account' || p === '/customer/account/index' },
  { to: '/sales/order/history', label: 'My Orders', current: (p) => p === '/sales/order/history' || p.startsWith('/sales/order/view/') },
  { to: '/customer/address', label: 'My Addresses' },
  { to: '/customer/account/edit', label: 'Account Information', current: (p) => p === '/customer/account/edit' || p.startsWith('/customer/account/edit/') },
  { to: '/review/customer', label: 'My Product Reviews' },
  { to: '/aw_followupemail2/unsubscribe', label: 'Email Notifications' },
  { to: '/customer/account/newsletter', label: 'Newsletter Subscriptions' },
  { to: '/stripe/customer/subscriptions', label: 'My Subscriptions' },
];
const isCurrent = (link: (typeof links)[number], path: string) => (link.current ? link.current(path) : path === link.to);

const WIDE = '(min-width: 1024px)';

/** Sidebar 'My Account': collapsible on small screens, always open from 1024px. */
export function AccountLayout({ children }: { children: ReactNode }) {
  const [wide, setWide] = useState(() => typeof window !== 'undefined' && window.matchMedia?.(WIDE).matches);
  const [open, setOpen] = useState(false);
  const path = useLocation().pathname.replace(/\/+$/, '') || '/';

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWide(window.matchMedia?.(WIDE).matches ?? false), 250);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  const expanded = wide || open;
  return (
    <div className={styles.layout}>
      <nav className={styles.sidebar} aria-label="My Account">
        <h2 className={styles.title}>
          {wide ? (
            'My Account'
          ) : (
            <button type="button" aria-expanded={expanded} aria-controls="account-menu" onClick={() => setOpen(!open)}>
              My Account
            </button>
          )}
        </h2>
        <ul id="account-menu" className={styles.menu} hidden={!expanded}>
          {links.map((l) => (
            <li key={l.to}>
              {isCurrent(l, path) ? (
                <Link to={l.to} aria-current="page" className={styles.current}>
                  {l.label}
                </Link>
              ) : (
                <Link to={l.to}>{l.label}</Link>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content}>{children}</div>
    </div>
  );
}
