import type { FastifyBaseLogger } from 'fastify';
import { createCartService, type CartService } from '../cart/service';
import { createBasketProducts } from '../catalog/basket-products';
import { createCartStore, type CartStore } from '../cart/store';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { MailLinks } from '../customer/links';
import type { Outbox } from '../mail/outbox';
import { createBaskets } from '../cart/baskets';
import { createStock } from '../catalog/stock';
import { createOrderPlacement } from '../orders/placement';
import type { OrdersStore } from '../orders/store';
import { createAttempts } from '../payment/attempts';
import { createPaymentService, type PaymentService } from '../payment/service';
import { createSettlement } from '../payment/settlement';
import type { PaymentProvider } from '../payment/provider';
import type { PaymentSettings } from '../payment/settings';
import { createStripeProvider } from '../payment/stripe-provider';
import { createPaymentStore } from '../payment/store';
import { createTestProvider, type TestProvider } from '../payment/test-provider';
import { createCheckoutService, type CheckoutService } from './service';
import { createPlaceOrder } from './place-order';

/**
 * The basket, checkout and payment services of one app, built once (by the composition root,
 * services.ts) and shared by the cart, checkout and payment route plugins (they register
 * separately but work on the same baskets with the same payment provider). Provider: Stripe when STRIPE_SECRET_KEY is set, else the offline
 * test provider.
 */
export interface Commerce {
  cartStore: CartStore;
  cart: CartService;
  checkout: CheckoutService;
  /** Payment events, completing and cancelling payments, reconciliation and the sweep. */
  payment: PaymentService;
  provider: PaymentProvider;
  /** Set when the test provider is active. */
  testProvider: TestProvider | null;
  settings: PaymentSettings;
  log: FastifyBaseLogger;
}

export interface CommerceDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  outbox: Outbox;
  mailLinks: MailLinks;
  appSecret: () => Promise<Buffer>;
  ordersStore: OrdersStore;
}

/** Built once by the composition root (services.ts). */
export function createCommerce({ db, config, log, outbox, mailLinks, appSecret, ordersStore }: CommerceDeps): Commerce {
  const settings = config.payment;
  const testProvider = config.stripeSecretKey
    ? null
    : createTestProvider(db, {
        onEventError: (err, event) => log.error({ err, eventId: event.id, type: event.type }, 'test provider event not applied: reconciliation will settle it'),
      });
  const provider: PaymentProvider = config.stripeSecretKey
    ? createStripeProvider({
        secretKey: config.stripeSecretKey,
        webhookSecret: config.stripeWebhookSecret,
        publishableKey: settings.publishableKey,
        host: settings.apiHost,
        port: settings.apiPort,
        protocol: settings.apiProtocol,
      })
    : testProvider!;

  const cartStore = createCartStore(db);
  const baskets = createBaskets(cartStore);
  const payments = createPaymentStore(db);
  const orders = createOrderPlacement(ordersStore);
  const stock = createStock();
  const kickMail = () => outbox.kick();
  const orderMailLinks = {
    prime: async () => {
      await appSecret();
    },
    orderUrl: mailLinks.accountOrderUrl,
    notificationsUrl: mailLinks.notificationsUrl,
  };
  const settlement = createSettlement({ db, payments, baskets, orders, stock, mailLinks: orderMailLinks, log });
  const attempts = createAttempts({ db, payments, orders, settlement, provider, shopUrl: config.auth.shopUrl, log, mailLinks: orderMailLinks, kickMail });
  const payment = createPaymentService({ db, payments, baskets, orders, provider, settlement, attempts, log, mailLinks: orderMailLinks, kickMail });
  // The cart gives a held basket back through payment before changing it: a callback passed in,
  // since payment depends on cart and never the other way.
  const cart = createCartService(cartStore, {
    products: createBasketProducts(db),
    checkoutHold: { releaseForChanges: (c) => payment.releaseForChanges(c) },
  });
  const placeOrder = createPlaceOrder({ db, baskets, cart, stock, orders, payments, attempts, provider });
  const checkout = createCheckoutService({ baskets, cart, placeOrder });
  provider.onEvent?.((name, event) => payment.handleEvent(name, event));

  return { cartStore, cart, checkout, payment, provider, testProvider, settings, log };
}
