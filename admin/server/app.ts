import fs from 'node:fs';
import path from 'node:path';
import proxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AdminServerConfig } from './config';

/**
 * The back office's own origin: its build, and /admin-api proxied to the API. Nothing of the
 * storefront is served here but its pictures (GET /media/, read only: the product pages show the
 * pictures staff arrange), and the storefront's server does not proxy /admin-api.
 * Every answer forbids framing, sniffing and referrers (set-up links carry a secret), and the
 * pages may run only this origin's scripts.
 */
export async function buildAdminServer(config: AdminServerConfig, logger: boolean | object = true): Promise<FastifyInstance> {
  const trustProxy = typeof config.trustProxy === 'number' ? (_a: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy;
  const app = Fastify({ logger, trustProxy, bodyLimit: config.bodyLimit });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header(
      'Content-Security-Policy',
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    );
  });

  await app.register(proxy, {
    upstream: config.apiUrl,
    prefix: '/admin-api',
    rewritePrefix: '/admin-api',
    http2: false,
    replyOptions: {
      // The API counts sign-in limits per client: it learns the client's address from here alone.
      rewriteRequestHeaders: (request, headers) => {
        const { forwarded: _f, 'x-real-ip': _r, 'x-forwarded-host': _h, ...rest } = headers;
        return { ...rest, 'x-forwarded-for': request.ip, 'x-forwarded-proto': request.protocol };
      },
    },
  });

  // The shop's pictures, read only: the API serves them with their own sandboxing headers.
  await app.register(proxy, { upstream: config.apiUrl, prefix: '/media', rewritePrefix: '/media', http2: false, httpMethods: ['GET', 'HEAD'] });

  const indexFile = path.join(config.distDir, 'index.html');
  if (!fs.existsSync(indexFile)) throw new Error(`The back office is not built (${indexFile} is missing): npm run build -w admin`);
  const indexHtml = fs.readFileSync(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root: config.distDir,
    prefix: '/',
    index: false,
    wildcard: false,
    allowedPath: (pathName) => !pathName.endsWith('.map') && pathName !== '/index.html',
    setHeaders(reply, filePath) {
      reply.header('Cache-Control', /\.[0-9a-f]{10}\.(js|css)$/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  app.get('/healthz', async () => ({ status: 'ok' }));

  // Every other GET is a page of the app (client-side routes).
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send({ error: 'Not Found', message: 'Nothing here' });
    if (request.url.startsWith('/assets/') || request.url.startsWith('/admin-api')) return reply.code(404).type('text/plain').send('Not found');
    return reply.code(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
  });

  return app;
}
