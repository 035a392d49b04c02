import { webhookAnswerSchema } from '@shop/shared/schemas';
import type { DomainPlugin } from '../../../domain';
import { badRequest, HttpError, notFound } from '../../../http-errors';
import { WebhookSignatureError, type PaymentProvider } from '../../provider';

/**
 * POST /api/payment/stripe/webhook: Stripe's events (raw body, signature checked, each event
 * once). The signature is over the exact bytes, so this route keeps the raw body.
 */
export const stripeWebhookRoutes =
  (active: PaymentProvider | null): DomainPlugin =>
  async (app) => {
    const { payment } = app.services;
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.post('/payment/stripe/webhook', { schema: { response: { 200: webhookAnswerSchema } } }, async (request) => {
      if (!active?.verifyWebhook) throw notFound('Stripe is not the payment provider of this shop');
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw badRequest('The webhook body must be the JSON Stripe sent', 'body');
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = active.verifyWebhook(body, Array.isArray(signature) ? signature[0] : signature);
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
  };
