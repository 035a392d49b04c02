import { NavLink, Outlet } from 'react-router-dom';
import type { BackofficeArea } from '@shop/shared/backoffice';
import { useSession } from '../session';
import styles from './Layout.module.css';

/** The menu: only the pages the staff member's role may use. */
export const MENU: Array<{ area: BackofficeArea; to: string; label: string }> = [
  { area: 'dashboard', to: '/', label: 'Dashboard' },
  { area: 'orders', to: '/orders', label: 'Orders' },
  { area: 'customers', to: '/customers', label: 'Customers' },
  { area: 'messages', to: '/messages', label: 'Messages' },
  { area: 'catalogue', to: '/products', label: 'Products' },
  { area: 'catalogue', to: '/categories', label: 'Categories' },
  { area: 'content', to: '/cms-pages', label: 'CMS pages' },
  { area: 'content', to: '/posts', label: 'Advice posts' },
  { area: 'content', to: '/reviews', label: 'Reviews' },
  { area: 'staff', to: '/staff', label: 'Staff' },
  { area: 'activity', to: '/activity', label: 'Activity log' },
];

export function Layout() {
  const { session, signOut, may } = useSession();
  return (
    <div className={styles.shell}>
      <header className={styles.bar}>
        <span className={styles.brand}>Northgate back office</span>
        <nav className={styles.nav} aria-label="Back office">
          {MENU.filter((m) => may(m.area)).map((m) => (
            <NavLink key={m.to} to={m.to} end={m.to === '/'}>
              {m.label}
            </NavLink>
          ))}
        </nav>
        <span className={styles.who}>
          {session?.staff.email} ({session?.staff.role})
        </span>
        <button type="button" className={styles.signOut} onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <main className={styles.main}>
        <Outlet />
      </main>
    </div>
  );
}
