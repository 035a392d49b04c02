import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  customerTokenRequestSchema,
  downloadableProductsAnswerSchema,
  orderDetailAnswerSchema,
  orderIdParamsSchema,
  orderReferenceParamsSchema,
  ordersListAnswerSchema,
  ordersListRequestSchema,
  orderSuccessAnswerSchema,
} from '@shop/shared/schemas';
import type { DomainPlugin } from '../domain';
import { signToken, verifySignedToken } from '../auth/signed-tokens';
import { customerFor, customerOrNull } from '../customer/shopper';
import { notFound } from '../http-errors';

/** Signed download links work for one hour. */
const DOWNLOAD_LINK_TTL_S = 3600;

/** The customer's orders, one order, the success page's view, downloadable products. */
export const ordersRoutes: DomainPlugin = async (app, { config }) => {
  const { orders: service, ordersStore: store, appSecret: secret } = app.services;
  const downloadsDir = path.resolve(config.dataDir, 'downloads');
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.post('/orders/list', { schema: { body: ordersListRequestSchema, response: { 200: ordersListAnswerSchema } } }, async (request) => {
    const customer = customerFor(request.shopper);
    const { page, pageSize } = request.body;
    const { items, totalCount } = await service.list(customer.id, page, pageSize);
    return { status: 'success' as const, data: { items, totalCount, page, pageSize } };
  });

  app.get('/customer/order/:id', { schema: { params: orderIdParamsSchema, response: { 200: orderDetailAnswerSchema } } }, async (request) => {
    const customer = customerFor(request.shopper);
    return { status: 'success' as const, data: await service.detail(customer.id, request.params.id) };
  });

  app.get('/order/:ref', { schema: { params: orderReferenceParamsSchema, response: { 200: orderSuccessAnswerSchema } } }, async (request, reply) => {
    reply.header('referrer-policy', 'no-referrer');
    return { status: 'success' as const, data: await service.success(request.params.ref) };
  });

  app.post(
    '/customer/downloadable-products',
    { schema: { body: customerTokenRequestSchema.nullish(), response: { 200: downloadableProductsAnswerSchema } } },
    async (request) => {
      const customer = customerFor(request.shopper);
      const key = await secret();
      const items = await service.downloads(customer.id, async (linkId) => {
        const token = signToken(key, { p: 'download', s: `${customer.id}:${linkId}`, x: Math.floor(Date.now() / 1000) + DOWNLOAD_LINK_TTL_S });
        return `/api/customer/downloads/${linkId}?token=${encodeURIComponent(token)}`;
      });
      return { status: 'success' as const, data: { items, totalCount: items.length } };
    },
  );

  /**
   * The file of a downloadable product: for its owner only, with the login token in a header or
   * the signed link from downloadable-products. Anything else is 404.
   */
  app.get(
    '/customer/downloads/:id',
    {
      schema: {
        params: z.strictObject({ id: z.coerce.number().int().positive().max(2147483647) }),
        querystring: z.strictObject({ token: z.string().max(1000).optional() }),
      },
    },
    async (request, reply) => {
      const linkId = request.params.id;
      const found = await store.findDownload(linkId);
      let ownerId: number | null = customerOrNull(request.shopper)?.id ?? null;
      if (ownerId === null && request.query.token) {
        const subject = verifySignedToken(await secret(), request.query.token, 'download');
        if (subject && subject.endsWith(`:${linkId}`)) ownerId = Number(subject.split(':')[0]);
      }
      if (!found || ownerId === null || found.link.customerId !== ownerId) throw notFound('Download not found');
      if (found.orderStatus !== 'processing' && found.orderStatus !== 'complete') throw notFound('Download not found');
      const file = path.resolve(downloadsDir, found.link.filePath);
      if (!file.startsWith(downloadsDir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
        request.log.warn({ linkId, filePath: found.link.filePath }, 'downloadable file missing');
        throw notFound('Download not found');
      }
      if (!(await store.useDownload(linkId))) throw notFound('This download has been used the maximum number of times.');
      const fileName = found.link.fileName.replace(/[^\w.\- ]+/g, '_');
      reply
        .type(found.link.contentType)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      return reply.send(fs.createReadStream(file));
    },
  );
};
