import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminAuthorsAnswerSchema,
  adminCategoriesAnswerSchema,
  adminCmsPageDetailSchema,
  adminCmsPagesAnswerSchema,
  adminCmsPagesQuerySchema,
  adminPostDetailSchema,
  adminPostsAnswerSchema,
  adminPostsQuerySchema,
  adminReviewsAnswerSchema,
  adminReviewsQuerySchema,
  categoryAnswerSchema,
  categorySaveRequestSchema,
  cmsPageAnswerSchema,
  cmsPageCreateRequestSchema,
  cmsPageSaveRequestSchema,
  htmlPreviewAnswerSchema,
  htmlPreviewRequestSchema,
  imageUploadAnswerSchema,
  postAnswerSchema,
  postSaveRequestSchema,
  publishRequestSchema,
  reviewModerateAnswerSchema,
  reviewModerateRequestSchema,
  reviewParamsSchema,
} from '@shop/shared/backoffice';
import type { App } from '../domain';
import { HttpError } from '../http-errors';
import { IMAGE_MESSAGES, UPLOAD_LIMIT, UPLOAD_TYPES } from './hero-images';
import type { Actor } from './activity';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * The back office's content routes (`content` area: CMS pages, advice posts, reviews) and its
 * categories (`catalogue` area), registered by routes.ts inside its session, role and CSRF checks.
 */
export function contentRoutes(app: App, actor: (request: FastifyRequest) => Actor): void {
  const { contentAdmin, categoryAdmin, reviewAdmin, heroImages } = app.services.backoffice;
  const content = { config: { area: 'content' as const } };
  const catalogue = { config: { area: 'catalogue' as const } };

  app.post('/content/preview', { ...content, schema: { body: htmlPreviewRequestSchema, response: { 200: htmlPreviewAnswerSchema } } }, async (request) =>
    contentAdmin.preview(request.body.html),
  );

  /* CMS pages */
  app.get('/cms-pages', { ...content, schema: { querystring: adminCmsPagesQuerySchema, response: { 200: adminCmsPagesAnswerSchema } } }, async (request) =>
    contentAdmin.pages(request.query),
  );
  app.post('/cms-pages', { ...content, schema: { body: cmsPageCreateRequestSchema, response: { 200: cmsPageAnswerSchema } } }, async (request) => ({
    page: await contentAdmin.createPage(request.body, actor(request)),
  }));
  app.get('/cms-pages/:id', { ...content, schema: { params: idParams, response: { 200: adminCmsPageDetailSchema } } }, async (request) =>
    contentAdmin.page(request.params.id),
  );
  app.post('/cms-pages/:id', { ...content, schema: { params: idParams, body: cmsPageSaveRequestSchema, response: { 200: cmsPageAnswerSchema } } }, async (request) => ({
    page: await contentAdmin.savePage(request.params.id, request.body, actor(request)),
  }));
  app.post('/cms-pages/:id/publish', { ...content, schema: { params: idParams, body: publishRequestSchema, response: { 200: cmsPageAnswerSchema } } }, async (request) => ({
    page: await contentAdmin.publishPage(request.params.id, request.body.active, actor(request)),
  }));

  /* advice posts */
  app.get('/posts', { ...content, schema: { querystring: adminPostsQuerySchema, response: { 200: adminPostsAnswerSchema } } }, async (request) =>
    contentAdmin.posts(request.query),
  );
  app.get('/posts/authors', { ...content, schema: { response: { 200: adminAuthorsAnswerSchema } } }, async () => contentAdmin.authors());
  app.post('/posts', { ...content, schema: { body: postSaveRequestSchema, response: { 200: postAnswerSchema } } }, async (request) => ({
    post: await contentAdmin.createPost(request.body, actor(request)),
  }));
  app.get('/posts/:id', { ...content, schema: { params: idParams, response: { 200: adminPostDetailSchema } } }, async (request) =>
    contentAdmin.post(request.params.id),
  );
  app.post('/posts/:id', { ...content, schema: { params: idParams, body: postSaveRequestSchema, response: { 200: postAnswerSchema } } }, async (request) => ({
    post: await contentAdmin.savePost(request.params.id, request.body, actor(request)),
  }));
  app.post('/posts/:id/publish', { ...content, schema: { params: idParams, body: publishRequestSchema, response: { 200: postAnswerSchema } } }, async (request) => ({
    post: await contentAdmin.publishPost(request.params.id, request.body.active, actor(request)),
  }));

  // A hero image: the picture's bytes as the body (image/jpeg, png or webp), resized and stored (hero-images.ts).
  app.register(async (scope) => {
    scope.addContentTypeParser([...UPLOAD_TYPES], { parseAs: 'buffer', bodyLimit: UPLOAD_LIMIT }, (_request, body, done) => done(null, body));
    scope.post('/posts/image', { ...content, bodyLimit: UPLOAD_LIMIT, schema: { response: { 200: imageUploadAnswerSchema } } }, async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new HttpError(415, IMAGE_MESSAGES.notImage, 'image');
      return { image: await heroImages.save(request.body) };
    });
  });

  /* reviews */
  app.get('/reviews', { ...content, schema: { querystring: adminReviewsQuerySchema, response: { 200: adminReviewsAnswerSchema } } }, async (request) =>
    reviewAdmin.list(request.query),
  );
  app.post('/reviews/:kind/:id', { ...content, schema: { params: reviewParamsSchema, body: reviewModerateRequestSchema, response: { 200: reviewModerateAnswerSchema } } }, async (request) =>
    reviewAdmin.moderate(request.params.kind, request.params.id, request.body, actor(request)),
  );

  /* categories (catalogue) */
  app.post('/categories/preview', { ...catalogue, schema: { body: htmlPreviewRequestSchema, response: { 200: htmlPreviewAnswerSchema } } }, async (request) =>
    contentAdmin.preview(request.body.html),
  );
  app.get('/categories', { ...catalogue, schema: { response: { 200: adminCategoriesAnswerSchema } } }, async () => categoryAdmin.list());
  app.post('/categories/:id', { ...catalogue, schema: { params: idParams, body: categorySaveRequestSchema, response: { 200: categoryAnswerSchema } } }, async (request) => ({
    category: await categoryAdmin.save(request.params.id, request.body, actor(request)),
  }));
}
