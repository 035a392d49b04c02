import { Outlet, useLocation } from '@shop/shared/router';
import { useHydrated } from '@shop/shared';
import { BasketMessage } from '../basket/BasketMessage';
import { BasketOverlays } from '../basket/BasketOverlays';
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
  // The page server writes the first page's canonical link; the browser's own follows hydration.
  const hydrated = useHydrated();
  return (
    <div className={styles.page}>
      <ScrollRestoration />
      {hydrated ? <link rel="canonical" href={`${window.location.origin}${pathname}`} /> : null}
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
      <BasketOverlays />
      <BasketMessage />
    </div>
  );
}
