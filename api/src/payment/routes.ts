import {
  cancelPaymentIntentAnswerSchema,
  cancelPaymentIntentRequestSchema,
  confirmOrderAnswerSchema,
  paymentCompleteRequestSchema,
  paymentConfigAnswerSchema,
  testAuthenticateAnswerSchema,
  testAuthenticateRequestSchema,
  testPaymentMethodAnswerSchema,
  testPaymentMethodRequestSchema,
  webhookAnswerSchema,
} from '@shop/shared/schemas';
import type { DomainPlugin } from '../domain';
import { withProviderOutage } from './outage';
import { dbKind } from '../db/client';
import { armPendingFaults } from '../faults';
import { badRequest, HttpError, notFound } from '../http-errors';
import { PaymentRequestError, WebhookSignatureError } from './provider';
import { TEST_CARDS } from './test-provider';
import { isLocalShopUrl } from '../auth/settings';

/**
 * How often abandoned payments (an extra step never finished) are cancelled and their stock freed:
 * a hold ends at most a minute after CHECKOUT_HOLD_MINUTES.
 */
const SWEEP_MS = 60_000;
/** How often payments without a recorded outcome are checked against the provider. */
const RECONCILE_MS = 60_000;

/**
 * Payments under /api/payment:
 * - GET  config                    which provider is active (+ Stripe's publishable key)
 * - POST complete                  after the extra step (3-D Secure): the outcome, like confirm-order
 * - POST cancel-payment-intent     the shopper gave up on the extra step: basket and stock back
 * - POST stripe/webhook            Stripe's events (raw body, signature checked, each event once)
 * - POST test/payment-methods      test provider: a card's payment method id (like Stripe.js)
 * - POST test/authenticate         test provider: the bank's 3-D Secure page (complete or fail)
 */
export const paymentRoutes: DomainPlugin = async (app, deps) => {
  const { payment, provider, testProvider, settings } = app.services.commerce;
  const noStore = { 'cache-control': 'no-store' };

  if (provider.name === 'test' && deps.config.nodeEnv === 'production') {
    // A warning wherever shoppers may reach the shop; on this machine (`npm start`, whose summary
    // says so) the expected mode.
    const level = isLocalShopUrl(deps.config.auth.shopUrl) ? 'info' : 'warn';
    app.log[level]('payments: STRIPE_SECRET_KEY is not set, so the offline TEST provider takes payments (no money is taken)');
  }
  if (provider.name === 'stripe' && !deps.config.stripeWebhookSecret) {
    app.log.warn('payments: STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks cannot be verified, so orders will not be marked paid');
  }

  // Reconciliation with the provider at start and every minute; clean-up of abandoned extra steps
  // and guest baskets every minute, while the app runs.
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    // On the embedded database this is the only process (its lock), so an attempt still
    // 'creating' from before this start belongs to a process that died: settle it now.
    const startedAt = new Date();
    const atStart = dbKind(deps.db) === 'pglite' ? { creatingBefore: startedAt } : {};
    payment
      .reconcile(atStart)
      .then(
        (result) => app.log.info(result, 'payment reconciliation at start done'),
        (error) => app.log.warn({ err: error }, 'payment reconciliation at start failed'),
      )
      .finally(armPendingFaults);
    timers.push(
      setInterval(() => {
        payment.reconcile().catch((error) => app.log.warn({ err: error }, 'payment reconciliation failed'));
      }, RECONCILE_MS),
      setInterval(() => {
        payment.sweep(settings.holdMinutes * 60_000).catch((error) => app.log.warn({ err: error }, 'payment sweep failed'));
      }, SWEEP_MS),
    );
    for (const timer of timers) timer.unref();
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
  });

  app.get('/payment/config', { schema: { response: { 200: paymentConfigAnswerSchema } } }, async (_request, reply) => {
    reply.headers(noStore);
    return {
      provider: provider.name,
      publishableKey: provider.publishableKey,
      currency: 'gbp' as const,
      country: 'GB' as const,
      ...(provider.name === 'test' ? { testCards: TEST_CARDS.map((c) => ({ number: c.number, description: c.description })) } : {}),
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

  // Stripe's webhook: the signature is over the exact bytes, so this route keeps the raw body.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    raw.post('/payment/stripe/webhook', { schema: { response: { 200: webhookAnswerSchema } } }, async (request) => {
      if (!provider.verifyWebhook) throw notFound('Stripe is not the payment provider of this shop');
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw badRequest('The webhook body must be the JSON Stripe sent', 'body');
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = provider.verifyWebhook(body, Array.isArray(signature) ? signature[0] : signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          request.log.warn({ reason: error.message }, 'stripe webhook refused');
          throw new HttpError(400, `Webhook signature verification failed: ${error.message}`, 'stripe-signature');
        }
        throw error;
      }
      const result = await payment.handleEvent('stripe', event);
      return { received: true as const, duplicate: result.duplicate, outcome: result.outcome };
    });
  });

  // The test provider's stand-ins for Stripe.js and the bank's 3-D Secure page.
  app.post(
    '/payment/test/payment-methods',
    { schema: { body: testPaymentMethodRequestSchema, response: { 200: testPaymentMethodAnswerSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      if (!testProvider) throw notFound('The test payment provider is not active (Stripe is): use Stripe.js');
      const { card, wallet } = request.body;
      const pm = await testProvider.createPaymentMethod(card, wallet ?? null);
      return {
        id: pm.id,
        object: 'payment_method' as const,
        type: 'card' as const,
        card: { brand: pm.brand, last4: pm.last4, exp_month: pm.expMonth, exp_year: pm.expYear, wallet: pm.wallet ? { type: pm.wallet } : null },
      };
    },
  );

  app.post(
    '/payment/test/authenticate',
    { schema: { body: testAuthenticateRequestSchema, response: { 200: testAuthenticateAnswerSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      if (!testProvider) throw notFound('The test payment provider is not active (Stripe is)');
      const { paymentIntentId, outcome } = request.body;
      try {
        const intent = await testProvider.authenticate(paymentIntentId, outcome);
        return {
          paymentIntentId: intent.id,
          status: intent.status,
          returnUrl: `/payment-complete?payment_intent=${encodeURIComponent(intent.id)}&redirect_status=${intent.status === 'succeeded' ? 'succeeded' : 'failed'}`,
        };
      } catch (error) {
        if (error instanceof PaymentRequestError) {
          throw error.code === 'resource_missing' ? notFound('Payment not found.') : new HttpError(409, error.message);
        }
        throw error;
      }
    },
  );
};
