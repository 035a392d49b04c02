import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityAnswerSchema,
  adminCustomerDetailSchema,
  adminCustomersAnswerSchema,
  adminCustomersQuerySchema,
  adminMessagesAnswerSchema,
  adminMessagesQuerySchema,
  customerActionAnswerSchema,
  customerActionRequestSchema,
  messageActionAnswerSchema,
  messageHandledRequestSchema,
  messageReplyRequestSchema,
  activityQuerySchema,
  adminProductDetailSchema,
  adminProductsAnswerSchema,
  adminProductsQuerySchema,
  productSaveAnswerSchema,
  productSaveRequestSchema,
  adminCategoryOptionsSchema,
  productCreateRequestSchema,
  productDuplicateRequestSchema,
  importReportSchema,
  adminOrderDetailSchema,
  adminOrdersAnswerSchema,
  adminOrdersQuerySchema,
  BACKOFFICE_MESSAGES,
  cancelRequestSchema,
  commentRequestSchema,
  refundRequestSchema,
  dashboardAnswerSchema,
  mayUse,
  orderActionAnswerSchema,
  sessionAnswerSchema,
  setupConfirmRequestSchema,
  setupInfoAnswerSchema,
  setupPasswordAnswerSchema,
  setupPasswordRequestSchema,
  shipRequestSchema,
  signInRequestSchema,
  staffListAnswerSchema,
  staffRoleSchema,
  type BackofficeArea,
} from '@shop/shared/backoffice';
import { emailSchema } from '@shop/shared/schemas';
import { clientIp, LOGIN_SLOWDOWN_MS, type LimitRule } from '../auth/rate-limit';
import type { DomainPlugin } from '../domain';
import { HttpError } from '../http-errors';
import type { Actor } from './activity';
import { acceptCsv, CSV_BODY_LIMIT, streamImport } from './product-csv';
import { contentRoutes } from './content-routes';
import { productStructureRoutes } from './product-structure-routes';
import { areasOf, csrfMatches, SESSION_IDLE_MS, type StaffSession } from './staff';

export const SESSION_COOKIE = 'staff_session';

/** Sign-in limits, as the storefront's login: failures per account and client, never a lockout switch. */
export const STAFF_LIMITS = {
  signInPerIp: { name: 'staff-sign-in-ip', max: 30, windowMs: 15 * 60_000 },
  /** Wrong sign-ins for one account from one client: that client waits; the owner elsewhere does not. */
  signInFailuresPerAccountAndIp: { name: 'staff-sign-in-account-ip', max: 5, windowMs: 15 * 60_000 },
  /** Wrong sign-ins for one account from anywhere: answers slow down, never refused. */
  signInFailuresPerAccount: { name: 'staff-sign-in-account', max: 10, windowMs: 15 * 60_000 },
  setupPerIp: { name: 'staff-setup-ip', max: 20, windowMs: 15 * 60_000 },
} satisfies Record<string, LimitRule>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The back-office area a route belongs to: the API checks the staff member's role against it. */
    area?: BackofficeArea;
  }
  interface FastifyRequest {
    staffSession?: StaffSession;
  }
}

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const tokenBody = z.object({ token: z.string().min(20).max(100) });

/**
 * The back office's API, mounted at /admin-api (app.ts): not under /api, so the storefront's
 * proxy never forwards it; the back office's own server (admin/server) does.
 *
 * Every route with `config.area` needs a live session (cookie) whose role may use that area, and
 * every write a CSRF token (X-CSRF-Token) matching the session's.
 */
