import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from './domain';
import { appSecretSource } from './auth/secret';
import { createLimiter, type Limiter } from './auth/rate-limit';
import { createBaskets, type Baskets } from './cart/baskets';
import { createCartService, type CartService } from './cart/service';
import { createCartStore, type CartStore } from './cart/store';
import { createBasketProducts } from './catalog/basket-products';
import { createCatalogChanges, type CatalogChanges } from './catalog/changes';
import { createBackoffice, type Backoffice } from './backoffice';
import { createProductLookup } from './catalog/lookup';
import { createProductDocuments, type ProductDocuments } from './catalog/documents';
import { createSearchIndex, type SearchIndex } from './catalog/search-index';
import { createCatalogService, type CatalogService } from './catalog/service';
import { createStock } from './catalog/stock';
import { createCatalogStore } from './catalog/store';
import { createCatalogSitemap, type SitemapEntry } from './catalog/sitemap';
import { createContentSitemap } from './content/sitemap';
import { createPlaceOrder } from './checkout/place-order';
import { createCheckoutService, type CheckoutService } from './checkout/service';
import type { Config } from './config';
import { createContentService, type ContentService } from './content/service';
import { createContentStore } from './content/store';
import { createMailLinks, type MailLinks } from './customer/links';
import { createCustomerService, type CustomerService } from './customer/service';
import { createCustomerStore, type CustomerStore } from './customer/store';
import type { Db } from './db/client';
import type { Readiness } from './health/service';
import { createHealthStore, type HealthStore } from './health/store';
import { createOutbox, type Outbox } from './mail/outbox';
import { createOrderPlacement } from './orders/placement';
import { createOrdersService, type OrdersService } from './orders/service';
import { createOrdersStore, type OrdersStore } from './orders/store';
import { createAttempts } from './payment/attempts';
import { createPaymentProviders, type PaymentProviders } from './payment/providers';
import type { PaymentProvider } from './payment/provider';
import { createRefundStore } from './payment/refund-store';
import { createRefunds, type Refunds } from './payment/refunds';
import { createPaymentService, type PaymentService } from './payment/service';
import { createSettlement } from './payment/settlement';
import { createPaymentStore } from './payment/store';
import { createCustomerReviews, type CustomerReviews } from './reviews/customer-reviews';
import { createReviewsService, type ReviewsService } from './reviews/service';
import { createReviewsStore } from './reviews/store';

/**
 * Everything the routes use, built once per app from the config read at start-up: the stores,
 * the services, the payment provider, the mail outbox and the rate limiter. Routes read them from
 * `app.services` (Fastify decorator); nothing else keeps a copy. The background jobs (src/jobs/)
 * are built from them too, by whoever runs the server (server.ts).
 */
