import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from '@shop/shared/router';
import { basketOpenAtom, cartCountAtom, Dialog, isAuthenticatedAtom, SHOP_NAME, useAuth, useHydrated } from '@shop/shared';
import { LiveSearch } from '../search/LiveSearch';
import logo from '../assets/logo.svg';
import { Dropdown } from './Dropdown';
import { MenuSection } from './MenuSection';
import { BasketIcon, MenuIcon, SearchIcon } from './icons';
import { useCategories } from './useCategories';
import styles from './Header.module.css';

function categoryHref(url: string): string {
  return url.startsWith('/') ? url : `/${url}`;
}

export function Header() {
  const count = useAtomValue(cartCountAtom);
  // Signed in is known to the browser only (a stored token): shown once the page has hydrated.
  const signedIn = useAtomValue(isAuthenticatedAtom);
  const authenticated = useHydrated() && signedIn;
  const openBasket = useSetAtom(basketOpenAtom);
  const categories = useCategories();
  const auth = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => {
    setMenuOpen(false);
    setSearchOpen(false);
  }, [pathname]);

  const accountLinks = (
    <ul>
      <li>
        <Link to="/customer/account">My Account</Link>
      </li>
      {authenticated ? (
        <li>
          <button type="button" onClick={() => void auth.logout()}>
            Sign Out
          </button>
        </li>
      ) : (
        <>
          <li>
            <Link to="/customer/account/login">Sign In</Link>
          </li>
          <li>
            <Link to="/customer/account/create">Create Account</Link>
          </li>
        </>
      )}
    </ul>
  );

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <button type="button" className={styles.burger} aria-label="Menu" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
          <MenuIcon />
        </button>
        <Link to="/" className={styles.logo} aria-label={`${SHOP_NAME} home`}>
          <img src={logo} alt="" width="36" height="36" />
          <span className={styles.logoText}>{SHOP_NAME}</span>
        </Link>
        <nav aria-label="Main" className={styles.nav}>
          <Dropdown label="Shop">
            <ul>
              {categories.map((c) => (
                <li key={c.id}>
                  <Link to={categoryHref(c.url)}>{c.name}</Link>
                </li>
              ))}
            </ul>
          </Dropdown>
          <NavLink to="/advice">Resources</NavLink>
          <NavLink to="/contact">Contact Us</NavLink>
        </nav>
        <div className={styles.search}>
          <LiveSearch />
        </div>
        <div className={styles.tools}>
          <button type="button" className={styles.searchButton} aria-label="Search" onClick={() => setSearchOpen(true)}>
            <SearchIcon />
          </button>
          <div className={styles.account}>
            <Dropdown label="Account" align="right">
              {accountLinks}
            </Dropdown>
          </div>
          <button type="button" className={styles.basket} onClick={() => openBasket(true)}>
            <span className={styles.basketText}>My Basket</span>{' '}
            <span className={styles.basketIcon}>
              <BasketIcon />
            </span>
            <span className={styles.count} data-testid="basket-count">
              {count}
            </span>
            <span className={styles.sr}> {count === 1 ? 'item' : 'items'}</span>
          </button>
        </div>
      </div>

      <Dialog open={menuOpen} onClose={() => setMenuOpen(false)} title="Menu" placement="right">
        <nav aria-label="Mobile" className={styles.mobileNav}>
          <MenuSection title="Shop by Category" defaultOpen>
            <ul>
              {categories.map((c) => (
                <li key={c.id}>
                  <Link to={categoryHref(c.url)}>{c.name}</Link>
                </li>
              ))}
            </ul>
          </MenuSection>
          <MenuSection title="Resources & Contact Us">
            <ul>
              <li>
                <Link to="/advice">Resources</Link>
              </li>
              <li>
                <Link to="/contact">Contact Us</Link>
              </li>
            </ul>
          </MenuSection>
          <div className={styles.mobileAccount}>{accountLinks}</div>
        </nav>
      </Dialog>

      <Dialog open={searchOpen} onClose={() => setSearchOpen(false)} title="Search">
        <LiveSearch variant="overlay" onNavigate={() => setSearchOpen(false)} onDismiss={() => setSearchOpen(false)} />
      </Dialog>
    </header>
  );
}
