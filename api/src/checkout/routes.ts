import {
  checkoutStepAnswerSchema,
  confirmOrderAnswerSchema,
  confirmOrderRequestSchema,
  savePaymentInfoRequestSchema,
  saveShippingInfoRequestSchema,
} from '@shop/shared/schemas';
import type { DomainPlugin } from '../domain';
import { clientIp, type LimitRule } from '../auth/rate-limit';
import { HttpError } from '../http-errors';
import { customerTokenFrom } from '../customer/auth';
import { withProviderOutage } from '../payment/outage';

/**
 * Checkout under /api/cart (spec section 7): save-shipping-info, save-payment-info and
 * confirm-order. Same owners as the basket calls. confirm-order is idempotent: repeat it (a double
 * click, a retry after a timeout) and it answers the same order; it never charges twice.
 */
/** Card testing: a client whose cards keep being declined is slowed down (429). */
export const DECLINES_PER_IP: LimitRule = { name: 'payment-declines-ip', max: 10, windowMs: 60 * 60_000 };
/**
 * Stock hoarding: a payment waiting for its extra step (3-D Secure) holds its basket's stock until
 * it is finished or the hold ends (CHECKOUT_HOLD_MINUTES). A client may start only this many such
 * payments an hour, so one client cannot keep a product out of stock for everyone else.
 */
export const UNFINISHED_PAYMENTS_PER_IP: LimitRule = { name: 'payment-holds-ip', max: 5, windowMs: 60 * 60_000 };

export const checkoutRoutes: DomainPlugin = async (app, deps) => {
  const { checkout } = app.services;
  const limiter = app.services.limiter;

  app.post(
    '/cart/save-shipping-info',
    { schema: { body: saveShippingInfoRequestSchema, response: { 200: checkoutStepAnswerSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { customerToken, cartId, address, shippingMethod, comment, billingAddress } = request.body;
      return withProviderOutage(reply, () => checkout.saveShippingInfo(
        { customerToken: customerTokenFrom(request, customerToken) ?? null, cartId },
        { address, shippingMethod, comment, billingAddress },
      ));
    },
  );

  app.post(
    '/cart/save-payment-info',
    { schema: { body: savePaymentInfoRequestSchema, response: { 200: checkoutStepAnswerSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { customerToken, cartId, paymentMethod, email, comment, billingAddress } = request.body;
      return withProviderOutage(reply, () => checkout.savePaymentInfo(
        { customerToken: customerTokenFrom(request, customerToken) ?? null, cartId },
        { paymentMethod, email, comment, billingAddress },
      ));
    },
  );

  app.post(
    '/cart/confirm-order',
    { schema: { body: confirmOrderRequestSchema, response: { 200: confirmOrderAnswerSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { customerToken, cartId, payment, billingAddress, returnUrl, comment } = request.body;
      await limiter.check(DECLINES_PER_IP, request, clientIp(request));
      await limiter.check(UNFINISHED_PAYMENTS_PER_IP, request, clientIp(request));
      return withProviderOutage(reply, async () => {
        try {
          const placed = await checkout.confirmOrder({
            owner: { customerToken: customerTokenFrom(request, customerToken) ?? null, cartId },
            payment,
            billingAddress,
            returnUrl,
            requestOrigin: typeof request.headers.origin === 'string' ? request.headers.origin : null,
            comment,
          });
          if (placed.status === 'requires_action') await limiter.within(UNFINISHED_PAYMENTS_PER_IP, request, clientIp(request));
          return placed;
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 402) await limiter.within(DECLINES_PER_IP, request, clientIp(request));
          throw error;
        }
      });
    },
  );
};