export const backofficeRoutes: DomainPlugin = async (app, { config }) => {
  const { staff, orderAdmin, activity, customerAdmin, inbox, productAdmin, productCsv } = app.services.backoffice;
  await app.register(fastifyCookie);
  const limiter = app.services.limiter;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const authorise = async (request: FastifyRequest) => {
    const area = request.routeOptions.config.area;
    if (!area || request.staffSession) return;
    const session = await staff.session(request.cookies[SESSION_COOKIE]);
    if (!session) throw new HttpError(401, BACKOFFICE_MESSAGES.signedOut);
    if (!mayUse(session.staff.role, area)) throw new HttpError(403, BACKOFFICE_MESSAGES.noPermission);
    if (!['GET', 'HEAD'].includes(request.method) && !csrfMatches(session, request.headers['x-csrf-token'] as string | undefined)) {
      throw new HttpError(403, BACKOFFICE_MESSAGES.csrf);
    }
    request.staffSession = session;
  };
  app.addHook('preHandler', authorise);

  const actor = (request: FastifyRequest): Actor => ({ id: request.staffSession!.staff.id, email: request.staffSession!.staff.email });

  const setCookie = (request: FastifyRequest, reply: FastifyReply, value: string, maxAgeSeconds: number) => {
    reply.setCookie(SESSION_COOKIE, value, {
      path: '/admin-api',
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https' || config.backoffice.adminUrl.startsWith('https:'),
      maxAge: maxAgeSeconds,
    });
  };

  /* ------------------------------------------------------------------ session */

  app.get('/session', { config: { area: 'dashboard' }, schema: { response: { 200: sessionAnswerSchema } } }, async (request) => {
    const { staff: member, csrfToken } = request.staffSession!;
    return { staff: { id: member.id, email: member.email, role: member.role }, csrfToken, areas: areasOf(member.role) };
  });

  app.post('/sign-in', { schema: { body: signInRequestSchema, response: { 200: sessionAnswerSchema } } }, async (request, reply) => {
    const { email, password, code } = request.body;
    const ip = clientIp(request);
    await limiter.hit(STAFF_LIMITS.signInPerIp, request, ip);
    const pair = `${email}|${ip}`;
    await limiter.check(STAFF_LIMITS.signInFailuresPerAccountAndIp, request, pair);
    if (await limiter.isOver(STAFF_LIMITS.signInFailuresPerAccount, request, email)) await sleep(LOGIN_SLOWDOWN_MS);
    const signedIn = await staff.signIn(email, password, code);
    if (!signedIn) {
      await limiter.within(STAFF_LIMITS.signInFailuresPerAccountAndIp, request, pair);
      await limiter.within(STAFF_LIMITS.signInFailuresPerAccount, request, email);
      throw new HttpError(401, BACKOFFICE_MESSAGES.badSignIn);
    }
    setCookie(request, reply, signedIn.token, SESSION_IDLE_MS / 1000);
    const { member } = signedIn;
    return { staff: { id: member.id, email: member.email, role: member.role }, csrfToken: signedIn.csrfToken, areas: areasOf(member.role) };
  });

  app.post('/sign-out', { config: { area: 'dashboard' } }, async (request, reply) => {
    await staff.signOut(request.staffSession!.tokenHash);
    setCookie(request, reply, '', 0);
    return { status: 'signed out' };
  });

  /* ------------------------------------------------------------------ set-up link */

  app.post('/setup/info', { schema: { body: tokenBody, response: { 200: setupInfoAnswerSchema } } }, async (request) => {
    await limiter.hit(STAFF_LIMITS.setupPerIp, request, clientIp(request));
    return staff.setupInfo(request.body.token);
  });

  app.post('/setup/password', { schema: { body: tokenBody.extend(setupPasswordRequestSchema.shape), response: { 200: setupPasswordAnswerSchema } } }, async (request) => {
    await limiter.hit(STAFF_LIMITS.setupPerIp, request, clientIp(request));
    return staff.setupPassword(request.body.token, request.body.password);
  });

  app.post('/setup/confirm', { schema: { body: tokenBody.extend(setupConfirmRequestSchema.shape) } }, async (request) => {
    await limiter.hit(STAFF_LIMITS.setupPerIp, request, clientIp(request));
    await staff.setupConfirm(request.body.token, request.body.code);
    return { status: 'ready' };
  });

  /* ------------------------------------------------------------------ dashboard */

  app.get('/dashboard', { config: { area: 'dashboard' }, schema: { response: { 200: dashboardAnswerSchema } } }, async () => orderAdmin.dashboard());

  /* ------------------------------------------------------------------ orders */

  app.get('/orders', { config: { area: 'orders' }, schema: { querystring: adminOrdersQuerySchema, response: { 200: adminOrdersAnswerSchema } } }, async (request) =>
    orderAdmin.list(request.query),
  );

  app.get('/orders/:id', { config: { area: 'orders' }, schema: { params: idParams, response: { 200: adminOrderDetailSchema } } }, async (request) =>
    orderAdmin.detail(request.params.id),
  );

  app.post('/orders/:id/ship', { config: { area: 'orders' }, schema: { params: idParams, body: shipRequestSchema, response: { 200: orderActionAnswerSchema } } }, async (request) =>
    orderAdmin.ship(request.params.id, request.body, actor(request)),
  );

  app.post('/orders/:id/comment', { config: { area: 'orders' }, schema: { params: idParams, body: commentRequestSchema, response: { 200: orderActionAnswerSchema } } }, async (request) =>
    orderAdmin.comment(request.params.id, request.body, actor(request)),
  );

  app.post('/orders/:id/refund', { config: { area: 'orders' }, schema: { params: idParams, body: refundRequestSchema, response: { 200: orderActionAnswerSchema } } }, async (request) =>
    orderAdmin.refund(request.params.id, request.body, actor(request)),
  );

  app.post('/orders/:id/cancel', { config: { area: 'orders' }, schema: { params: idParams, body: cancelRequestSchema, response: { 200: orderActionAnswerSchema } } }, async (request) =>
    orderAdmin.cancel(request.params.id, request.body, actor(request)),
  );

  /* ------------------------------------------------------------------ customers */

  app.get('/customers', { config: { area: 'customers' }, schema: { querystring: adminCustomersQuerySchema, response: { 200: adminCustomersAnswerSchema } } }, async (request) =>
    customerAdmin.list(request.query),
  );

  app.get('/customers/:id', { config: { area: 'customers' }, schema: { params: idParams, response: { 200: adminCustomerDetailSchema } } }, async (request) =>
    customerAdmin.detail(request.params.id),
  );

  app.post('/customers/:id/reset-link', { config: { area: 'customers' }, schema: { params: idParams, body: customerActionRequestSchema, response: { 200: customerActionAnswerSchema } } }, async (request) =>
    customerAdmin.sendResetLink(request.params.id, request.body.requestKey, actor(request)),
  );

  app.post('/customers/:id/disable', { config: { area: 'customers' }, schema: { params: idParams, body: customerActionRequestSchema, response: { 200: customerActionAnswerSchema } } }, async (request) =>
    customerAdmin.setDisabled(request.params.id, true, request.body.requestKey, actor(request)),
  );

  app.post('/customers/:id/enable', { config: { area: 'customers' }, schema: { params: idParams, body: customerActionRequestSchema, response: { 200: customerActionAnswerSchema } } }, async (request) =>
    customerAdmin.setDisabled(request.params.id, false, request.body.requestKey, actor(request)),
  );

  /* ------------------------------------------------------------------ contact messages */

  app.get('/messages', { config: { area: 'messages' }, schema: { querystring: adminMessagesQuerySchema, response: { 200: adminMessagesAnswerSchema } } }, async (request) =>
    inbox.list(request.query),
  );

  app.post('/messages/:id/handled', { config: { area: 'messages' }, schema: { params: idParams, body: messageHandledRequestSchema, response: { 200: messageActionAnswerSchema } } }, async (request) =>
    inbox.setHandled(request.params.id, request.body.handled, request.body.requestKey, actor(request)),
  );

  app.post('/messages/:id/reply', { config: { area: 'messages' }, schema: { params: idParams, body: messageReplyRequestSchema, response: { 200: messageActionAnswerSchema } } }, async (request) =>
    inbox.reply(request.params.id, request.body.body, request.body.requestKey, actor(request)),
  );

  /* ------------------------------------------------------------------ products (catalogue) */

  app.get('/products', { config: { area: 'catalogue' }, schema: { querystring: adminProductsQuerySchema, response: { 200: adminProductsAnswerSchema } } }, async (request) =>
    productAdmin.list(request.query),
  );

  app.get('/products/:id', { config: { area: 'catalogue' }, schema: { params: idParams, response: { 200: adminProductDetailSchema } } }, async (request) =>
    productAdmin.detail(request.params.id),
  );

  /** The edit form's fields, all saved or none (400 naming the field); live on the storefront at once. */
  app.post('/products/:id', { config: { area: 'catalogue' }, schema: { params: idParams, body: productSaveRequestSchema, response: { 200: productSaveAnswerSchema } } }, async (request) => ({
    product: await productAdmin.save(request.params.id, request.body, actor(request)),
  }));

  app.post('/products', { config: { area: 'catalogue' }, schema: { body: productCreateRequestSchema, response: { 200: productSaveAnswerSchema } } }, async (request) => ({
    product: await productAdmin.create(request.body, actor(request)),
  }));

  app.post('/products/:id/duplicate', { config: { area: 'catalogue' }, schema: { params: idParams, body: productDuplicateRequestSchema, response: { 200: productSaveAnswerSchema } } }, async (request) => ({
    product: await productAdmin.duplicate(request.params.id, request.body, actor(request)),
  }));

  app.get('/products/categories', { config: { area: 'catalogue' }, schema: { response: { 200: adminCategoryOptionsSchema } } }, async () => ({ items: await productAdmin.categoryOptions() }));

  /** Every product as CSV (product-csv.ts). */
  app.get('/products/export', { config: { area: 'catalogue' } }, async (_request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="products-${day}.csv"`).send(await productCsv.exportCsv());
  });

  /** A CSV file (text/csv): a dry run answers its report; `?apply=1` applies it, answering progress as NDJSON. */
  await app.register(async (scope) => {
    // A file may be large: who sends it is checked before it is read.
    scope.addHook('onRequest', authorise);
    acceptCsv(scope);
    const csv = scope.withTypeProvider<ZodTypeProvider>();
    const importQuery = z.object({ apply: z.enum(['0', '1']).default('0'), name: z.string().max(200).optional() });
    csv.post('/products/import', { config: { area: 'catalogue' }, bodyLimit: CSV_BODY_LIMIT, schema: { querystring: importQuery, body: z.string(), response: { 200: importReportSchema } } }, async (request, reply) => {
      const options = { fileName: request.query.name ?? 'products.csv' };
      if (request.query.apply === '0') return productCsv.importCsv(request.body, actor(request), { ...options, apply: false });
      return streamImport(reply, (onProgress) => productCsv.importCsv(request.body, actor(request), { ...options, apply: true, onProgress }), (err) => request.log.error({ err }, 'import failed'));
    });
  });
  /* ------------------------------------------------------------------ content, categories and reviews */

  contentRoutes(app, actor);
  productStructureRoutes(app, actor);

  /* ------------------------------------------------------------------ staff and activity (owner) */

  app.get('/staff', { config: { area: 'staff' }, schema: { response: { 200: staffListAnswerSchema } } }, async () => ({
    items: (await staff.list()).map((m) => ({ id: m.id, email: m.email, role: m.role, status: m.status, created_at: m.createdAt.toISOString() })),
  }));

  app.post('/staff', { config: { area: 'staff' }, schema: { body: z.object({ email: emailSchema, role: staffRoleSchema }) } }, async (request) => {
    const { member, link } = await staff.add(request.body.email, request.body.role, actor(request));
    return { id: member.id, email: member.email, role: member.role, setupLink: link };
  });

  app.post('/staff/disable', { config: { area: 'staff' }, schema: { body: z.object({ email: emailSchema }) } }, async (request) => {
    if (request.body.email === request.staffSession!.staff.email) throw new HttpError(409, 'You cannot disable your own account.');
    const member = await staff.disable(request.body.email, actor(request));
    return { id: member.id, email: member.email, status: member.status };
  });

  app.get('/activity', { config: { area: 'activity' }, schema: { querystring: activityQuerySchema, response: { 200: activityAnswerSchema } } }, async (request) => {
    const { page, pageSize } = request.query;
    return { ...(await activity.list(request.query)), page, pageSize };
  });
};
