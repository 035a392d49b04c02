import '@shop/shared/tokens.css';
import './layout/reset.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { BrowserRouter } from 'react-router-dom';
import { getShopStore } from '@shop/shared';
import { App } from './App';
import { readShopConfig, registerShopRemotes } from './federation/remotes';
import { initErrorReporting } from './observability';
import { readRouteLists } from './routeTable';
import { RouteTableProvider } from './routes';

async function start() {
  const config = await readShopConfig();
  registerShopRemotes(config);
  initErrorReporting(config);
  const routeLists = await readRouteLists(config);
  // The page server's head elements describe the first page only; from here the pages render their own.
  for (const el of document.head.querySelectorAll('[data-shop-head]')) el.remove();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from the page');
  createRoot(root).render(
    <StrictMode>
      <Provider store={getShopStore()}>
        <RouteTableProvider lists={routeLists}>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </RouteTableProvider>
      </Provider>
    </StrictMode>,
  );
}

void start();
