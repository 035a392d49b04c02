import {
  cancelPaymentIntentAnswerSchema,
  cancelPaymentIntentRequestSchema,
  confirmOrderAnswerSchema,
  paymentCompleteRequestSchema,
  paymentConfigAnswerSchema,
} from '@shop/shared/schemas';
import type { DomainPlugin } from '../domain';
import { withProviderOutage } from './outage';

/**
 * Payments under /api/payment:
 * - GET  config                    which provider is active (+ its publishable key, test cards)
 * - POST complete                  after the extra step (3-D Secure): the outcome, like confirm-order
 * - POST cancel-payment-intent     the shopper gave up on the extra step: basket and stock back
 * - every provider's own routes (payment/providers/<name>/): Stripe's webhook, the test
 *   provider's stand-ins for Stripe.js and the bank's page
 * Reconciliation and the sweep run as background jobs (src/jobs/), not here.
 */
export const paymentRoutes: DomainPlugin = async (app, deps) => {
  const { payment, paymentProviders } = app.services;
  const provider = paymentProviders.active;
  const noStore = { 'cache-control': 'no-store' };

  for (const warning of paymentProviders.warnings) app.log.warn(warning);

  app.get('/payment/config', { schema: { response: { 200: paymentConfigAnswerSchema } } }, async (_request, reply) => {
    reply.headers(noStore);
    return {
      provider: provider.name,
      publishableKey: provider.publishableKey,
      currency: 'gbp' as const,
      country: 'GB' as const,
      ...paymentProviders.browserConfig,
    };
  });

  app.post(
    '/payment/complete',
    { schema: { body: paymentCompleteRequestSchema, response: { 200: confirmOrderAnswerSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return withProviderOutage(reply, () => payment.completePayment(request.body.paymentIntentId));
    },
  );

  app.post(
    '/payment/cancel-payment-intent',
    { schema: { body: cancelPaymentIntentRequestSchema, response: { 200: cancelPaymentIntentAnswerSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return withProviderOutage(reply, () => payment.cancelPaymentIntent(request.body.paymentIntentId));
    },
  );

  // Each provider's own routes, in a scope of their own (Stripe's webhook reads the raw body).
  for (const routes of paymentProviders.routes) await app.register(routes, deps);
};
