import type { DomainPlugin } from './domain';
import { healthRoutes } from './health/routes';
import { catalogRoutes } from './catalog/routes';
import { contentRoutes } from './content/routes';
import { reviewsRoutes } from './reviews/routes';
import { seedOnStart } from './seed/plugin';
import { sitemapRoutes } from './sitemap/routes';
import { mailRoutes } from './mail/routes';
import { customerRoutes } from './customer/routes';
import { ordersRoutes } from './orders/routes';
import { cartRoutes } from './cart/routes';
import { checkoutRoutes } from './checkout/routes';
import { paymentRoutes } from './payment/routes';
import { identifyShopper } from './customer/shopper';

/**
 * Every domain of the API, mounted under /api. A domain lives in `src/<domain>/` (routes.ts,
 * service.ts, store.ts, schema.ts, tests beside) and is added here with one line.
 */
export const apiRoutes: DomainPlugin = async (api, { db, config }) => {
  const deps = { db, config };
  // Who is asking (guest basket or customer), worked out once per request: `request.shopper`.
  api.decorateRequest('shopper', null as never);
  api.addHook('preHandler', identifyShopper(db));
  await api.register(healthRoutes, deps);
  await api.register(catalogRoutes, deps);
  await api.register(contentRoutes, deps);
  await api.register(sitemapRoutes, deps);
  await api.register(reviewsRoutes, deps);
  await api.register(seedOnStart, deps);
  await api.register(mailRoutes, deps);
  await api.register(customerRoutes, deps);
  await api.register(ordersRoutes, deps);
  await api.register(cartRoutes, deps);
  await api.register(checkoutRoutes, deps);
  await api.register(paymentRoutes, deps);
};
