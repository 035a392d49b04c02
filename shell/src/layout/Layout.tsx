import { Outlet, useLocation } from 'react-router-dom';
import { AddedToBasketModal } from '../basket/AddedToBasketModal';
import { BasketMessage } from '../basket/BasketMessage';
import { BasketSlideOver } from '../basket/BasketSlideOver';
import { useStartup } from '../startup/useStartup';
import { CookieBanner } from './CookieBanner';
import { Footer } from './Footer';
import { Header } from './Header';
import { ScrollRestoration } from './ScrollRestoration';
import styles from './Layout.module.css';
import { TestPaymentsNotice } from './TestPaymentsNotice';

export function Layout() {
  useStartup();
  const { pathname } = useLocation();
  return (
    <div className={styles.page}>
      <ScrollRestoration />
      <link rel="canonical" href={`${window.location.origin}${pathname}`} />
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <TestPaymentsNotice />
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <CookieBanner />
      <BasketSlideOver />
      <AddedToBasketModal />
      <BasketMessage />
    </div>
  );
}
