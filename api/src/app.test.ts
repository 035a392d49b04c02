import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildApp, type App } from './app';
import { badRequest, notFound } from './http-errors';
import { testConfig } from './test/app';
import { useTestDb } from './test/db';

describe('the app', () => {
  const t = useTestDb();
  let app: App;
  let mediaDir: string;

  beforeAll(async () => {
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-media-'));
    fs.writeFileSync(path.join(mediaDir, 'membrane.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = buildApp({ db: t.db, config: testConfig({ mediaDir, bodyLimit: 1024 }) });
    // Throwaway routes exercising the shared behaviour every domain relies on.
    const testRoutes: FastifyPluginAsyncZod = async (api) => {
        api.post(
          '/test/basket',
          {
            schema: {
              querystring: z.object({ page: z.coerce.number().int().min(1).optional() }),
              body: z.object({
                quantity: z.number().int().min(1),
                address: z.object({ street: z.array(z.string().min(1)).min(1) }).optional(),
              }),
              response: { 200: z.object({ quantity: z.number() }) },
            },
          },
          async (request) => ({ quantity: request.body.quantity }),
        );
        api.get('/test/missing', async () => {
          throw notFound('Order not found');
        });
        api.get('/test/bad', async () => {
          throw badRequest('Postcode is not valid', 'postcode');
        });
        api.get('/test/crash', async () => {
          throw new Error('secret connection string postgres://u:p@db');
        });
    };
    app.register(testRoutes, { prefix: '/api' });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  const post = (payload: unknown, url = '/api/test/basket') =>
    app.inject({ method: 'POST', url, payload: payload as object });

  it('accepts a valid body', async () => {
    const res = await post({ quantity: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ quantity: 2 });
  });

  it('answers a bad body field with 400 naming the field', async () => {
    const res = await post({ quantity: 'two' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ error: 'Bad Request', field: 'quantity' });
    expect(body.message).toMatch(/^quantity: /);
  });

  it('names nested fields with a dotted path', async () => {
    const res = await post({ quantity: 1, address: { street: [''] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('address.street.0');
    expect(res.json().message).toMatch(/^address\.street\.0: /);
  });

  it('answers a bad query parameter with 400 naming it', async () => {
    const res = await post({ quantity: 1 }, '/api/test/basket?page=0');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Bad Request', field: 'page' });
    expect(res.json().message).toMatch(/^page: /);
  });

  it('answers a missing body with 400 naming the body', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/basket' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('body');
  });

  it('answers malformed JSON with 400 JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/basket',
      headers: { 'content-type': 'application/json' },
      payload: '{"quantity": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Bad Request');
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await post({ quantity: 1, padding: 'x'.repeat(2000) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('Payload Too Large');
  });

  it('answers an unknown /api route with 404 JSON', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ error: 'Not Found', message: 'Nothing at GET /api/no-such-thing' });
  });

  it('turns HttpErrors into their status, message and field', async () => {
    expect((await app.inject({ url: '/api/test/missing' })).json()).toEqual({
      error: 'Not Found',
      message: 'Order not found',
    });
    const bad = await app.inject({ url: '/api/test/bad' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Bad Request', message: 'Postcode is not valid', field: 'postcode' });
  });

  it('answers an unexpected error with 500 and no internals', async () => {
    const res = await app.inject({ url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toBe('Internal Server Error');
    expect(res.body).not.toMatch(/secret|postgres:/);
  });

  it('echoes or assigns a request id', async () => {
    const res = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect((await app.inject({ url: '/api/health' })).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // One that could break a log line, or grow it without end, is replaced.
    for (const bad of ['a b', 'x'.repeat(129), '{"level":60}']) {
      expect((await app.inject({ url: '/api/health', headers: { 'x-request-id': bad } })).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('serves media with long cache headers and a locked-down policy', async () => {
    const res = await app.inject({ url: '/media/membrane.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
  });

  it('answers missing media and path tricks with 404 JSON', async () => {
    for (const url of ['/media/nope.svg', '/media/../package.json', '/media/%2e%2e/package.json']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
  });
});
