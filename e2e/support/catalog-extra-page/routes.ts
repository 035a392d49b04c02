import type { RouteList } from '@shop/shared/routes';
import { routes as catalog } from '../../../catalog-mfe/src/routes';

/** The catalogue's route list with the new page. */
export const routes = {
  ...catalog,
  routes: [...catalog.routes, { path: '/trade-counter', module: 'catalog/TradeCounterPage', meta: { kind: 'page', title: 'Trade Counter' } }],
} satisfies RouteList;
