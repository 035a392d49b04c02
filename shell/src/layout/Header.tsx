import { useAtomValue, useSetAtom } from 'jotai';
import { Link, NavLink } from 'react-router-dom';
import { basketOpenAtom, cartCountAtom, isAuthenticatedAtom, SHOP_NAME } from '@shop/shared';
import styles from './Header.module.css';

export function Header() {
  const count = useAtomValue(cartCountAtom);
  const authenticated = useAtomValue(isAuthenticatedAtom);
  const openBasket = useSetAtom(basketOpenAtom);

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.logo} aria-label={`${SHOP_NAME} home`}>
          <img src="/media/logo.svg" alt="" width="40" height="40" />
          <span>{SHOP_NAME}</span>
        </Link>
        <nav aria-label="Main" className={styles.nav}>
          <NavLink to="/advice">Resources</NavLink>
          <NavLink to="/contact">Contact Us</NavLink>
        </nav>
        <nav aria-label="Account" className={styles.account}>
          <Link to="/customer/account">My Account</Link>
          {authenticated ? null : <Link to="/customer/account/login">Sign In</Link>}
        </nav>
        <button type="button" className={styles.basket} onClick={() => openBasket(true)}>
          My Basket <span className={styles.count} data-testid="basket-count">{count}</span>
        </button>
      </div>
    </header>
  );
}
