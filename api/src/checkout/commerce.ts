import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { createCartService, type CartService } from '../cart/service';
import { createCartStore, type CartStore } from '../cart/store';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { HttpError } from '../http-errors';
import type { MailLinks } from '../customer/links';
import type { Outbox } from '../mail/outbox';
import { createOrdersStore } from '../orders/store';
import type { PaymentProvider } from '../payment/provider';
import type { PaymentSettings } from '../payment/settings';
import { createStripeProvider } from '../payment/stripe-provider';
import { createPaymentStore } from '../payment/store';
import { createTestProvider, type TestProvider } from '../payment/test-provider';
import { createCheckoutService, type CheckoutService } from './service';
import { createCheckoutStore } from './store';

/**
 * The basket, checkout and payment services of one app, built once and shared by the cart,
 * checkout and payment route plugins (they register separately but work on the same baskets with
 * the same payment provider). Provider: Stripe when STRIPE_SECRET_KEY is set, else the offline
 * test provider.
 */
export interface Commerce {
  cartStore: CartStore;
  cart: CartService;
  checkout: CheckoutService;
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
}

/** Built once by the composition root (services.ts). */
export function createCommerce({ db, config, log, outbox, mailLinks, appSecret }: CommerceDeps): Commerce {
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
  let checkout: CheckoutService | undefined;
  const cart = createCartService(cartStore, {
    checkoutHold: { releaseForChanges: (c) => checkout!.releaseForChanges(c) },
  });
  checkout = createCheckoutService({
    db,
    cartStore,
    cart,
    checkoutStore: createCheckoutStore(db),
    payments: createPaymentStore(db),
    orders: createOrdersStore(db),
    provider,
    shopUrl: config.auth.shopUrl,
    log,
    kickMail: () => outbox.kick(),
    mailLinks: {
      prime: async () => {
        await appSecret();
      },
      orderUrl: mailLinks.accountOrderUrl,
      notificationsUrl: mailLinks.notificationsUrl,
    },
  });
  provider.onEvent?.((name, event) => checkout!.handleEvent(name, event));

  return { cartStore, cart, checkout, provider, testProvider, settings, log };
}

/**
 * Runs a handler, answering 503 with its message when the payment provider cannot be reached (the
 * app's error handler turns 5xx into a bare 500; a 503 here is expected and worth explaining).
 */
export async function withProviderOutage<T>(reply: FastifyReply, handler: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 503) {
      reply.header('retry-after', '5');
      return reply.code(503).send({ error: 'Service Unavailable', message: error.message });
    }
    throw error;
  }
}
