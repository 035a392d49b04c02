import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from './domain';
import { appSecretSource } from './auth/secret';
import { createBackoffice, type Backoffice } from './backoffice';
import { createProductLookup } from './catalog/lookup';
import { createProductDocuments, type ProductDocuments } from './catalog/documents';
import { createCatalogService, type CatalogService } from './catalog/service';
import { createCatalogStore } from './catalog/store';
import { createCommerce, type Commerce } from './checkout/commerce';
import type { Config } from './config';
import { createContentService, type ContentService } from './content/service';
import { createContentStore } from './content/store';
import { createMailLinks, type MailLinks } from './customer/links';
import { createCustomerService, type CustomerService } from './customer/service';
import { createCustomerStore, type CustomerStore } from './customer/store';
import type { Db } from './db/client';
import { createHealthStore, type HealthStore } from './health/store';
import { createOutbox, type Outbox } from './mail/outbox';
import { createOrdersService, type OrdersService } from './orders/service';
import { createOrdersStore, type OrdersStore } from './orders/store';
import { createCustomerReviews, type CustomerReviews } from './reviews/customer-reviews';
import { createReviewsService, type ReviewsService } from './reviews/service';
import { createReviewsStore } from './reviews/store';

/**
 * Everything the routes use, built once per app from the config read at start-up: the stores,
 * the services, the payment provider and the mail outbox. Routes read them from
 * `app.services` (Fastify decorator); nothing else keeps a copy.
 */
export interface Services {
  db: Db;
  config: Config;
  /** The server secret for signed links and captcha codes (read once). */
  appSecret: () => Promise<Buffer>;
  mailLinks: MailLinks;
  outbox: Outbox;
  health: HealthStore;
  catalog: CatalogService;
  /** The catalogue's read model: stored product page answers and listing items. */
  productDocuments: ProductDocuments;
  content: ContentService;
  reviews: ReviewsService;
  customerStore: CustomerStore;
  customer: CustomerService;
  customerReviews: CustomerReviews;
  ordersStore: OrdersStore;
  orders: OrdersService;
  /** Baskets, checkout, payments and the payment provider. */
  commerce: Commerce;
  /** Staff, sessions, the activity log and the back office's orders. */
  backoffice: Backoffice;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** The composition root: the one place where the API's parts are built and wired together. */
export function buildServices({ db, config, log }: AppDeps & { log: FastifyBaseLogger }): Services {
  const appSecret = appSecretSource(db, config.auth.appSecret);
  const mailLinks = createMailLinks(config.auth.shopUrl, appSecret);
  const outbox = createOutbox({ db, config, log, from: config.auth.mailFrom });
  const catalog = createCatalogService(createCatalogStore(db, { countTtlMs: config.catalogCacheTtlMs }));
  const customerStore = createCustomerStore(db);
  const ordersStore = createOrdersStore(db);
  const products = createProductLookup(db);
  const reviewsStore = createReviewsStore(db);
  const customer = createCustomerService({ store: customerStore, settings: config.auth, secret: appSecret, outbox, log });
  return {
    db,
    config,
    appSecret,
    mailLinks,
    outbox,
    health: createHealthStore(db),
    catalog,
    productDocuments: createProductDocuments(db, catalog),
    content: createContentService(
      createContentStore(db),
      { listItems: catalog.listItems, shownSkus: products.shownSkus, cmsPagePaths: products.cmsPagePaths },
      outbox,
    ),
    reviews: createReviewsService(reviewsStore, products),
    customerStore,
    customer,
    customerReviews: createCustomerReviews({ store: reviewsStore, products, orders: ordersStore }),
    ordersStore,
    orders: createOrdersService(ordersStore),
    commerce: createCommerce({ db, config, log, outbox, mailLinks, appSecret, ordersStore }),
    backoffice: createBackoffice({ db, config, outbox, ordersStore, accountOrderUrl: mailLinks.accountOrderUrl, customerStore, customerService: customer }),
  };
}

/**
 * Registers `app.services` on the root instance (fastify-plugin lifts the decorator out of the
 * plugin's own scope, so every domain plugin registered after it sees it).
 */
export const servicesPlugin = fp<AppDeps>(
  async (app, deps) => {
    app.decorate('services', buildServices({ ...deps, log: app.log }));
  },
  { name: 'services' },
);