export interface Services {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** The server secret for signed links and captcha codes (read once). */
  appSecret: () => Promise<Buffer>;
  mailLinks: MailLinks;
  outbox: Outbox;
  /** Per-client limits, one store for the whole app (one Redis client with REDIS_URL). */
  limiter: Limiter;
  health: HealthStore;
  /** Whether a graceful stop has begun, and Redis's probe: readiness beyond the database. */
  readiness: Readiness;
  catalog: CatalogService;
  /** The storefront's pages for /sitemap.xml: the catalogue's, then the content's. */
  sitemap: () => Promise<SitemapEntry[]>;
  /** Catalogue changes told to every API process (LISTEN/NOTIFY): each drops what it cached. */
  catalogChanges: CatalogChanges;
  /** The catalogue's read model: stored product page answers and listing items. */
  /** This process's in-memory search index (the search route's ids; catalog_search while it loads). */
  searchIndex: SearchIndex;
  productDocuments: ProductDocuments;
  content: ContentService;
  reviews: ReviewsService;
  customerStore: CustomerStore;
  customer: CustomerService;
  customerReviews: CustomerReviews;
  ordersStore: OrdersStore;
  orders: OrdersService;
  cartStore: CartStore;
  cart: CartService;
  /** The cart's service for checkout and payment (hold, close, reopen, purge baskets). */
  baskets: Baskets;
  checkout: CheckoutService;
  /** Payment events, completing and cancelling payment intents, reconciliation and the sweep. */
  payment: PaymentService;
  /** The provider that takes payments, and every provider's routes (payment/providers/). */
  paymentProviders: PaymentProviders;
  /** Refunds of paid orders (the back office's entry point). */
  refunds: Refunds;
  /** Staff, sessions, the activity log and the back office's orders, customers and messages. */
  backoffice: Backoffice;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** The composition root: the one place where the API's parts are built and wired together. */
export async function buildServices({ db, config, log, limiter }: AppDeps & { log: FastifyBaseLogger; limiter: Limiter }): Promise<Services> {
  const appSecret = appSecretSource(db, config.auth.appSecret);
  const mailLinks = createMailLinks(config.auth.shopUrl, appSecret);
  const outbox = createOutbox({ db, config, log, from: config.auth.mailFrom });
  const catalogStore = createCatalogStore(db, { countTtlMs: config.catalogCacheTtlMs });
  const catalog = createCatalogService(catalogStore);
  const catalogChanges = createCatalogChanges(db, { onError: (err) => log.warn({ err }, 'catalogue changes: listening connection lost; opening it again') });
  catalogChanges.subscribe(() => catalogStore.forgetCounts());
  // Search from memory (catalog/search-index.ts): loaded in the background, catalog_search meanwhile.
  const searchIndex = createSearchIndex(db, {
    heard: catalogChanges.heard,
    onError: (err) => log.warn({ err }, 'search index: could not read the search documents; searching in SQL meanwhile'),
  });
  searchIndex.start();
  const customerStore = createCustomerStore(db);
  const ordersStore = createOrdersStore(db);
  const products = createProductLookup(db);
  const reviewsStore = createReviewsStore(db);
  const customer = createCustomerService({ store: customerStore, settings: config.auth, secret: appSecret, outbox, log });

  // Baskets, checkout and payment: the cart, checkout and payment routes work on the same baskets
  // with the same payment provider.
  const paymentProviders = createPaymentProviders({ db, config, log });
  const provider: PaymentProvider = paymentProviders.active;
  const cartStore = createCartStore(db);
  const baskets = createBaskets(cartStore);
  const payments = createPaymentStore(db);
  const placement = createOrderPlacement(ordersStore);
  const stock = createStock();
  const kickMail = () => outbox.kick();
  const orderMailLinks = {
    prime: async () => {
      await appSecret();
    },
    orderUrl: mailLinks.accountOrderUrl,
    notificationsUrl: mailLinks.notificationsUrl,
  };
  const settlement = createSettlement({ db, payments, baskets, orders: placement, stock, mailLinks: orderMailLinks, log });
  const attempts = createAttempts({ db, payments, orders: placement, settlement, provider, shopUrl: config.auth.shopUrl, log, mailLinks: orderMailLinks, kickMail });
  const payment = createPaymentService({ db, payments, baskets, orders: placement, provider, settlement, attempts, log, mailLinks: orderMailLinks, kickMail });
  // The cart gives a held basket back through payment before changing it: a callback passed in,
  // since payment depends on cart and never the other way.
  const cart = createCartService(cartStore, {
    products: createBasketProducts(db),
    checkoutHold: { releaseForChanges: (c) => payment.releaseForChanges(c) },
  });
  const placeOrder = createPlaceOrder({ db, baskets, cart, stock, orders: placement, payments, attempts, provider });
  const checkout = createCheckoutService({ baskets, cart, placeOrder });
  provider.onEvent?.((name, event) => payment.handleEvent(name, event));

  const refunds = createRefunds({ db, store: createRefundStore(db), provider, log });
  return {
    db,
    config,
    log,
    appSecret,
    mailLinks,
    outbox,
    limiter,
    health: createHealthStore(db),
    readiness: { stopping: false, ...(config.redisUrl ? { redis: limiter.ping } : {}) },
    catalog,
    catalogChanges,
    sitemap: (() => {
      const parts = [createContentSitemap(db, products.cmsPagePaths), createCatalogSitemap(db)];
      return async () => (await Promise.all(parts.map((part) => part()))).flat();
    })(),
    searchIndex,
    productDocuments: createProductDocuments(db, catalog, searchIndex),
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
    cartStore,
    cart,
    baskets,
    checkout,
    payment,
    paymentProviders,
    refunds,
    backoffice: createBackoffice({ db, config, outbox, ordersStore, accountOrderUrl: mailLinks.accountOrderUrl, customerStore, customerService: customer, refunds, catalogChanges }),
  };
}

/**
 * Registers `app.services` on the root instance (fastify-plugin lifts the decorator out of the
 * plugin's own scope, so every domain plugin registered after it sees it), with the rate limiter
 * (@fastify/rate-limit registered once, at the root, over one store) built first.
 */
export const servicesPlugin = fp<AppDeps>(
  async (app, deps) => {
    const limiter = await createLimiter(app, deps);
    const services = await buildServices({ ...deps, log: app.log, limiter });
    app.decorate('services', services);
    app.addHook('onClose', async () => {
      await services.searchIndex.close();
      await services.catalogChanges.close();
    });
  },
  { name: 'services' },
);
