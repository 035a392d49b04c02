import '@shop/shared/tokens.css';
import './layout/reset.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { BrowserRouter } from '@shop/shared/router';
import { CATEGORIES_DATA_KEY, getShopStore, primeCategories, readInlinePageData, type Category } from '@shop/shared';
import { InitialPageData } from './InitialPageData';
import { App } from './App';
import { readShopConfig, registerShopRemotes } from './federation/remotes';
import { preloadRemotePages } from './federation/RemotePage';
import { releaseEarlyClicks } from './startup/earlyClicks';
import { initErrorReporting } from './observability';
import { readRouteLists } from './routeTable';
import { RouteTableProvider } from './routes';
import { CLIENT_ONLY_DIGEST } from './federation/serverModules';

/**
 * Errors React recovered from while hydrating are reported as React does by default (the page's
 * error event, which Sentry sees), except a region the server left to the browser on purpose.
 */
function onRecoverableError(error: unknown): void {
  if ((error as { digest?: unknown } | null)?.digest === CLIENT_ONLY_DIGEST) return;
  if (typeof window.reportError === 'function') window.reportError(error);
  else console.error(error);
}

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from the page');
  const config = await readShopConfig();
  registerShopRemotes(config);
  initErrorReporting(config);
  const routeLists = await readRouteLists(config);
  // The page server's head elements describe the first page only; from here the pages render their own.
  for (const el of document.head.querySelectorAll('[data-shop-head]')) el.remove();
  // What the page server loaded for this page: used as it hydrates, never fetched a second time.
  const pageData = readInlinePageData();
  const categories = pageData[CATEGORIES_DATA_KEY] as Category[] | undefined;
  if (categories) primeCategories(categories);
  const app = (
    <StrictMode>
      <Provider store={getShopStore()}>
        <RouteTableProvider lists={routeLists}>
          <BrowserRouter>
            <InitialPageData data={pageData}>
              <App />
            </InitialPageData>
          </BrowserRouter>
        </RouteTableProvider>
      </Provider>
    </StrictMode>
  );
  // The page server rendered the page: hydrate it. (Without its server build, it sends an empty root.)
  if (root.hasChildNodes()) {
    await preloadRemotePages();
    // Hydrated as a transition, React works in slices of a few milliseconds and the page stays
    // responsive (Lighthouse's TBT: one 300 ms task became many short ones). A tap or key press on
    // the page makes React finish hydrating at once and then handle it, so nothing typed is lost.
    startTransition(() => {
      hydrateRoot(root, app, { onRecoverableError });
    });
  } else createRoot(root).render(app);
}

// Taps held since main.js ran (holdEarlyClicks in index.ts) are replayed now that React listens.
void start().finally(releaseEarlyClicks);
