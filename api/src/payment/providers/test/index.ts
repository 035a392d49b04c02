import type { PaymentProviderModule } from '../../provider';
import { createTestProvider, TEST_CARDS, type TestProvider } from './provider';
import { testProviderRoutes } from './routes';

/**
 * The offline test provider (Stripe-like, its state in the database): takes payments when no other
 * provider is enabled. In production it takes no money, so the API warns (and config.ts refuses a
 * public https SHOP_URL without TEST_PAYMENTS=true).
 */
export const testModule: PaymentProviderModule<TestProvider> = {
  name: 'test',
  enabled: () => true,
  create: ({ db, log }) =>
    createTestProvider(db, {
      onEventError: (err, event) => log.error({ err, eventId: event.id, type: event.type }, 'test provider event not applied: reconciliation will settle it'),
    }),
  routes: testProviderRoutes,
  browserConfig: () => ({ testCards: TEST_CARDS.map((c) => ({ number: c.number, description: c.description })) }),
  warnings: (config) =>
    config.nodeEnv === 'production' ? ['payments: no other provider is configured (STRIPE_SECRET_KEY is not set), so the offline TEST provider takes payments (no money is taken)'] : [],
};
