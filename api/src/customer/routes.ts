import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  addressBookAnswerSchema,
  addressesAnswerSchema,
  addressRequestSchema,
  billingAgreementsAnswerSchema,
  booleanAnswerSchema,
  captchaAnswerSchema,
  customerGetAnswerSchema,
  customerGetRequestSchema,
  customerSubscriptionsAnswerSchema,
  customerTokenRequestSchema,
  deleteAddressRequestSchema,
  emailSubscriptionsAnswerSchema,
  emailSubscriptionsRequestSchema,
  forgotPasswordRequestSchema,
  loginAnswerSchema,
  loginRequestSchema,
  meAnswerSchema,
  newsletterAnswerSchema,
  newsletterRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  resetTokenValidateRequestSchema,
  saveEmailSubscriptionsRequestSchema,
  statusMessageAnswerSchema,
  updateMeAnswerSchema,
  updateMeRequestSchema,
  verifyCaptchaRequestSchema,
  addReviewAnswerSchema,
  addReviewRequestSchema,
  customerReviewsAnswerSchema,
  customerReviewsRequestSchema,
} from '@shop/shared/schemas';
import type { DomainPlugin } from '../domain';
import { setTimeout as sleep } from 'node:timers/promises';
import { clientIp, LIMITS, LOGIN_SLOWDOWN_MS } from '../auth/rate-limit';
import { HttpError } from '../http-errors';
import { authenticateCustomer, customerTokenFrom, requireCustomer } from './auth';
import { WrongCurrentPassword, type CustomerService } from './service';

/** The accounts service of an app (tests use it to wait for background mail, or to read a captcha code). */
export function customerServiceOf(app: FastifyInstance): CustomerService {
  return app.services.customer;
}

/**
 * Customer accounts: register, login/logout, profile, addresses, captcha, password reset,
 * newsletter, email notifications, billing agreements, subscriptions. Paths under /api.
 */
