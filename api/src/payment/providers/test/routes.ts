import {
  testAuthenticateAnswerSchema,
  testAuthenticateRequestSchema,
  testPaymentMethodAnswerSchema,
  testPaymentMethodRequestSchema,
} from '@shop/shared/schemas';
import type { DomainPlugin } from '../../../domain';
import { HttpError, notFound } from '../../../http-errors';
import { PaymentRequestError } from '../../provider';
import type { TestProvider } from './provider';

/**
 * The test provider's stand-ins for Stripe.js and the bank's 3-D Secure page, under /api/payment/test/:
 * - POST test/payment-methods   a card's payment method id (like stripe.createPaymentMethod)
 * - POST test/authenticate      the bank's 3-D Secure page (complete or fail)
 * Its "webhook" is in-process: the provider calls the payment service's handleEvent itself.
 */
export const testProviderRoutes =
  (active: TestProvider | null): DomainPlugin =>
  async (app) => {
    const noStore = { 'cache-control': 'no-store' };

    app.post(
      '/payment/test/payment-methods',
      { schema: { body: testPaymentMethodRequestSchema, response: { 200: testPaymentMethodAnswerSchema } } },
      async (request, reply) => {
        reply.headers(noStore);
        if (!active) throw notFound('The test payment provider is not active (Stripe is): use Stripe.js');
        const { card, wallet } = request.body;
        const pm = await active.createPaymentMethod(card, wallet ?? null);
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
        if (!active) throw notFound('The test payment provider is not active (Stripe is)');
        const { paymentIntentId, outcome } = request.body;
        try {
          const intent = await active.authenticate(paymentIntentId, outcome);
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
