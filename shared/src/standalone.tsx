import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { BrowserRouter, Link, Route, Routes } from '@shop/shared/router';
import { getShopStore } from './atoms/store';

export interface StandaloneRoute {
  path: string;
  element: ReactNode;
}

/**
 * @shop/shared/standalone, its own federated singleton: only a remote's standalone page loads it,
 * not the shop's pages.
 *
 * The minimal host a remote's team uses to run its pages alone (`npm run dev -w catalog-mfe`):
 * the same store, router and tokens as in the shell, without the other remotes.
 */
export function renderStandalone(remote: string, routes: StandaloneRoute[]): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from the page');
  createRoot(root).render(
    <StrictMode>
      <Provider store={getShopStore()}>
        {/* The page is served at /standalone/ beside the remote's build (shared/build/webpack.cjs). */}
        <BrowserRouter basename="/standalone">
          <div style={{ padding: '0.5rem 1rem', background: 'var(--color-bg-alt)', fontSize: '0.875rem' }}>
            <strong>{remote}</strong> remote running standalone · <Link to="/">start</Link>
          </div>
          <main style={{ maxWidth: 'var(--max-width)', margin: '0 auto', padding: '0 1rem' }}>
            <Routes>
              {routes.map((r) => (
                <Route key={r.path} path={r.path} element={r.element} />
              ))}
            </Routes>
          </main>
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
}