export const customerRoutes: DomainPlugin = async (app, { db, config }) => {
  const { customer: service, customerReviews: reviews } = app.services;
  const settings = config.auth;

  const limiter = app.services.limiter;
  const ip = (request: FastifyRequest) => clientIp(request);
  const auth = (request: FastifyRequest, token?: string) => requireCustomer(db, request, token);
  const noStore = { 'cache-control': 'no-store' };
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(noStore);
  });

  app.addHook('onClose', async () => {
    await service.settled().catch(() => {});
  });

  /* ------------------------------------------------------------------ register, login, logout */

  app.post('/register', { schema: { body: registerRequestSchema, response: { 200: statusMessageAnswerSchema } } }, async (request) => {
    await limiter.hit(LIMITS.registerPerIp, request, ip(request));
    await service.register(request.body);
    return { status: 'success' as const, message: 'Thank you for registering. You can now sign in.' };
  });

  app.post('/login', { schema: { body: loginRequestSchema, response: { 200: loginAnswerSchema } } }, async (request) => {
    const { username, password } = request.body;
    await limiter.hit(LIMITS.loginPerIp, request, ip(request));
    // Only failures count. Per account and client pair: that client waits (429) before its next
    // guess; every other client, the owner included, signs in as usual.
    const account = username.trim().toLowerCase();
    const pair = `${account}|${ip(request)}`;
    await limiter.check(LIMITS.loginFailuresPerAccountAndIp, request, pair);
    // Per account from anywhere: slowed down, never refused.
    if (await limiter.isOver(LIMITS.loginFailuresPerAccount, request, account)) await sleep(LOGIN_SLOWDOWN_MS);
    const session = await service.login(username, password);
    if (!session) {
      await limiter.within(LIMITS.loginFailuresPerAccountAndIp, request, pair);
      await limiter.within(LIMITS.loginFailuresPerAccount, request, account);
      throw new HttpError(401, ACCOUNT_MESSAGES.invalidCredentials);
    }
    return { status: 'success' as const, data: session };
  });

  app.post('/logout', { schema: { body: customerTokenRequestSchema.nullish(), response: { 200: statusMessageAnswerSchema } } }, async (request) => {
    const customer = await authenticateCustomer(db, customerTokenFrom(request, request.body?.customerToken));
    // Logging out twice, or with an expired token, is not an error: the token is dead either way.
    if (customer) await service.logout(customer);
    return { status: 'success' as const, message: 'You are signed out.' };
  });

  /* ------------------------------------------------------------------ profile */

  app.post('/me', { schema: { body: customerTokenRequestSchema.nullish(), response: { 200: meAnswerSchema } } }, async (request) => {
    const customer = await auth(request, request.body?.customerToken);
    return { status: 'success' as const, data: { data: await service.customerAnswer(customer.id) } };
  });

  app.post('/update/me', { schema: { body: updateMeRequestSchema, response: { 200: updateMeAnswerSchema } } }, async (request) => {
    const customer = await auth(request, request.body.customerToken);
    const key = String(customer.id);
    await limiter.check(LIMITS.passwordCheckFailuresPerCustomer, request, key);
    try {
      const { message, token } = await service.updateMe(customer, request.body);
      return { status: 'success' as const, message, ...(token ? { data: { token } } : {}) };
    } catch (error) {
      if (error instanceof WrongCurrentPassword) await limiter.within(LIMITS.passwordCheckFailuresPerCustomer, request, key);
      throw error;
    }
  });

  /* ------------------------------------------------------------------ addresses */

  app.get('/customer/addresses', { schema: { response: { 200: addressesAnswerSchema } } }, async (request) => {
    const customer = await auth(request);
    return { status: 'success' as const, addresses: await service.listAddresses(customer) };
  });

  app.post('/customer/me/add-address', { schema: { body: addressRequestSchema, response: { 200: addressBookAnswerSchema } } }, async (request) => {
    const customer = await auth(request, request.body.customerToken);
    const { message, customer: data } = await service.addAddress(customer, request.body.address);
    return { status: 'success' as const, message, data: { customer: data } };
  });

  app.post('/customer/me/update-address', { schema: { body: addressRequestSchema, response: { 200: addressBookAnswerSchema } } }, async (request) => {
    const customer = await auth(request, request.body.customerToken);
    const { message, customer: data } = await service.updateAddress(customer, request.body.address);
    return { status: 'success' as const, message, data: { customer: data } };
  });

  app.post('/customer/me/delete-address', { schema: { body: deleteAddressRequestSchema, response: { 200: addressBookAnswerSchema } } }, async (request) => {
    const customer = await auth(request, request.body.customerToken);
    const { message, customer: data } = await service.deleteAddress(customer, request.body.addressId);
    return { status: 'success' as const, message, data: { customer: data } };
  });

  app.delete(
    '/customer/addresses/:id',
    { schema: { params: z.strictObject({ id: z.coerce.number().int().positive().max(2147483647) }), response: { 200: addressBookAnswerSchema } } },
    async (request) => {
      const customer = await auth(request);
      const { message, customer: data } = await service.deleteAddress(customer, request.params.id);
      return { status: 'success' as const, message, data: { customer: data } };
    },
  );

  /* ------------------------------------------------------------------ captcha, password reset */

  app.post('/customer/captcha', { schema: { response: { 200: captchaAnswerSchema } } }, async (request) => {
    await limiter.hit(LIMITS.captchaIssuePerIp, request, ip(request));
    return service.issueCaptcha();
  });

  app.post('/customer/verify-recaptcha', { schema: { body: verifyCaptchaRequestSchema, response: { 200: booleanAnswerSchema } } }, async (request) => {
    await limiter.hit(LIMITS.captchaVerifyPerIp, request, ip(request));
    return service.verifyCaptcha(request.body.token, request.body.answer);
  });

  app.post('/customer/forgot-password', { schema: { body: forgotPasswordRequestSchema, response: { 200: statusMessageAnswerSchema } } }, async (request) => {
    await limiter.hit(LIMITS.forgotPerIp, request, ip(request));
    const { email, captchaToken } = request.body;
    const send = await limiter.within(LIMITS.forgotPerEmail, request, email);
    const { message } = await service.forgotPassword(email, captchaToken, send);
    return { status: 'success' as const, message };
  });

  app.post('/customer/reset-password', { schema: { body: resetPasswordRequestSchema, response: { 200: statusMessageAnswerSchema } } }, async (request) => {
    await limiter.hit(LIMITS.resetPerIp, request, ip(request));
    const { message } = await service.resetPassword(request.body);
    return { status: 'success' as const, message };
  });

  app.post('/customer/reset-token-validate', { schema: { body: resetTokenValidateRequestSchema, response: { 200: booleanAnswerSchema } } }, async (request) => {
    await limiter.hit(LIMITS.resetPerIp, request, ip(request));
    return service.resetTokenValid(request.body.customerId, request.body.resetToken);
  });

  app.post('/customer/get', { schema: { body: customerGetRequestSchema, response: { 200: customerGetAnswerSchema } } }, async (request) => {
    await limiter.hit(LIMITS.resetPerIp, request, ip(request));
    const { customerId, resetToken, customerToken } = request.body;
    const customer = await authenticateCustomer(db, customerTokenFrom(request, customerToken));
    return service.customerGet(customerId, resetToken, customer);
  });

  /* ------------------------------------------------------------------ newsletter, notifications */

  app.post('/contact/newsletter', { schema: { body: newsletterRequestSchema, response: { 200: newsletterAnswerSchema } } }, async (request) => {
    const token = customerTokenFrom(request, request.body.customerToken);
    const customer = token ? await authenticateCustomer(db, token) : null;
    if (token && !customer) throw new HttpError(401, ACCOUNT_MESSAGES.sessionExpired);
    if (!customer) await limiter.hit(LIMITS.newsletterPerIp, request, ip(request));
    const { status, message } = await service.newsletter(request.body, customer);
    return { success: true as const, error: null, status, message };
  });

  app.get(
    '/contact/newsletter/confirm',
    { schema: { querystring: z.object({ token: z.string().max(1000) }) } },
    async (request, reply) => {
      const confirmed = await service.confirmNewsletter(request.query.token);
      return reply.redirect(`${settings.shopUrl}/?newsletter=${confirmed ? 'confirmed' : 'invalid'}`, 303);
    },
  );

  const notificationsEmail = async (request: FastifyRequest, body: { customerToken?: string; unsubscribeToken?: string }) => {
    const token = customerTokenFrom(request, body.customerToken);
    const customer = token ? await authenticateCustomer(db, token) : null;
    if (token && !customer && !body.unsubscribeToken) throw new HttpError(401, ACCOUNT_MESSAGES.sessionExpired);
    return service.notificationsEmail(customer, body.unsubscribeToken);
  };

  app.post(
    '/customer/get-email-subscriptions',
    { schema: { body: emailSubscriptionsRequestSchema, response: { 200: emailSubscriptionsAnswerSchema } } },
    async (request) => {
      const email = await notificationsEmail(request, request.body);
      return { status: 'success' as const, ...(await service.emailSubscriptions(email)) };
    },
  );

  app.post(
    '/customer/save-email-subscriptions',
    { schema: { body: saveEmailSubscriptionsRequestSchema, response: { 200: emailSubscriptionsAnswerSchema } } },
    async (request) => {
      const email = await notificationsEmail(request, request.body);
      return { status: 'success' as const, ...(await service.saveEmailSubscriptions(email, request.body.subscriptions)) };
    },
  );

  /* ------------------------------------------------------------------ account lists */

  app.post(
    '/customer/billing-agreements',
    { schema: { body: customerTokenRequestSchema.nullish(), response: { 200: billingAgreementsAnswerSchema } } },
    async (request) => {
      const customer = await auth(request, request.body?.customerToken);
      return { status: 'success' as const, data: await service.billingAgreements(customer) };
    },
  );

  app.post(
    '/customer/subscriptions',
    { schema: { body: customerTokenRequestSchema.nullish(), response: { 200: customerSubscriptionsAnswerSchema } } },
    async (request) => {
      const customer = await auth(request, request.body?.customerToken);
      return { status: 'success' as const, data: await service.subscriptions(customer) };
    },
  );

  /* ------------------------------------------------------------------ My Product Reviews */

  app.post('/customer/reviews', { schema: { body: customerReviewsRequestSchema, response: { 200: customerReviewsAnswerSchema } } }, async (request) => {
    const customer = await auth(request, request.body.customerToken);
    return { status: 'success' as const, data: await reviews.list(customer, request.body.page, request.body.pageSize) };
  });

  app.post('/customer/reviews/add', { schema: { body: addReviewRequestSchema, response: { 200: addReviewAnswerSchema } } }, async (request) => {
    const customer = await auth(request, request.body.customerToken);
    const review = await reviews.add(customer, request.body);
    return {
      status: 'success' as const,
      message: 'Thank you for your review. It will appear on the product page once we have checked it.',
      data: { review },
    };
  });
};
