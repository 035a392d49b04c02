import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCustomOptionsSchema,
  adminProductImagesSchema,
  adminProductStructureSchema,
  childLinkRequestSchema,
  customOptionsSaveRequestSchema,
  groupedAddRequestSchema,
  groupedOrderRequestSchema,
  PRODUCT_IMAGE_LIMIT,
  productImagesSaveRequestSchema,
  STRUCTURE_MESSAGES,
} from '@shop/shared/backoffice';
import type { App } from '../domain';
import { HttpError } from '../http-errors';
import type { Actor } from './activity';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const idParams = z.object({ id });

/**
 * The product sections beside the main form (`catalogue` area), registered by routes.ts inside its
 * session, role and CSRF checks: pictures, children, grouped items, custom options.
 */
export function productStructureRoutes(app: App, actor: (request: FastifyRequest) => Actor): void {
  const { productStructure: structure, productImages } = app.services.backoffice;
  const catalogue = { config: { area: 'catalogue' as const } };

  /* pictures */
  app.get('/products/:id/images', { ...catalogue, schema: { params: idParams, response: { 200: adminProductImagesSchema } } }, async (request) =>
    structure.images(request.params.id),
  );
  app.post('/products/:id/images/save', { ...catalogue, schema: { params: idParams, body: productImagesSaveRequestSchema, response: { 200: adminProductImagesSchema } } }, async (request) =>
    structure.saveImages(request.params.id, request.body, actor(request)),
  );
  // A picture's bytes as the body, whatever type the browser declares: sharp reads the content and decides.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PRODUCT_IMAGE_LIMIT }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: { code?: string; statusCode?: number }, _request, reply) => {
      // Said in the section's words, naming the field (the app's handler answers the rest).
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ error: 'Payload Too Large', message: STRUCTURE_MESSAGES.imageTooLarge, field: 'image' });
      if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        return reply.code(400).send({ error: 'Bad Request', message: STRUCTURE_MESSAGES.notImage, field: 'image' });
      }
      throw error;
    });
    scope.withTypeProvider<ZodTypeProvider>().post('/products/:id/images', { ...catalogue, bodyLimit: PRODUCT_IMAGE_LIMIT, schema: { params: idParams, response: { 200: adminProductImagesSchema } } }, async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new HttpError(400, STRUCTURE_MESSAGES.notImage, 'image');
      // The product is looked up before the picture is worked on (404 without writing a file).
      await structure.exists(request.params.id);
      const file = await productImages.save(body);
      return structure.addImage(request.params.id, file, actor(request));
    });
  });

  /* configurable children and grouped items */
  app.get('/products/:id/structure', { ...catalogue, schema: { params: idParams, response: { 200: adminProductStructureSchema } } }, async (request) =>
    structure.structure(request.params.id),
  );
  app.post('/products/:id/children', { ...catalogue, schema: { params: idParams, body: childLinkRequestSchema, response: { 200: adminProductStructureSchema } } }, async (request) =>
    structure.linkChild(request.params.id, request.body, actor(request)),
  );
  app.post('/products/:id/children/:childId/unlink', { ...catalogue, schema: { params: z.object({ id, childId: id }), response: { 200: adminProductStructureSchema } } }, async (request) =>
    structure.unlinkChild(request.params.id, request.params.childId, actor(request)),
  );
  app.post('/products/:id/associated', { ...catalogue, schema: { params: idParams, body: groupedAddRequestSchema, response: { 200: adminProductStructureSchema } } }, async (request) =>
    structure.addAssociated(request.params.id, request.body.sku, actor(request)),
  );
  app.post('/products/:id/associated/:itemId/remove', { ...catalogue, schema: { params: z.object({ id, itemId: id }), response: { 200: adminProductStructureSchema } } }, async (request) =>
    structure.removeAssociated(request.params.id, request.params.itemId, actor(request)),
  );
  app.post('/products/:id/associated/order', { ...catalogue, schema: { params: idParams, body: groupedOrderRequestSchema, response: { 200: adminProductStructureSchema } } }, async (request) =>
    structure.orderAssociated(request.params.id, request.body.ids, actor(request)),
  );

  /* custom options */
  app.get('/products/:id/options', { ...catalogue, schema: { params: idParams, response: { 200: adminCustomOptionsSchema } } }, async (request) =>
    structure.customOptions(request.params.id),
  );
  app.post('/products/:id/options', { ...catalogue, schema: { params: idParams, body: customOptionsSaveRequestSchema, response: { 200: adminCustomOptionsSchema } } }, async (request) =>
    structure.saveCustomOptions(request.params.id, request.body, actor(request)),
  );
}
