import { useEffect, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import styles from './AccountLayout.module.css';

const links = [
  { to: '/customer/account', label: 'Account Dashboard', end: true },
  { to: '/sales/order/history', label: 'My Orders' },
  { to: '/customer/address', label: 'My Addresses' },
  { to: '/customer/account/edit', label: 'Account Information' },
  { to: '/review/customer', label: 'My Product Reviews' },
  { to: '/aw_followupemail2/unsubscribe', label: 'Email Notifications' },
  { to: '/customer/account/newsletter', label: 'Newsletter Subscriptions' },
  { to: '/stripe/customer/subscriptions', label: 'My Subscriptions' },
];

const WIDE = '(min-width: 1024px)';

/** Sidebar 'My Account': collapsible on small screens, always open from 1024px. */
export function AccountLayout({ children }: { children: ReactNode }) {
  const [wide, setWide] = useState(() => typeof window !== 'undefined' && window.matchMedia?.(WIDE).matches);
  const [open, setOpen] = useState(false);

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
              <NavLink to={l.to} end={l.end} className={({ isActive }) => (isActive ? styles.current : undefined)}>
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content}>{children}</div>
    </div>
  );
}
