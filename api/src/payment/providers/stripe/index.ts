import type { PaymentProvider, PaymentProviderModule } from '../../provider';
import { createStripeProvider } from './provider';
import { stripeWebhookRoutes } from './webhook';

/** Stripe (official SDK, PaymentIntents): takes payments when STRIPE_SECRET_KEY is set. */
export const stripeModule: PaymentProviderModule<PaymentProvider> = {
  name: 'stripe',
  enabled: (config) => Boolean(config.paymentProviders.stripe.secretKey),
  create: ({ config }) => {
    const settings = config.paymentProviders.stripe;
    return createStripeProvider({
      secretKey: settings.secretKey!,
      webhookSecret: settings.webhookSecret,
      publishableKey: settings.publishableKey,
      host: settings.apiHost,
      port: settings.apiPort,
      protocol: settings.apiProtocol,
    });
  },
  routes: stripeWebhookRoutes,
  warnings: (config) =>
    config.paymentProviders.stripe.webhookSecret
      ? []
      : ['payments: STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks cannot be verified, so orders will not be marked paid'],
};
