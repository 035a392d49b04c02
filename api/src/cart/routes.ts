import {
  cartAddRequestSchema,
  cartAnswerSchema,
  cartMineAnswerSchema,
  cartMineRequestSchema,
  cartRemoveRequestSchema,
  cartRequestSchema,
  estimateShippingAnswerSchema,
  estimateShippingRequestSchema,
  guestCartAnswerSchema,
  mergeGuestCartAnswerSchema,
  mergeGuestCartRequestSchema,
} from '@shop/shared/schemas';
import type { DomainPlugin } from '../domain';
import { clientIp, type LimitRule } from '../auth/rate-limit';
import { customerTokenFrom } from '../customer/auth';

/**
 * The basket under /api/cart (spec section 7). A guest sends `cartId` (customerToken null or
 * absent); a customer sends `customerToken` (or the Authorization-Customer / Authorization bearer
 * header) and always gets their own open basket. 401: the token is expired or revoked; 404: the
 * guest basket is unknown, ordered or merged (start a new one).
 */
/**
 * Guest baskets one client may create per 10 minutes (GUEST_BASKETS_PER_CLIENT): a shopper needs
 * one per visit (the browser makes it on the first add), a script must not fill the database.
 */
export const guestBasketsRule = (max: number): LimitRule => ({ name: 'guest-basket-ip', max, windowMs: 10 * 60_000 });

export const cartRoutes: DomainPlugin = async (app, deps) => {
  const { cart } = app.services;
  const noStore = { 'cache-control': 'no-store' };
  const limiter = app.services.limiter;
  const guestBaskets = guestBasketsRule(deps.config.guestBasketsPerClient);

  app.post('/cart/guest/create', { schema: { response: { 200: guestCartAnswerSchema } } }, async (request, reply) => {
    reply.headers(noStore);
    if (guestBaskets.max > 0) await limiter.hit(guestBaskets, request, clientIp(request));
    return cart.createGuestCart();
  });

  app.post(
    '/cart/mine',
    { schema: { body: cartMineRequestSchema.optional(), response: { 200: cartMineAnswerSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      const data = await cart.mine(customerTokenFrom(request, request.body?.customerToken) ?? null);
      return { status: 'success' as const, data: { data } };
    },
  );

  app.post('/cart', { schema: { body: cartRequestSchema, response: { 200: cartAnswerSchema } } }, async (request, reply) => {
    reply.headers(noStore);
    const { customerToken, cartId } = request.body;
    return cart.get({ customerToken: customerTokenFrom(request, customerToken) ?? null, cartId });
  });

  app.post('/cart/add', { schema: { body: cartAddRequestSchema, response: { 200: cartAnswerSchema } } }, async (request, reply) => {
    reply.headers(noStore);
    const { customerToken, cartId, productSku, quantity, productOptions } = request.body;
    return cart.add({ customerToken: customerTokenFrom(request, customerToken) ?? null, cartId }, productSku, quantity, productOptions);
  });

  app.post('/cart/remove', { schema: { body: cartRemoveRequestSchema, response: { 200: cartAnswerSchema } } }, async (request, reply) => {
    reply.headers(noStore);
    const { customerToken, cartId, productSku, itemId, productOptions } = request.body;
    return cart.remove({ customerToken: customerTokenFrom(request, customerToken) ?? null, cartId }, productSku, itemId, productOptions);
  });

  app.post(
    '/cart/merge-guest-cart',
    { schema: { body: mergeGuestCartRequestSchema, response: { 200: mergeGuestCartAnswerSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      const { customerToken, guestCartId } = request.body;
      const merged = await cart.mergeGuestCart(customerTokenFrom(request, customerToken) ?? null, guestCartId);
      return { status: 'success' as const, ...merged };
    },
  );

  app.post(
    '/cart/estimate-shipping-methods',
    { schema: { body: estimateShippingRequestSchema, response: { 200: estimateShippingAnswerSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      const { customerToken, cartId, address } = request.body;
      return cart.estimate({ customerToken: customerTokenFrom(request, customerToken) ?? null, cartId }, address);
    },
  );
};
