import fs from 'node:fs';
import { STATUS_CODES, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import proxy from '@fastify/http-proxy';
import type { PageServerConfig } from './config';
import { renderShellHtml } from './html';
import { createPaymentModeProbe } from './paymentMode';
import { ApiReader, createMetaResolver } from './meta';
import { createPageRenderer, type RenderedPage } from './render';
import { createRouteRegistry } from './routeTable';
import { securityHeaders } from './security';
import { createMetrics, createReadiness, pageRequest, requestIdOf, type PageServerMetrics, type Readiness } from './operations';

const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;
/** Source maps stay on disk for error reporting; they are never published. */
const SOURCE_MAP = /\.map$/i;
const ASSET = /\.(js|mjs|css|map|json|svg|png|jpe?g|webp|gif|ico|woff2?|txt|pdf)$/i;

/** Content-hashed files never change; entries, manifests and pages are revalidated every time. */
function cacheHeaders(reply: FastifyReply, filePath: string): void {
  reply.header('Cache-Control', HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * The shell's page server: the shell's build, the remotes' builds (all-in-one start), /api and
 * /media proxied to the API service, and the shell's HTML for every page URL.
 */
export async function buildPageServer(
  config: PageServerConfig,
  logger: boolean | object = true,
  { metrics = createMetrics(), readiness = createReadiness(config.apiUrl) }: { metrics?: PageServerMetrics; readiness?: Readiness } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger, trustProxy: trustProxyOption(config.trustProxy), requestIdHeader: false, genReqId: requestIdOf });
  metrics.instrument(app);

  // Every answer, files and proxied API answers included, is read only as the type it declares;
  // and says which request it was (the same id is in this server's log and the API's).
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Request-Id', request.id);
  });

  // A body the API would refuse is refused here, before it is streamed upstream (the API closing
  // the connection mid-body would otherwise surface as a broken pipe and a 500).
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') && request.url !== '/api') return;
    // A streamed body of unknown length could only be cut off mid-way: ask for its length
    // (browsers and Stripe's webhooks always send one).
    if (request.headers['transfer-encoding'] && request.headers['content-length'] === undefined) {
      return reply.code(411).send({ error: 'Length Required', message: 'Send the request body with a Content-Length' });
    }
    const length = Number(request.headers['content-length']);
    if (Number.isFinite(length) && length > config.apiBodyLimit) {
      return reply.code(413).send({
        error: 'Payload Too Large',
        message: `Request body is too large (at most ${config.apiBodyLimit} bytes)`,
      });
    }
  });

  await app.register(compress, {
    global: true,
    threshold: 1024,
    // Quality 11 (the default) costs far too much CPU per response for a dynamic server.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });

  for (const prefix of ['/api', '/media']) {
    await app.register(proxy, {
      upstream: config.apiUrl,
      prefix,
      rewritePrefix: prefix,
      http2: false,
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => ({ ...forwardedFor(request.ip, request.protocol, headers), 'x-request-id': request.id }),
        // The API did not answer (an instance dying, a restart): a gateway error in the API's own
        // shape, never a 500. (Fastify's error path would also log the request, whose socket may
        // be gone by then; under load that turned these into 500s.)
        onError: (reply, { error }) => {
          const status = (error as { statusCode?: number }).statusCode === 504 ? 504 : (error as { statusCode?: number }).statusCode === 503 ? 503 : 502;
          reply.log.warn({ err: error }, 'the API did not answer');
          void reply
            .code(status)
            .header('retry-after', '5')
            .send({ error: STATUS_CODES[status], message: 'The shop could not answer just now. Please try again in a moment.' });
        },
      },
    });
  }

  // Remote builds served here are reachable from shells on other origins too (CORS).
  for (const [name, dir] of Object.entries(config.localRemotes)) {
    if (!fs.existsSync(dir)) {
      app.log.warn({ remote: name, dir }, 'remote build not found; it is not served here');
      continue;
    }
    await app.register(fastifyStatic, {
      root: dir,
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      index: false,
      allowedPath: (pathName) => !SOURCE_MAP.test(pathName),
      setHeaders(reply, filePath) {
        cacheHeaders(reply, filePath);
        reply.header('Access-Control-Allow-Origin', '*');
      },
    });
  }

  const indexHtml = fs.readFileSync(path.join(config.shellDist, 'index.html'), 'utf8');
  // The shell's files; whatever is not a file falls through to the page handler below.
  await app.register(fastifyStatic, {
    root: config.shellDist,
    prefix: '/',
    index: false,
    allowedPath: (pathName) => pathName !== '/index.html' && !SOURCE_MAP.test(pathName),
    setHeaders: cacheHeaders,
  });

  app.get('/remotes.json', async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return config.remotes;
  });

  // Liveness: the process answers. Readiness (/readyz): it can serve pages now (operations.ts).
  app.get('/healthz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });

  // The route table comes from the remotes' own lists, read before the first page is served.
  const routes = createRouteRegistry(config, app.log);
  await routes.refresh();
  readiness.routesMissing = () => routes.current().missing;
  app.get('/readyz', async (_request, reply) => {
    const state = await readiness.check();
    reply.code(state.ready ? 200 : 503).header('Cache-Control', 'no-store');
    return { status: state.ready ? 'ok' : state.stopping ? 'stopping' : 'degraded', api: state.api, routesMissing: state.routesMissing };
  });
  const payments = createPaymentModeProbe(config.apiUrl, app.log);
  await payments.refresh();
  app.addHook('onClose', async () => payments.stop());

  // Every other GET (no file of that name) is a page of the shop: the shell's HTML with its status
  // (404 for what the shop does not have, 301 for what moved), title, description, canonical link,
  // structured data and the run-time configuration. A missing asset is a plain 404.
  const apiReader = new ApiReader(config.apiUrl);
  const resolvePage = createMetaResolver(config.apiUrl, routes.current, apiReader);
  // Pages are rendered on the server with the same API answers their metadata came from.
  const renderer = createPageRenderer(config, apiReader, app.log);
  await renderer.ready();
  const servePage = (req: FastifyRequest, reply: FastifyReply) => pageRequest.run({ id: req.id }, () => renderPageAnswer(req, reply));
  const renderPageAnswer = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return reply.code(404).send({ error: 'Not Found', message: `${req.method} ${req.url} is not a page of the shop` });
    }
    const url = new URL(req.url, 'http://x');
    if (ASSET.test(url.pathname)) {
      return reply.code(404).header('Cache-Control', 'no-cache').send({ error: 'Not Found', message: `${url.pathname} does not exist` });
    }
    const origin = config.publicUrl;
    reply.headers(securityHeaders(config, origin.startsWith('https:')));
    let meta;
    try {
      meta = await resolvePage(url.pathname, origin);
    } catch (error) {
      // The API being down must not take pages down: the shell renders and loads what it can.
      req.log.warn({ err: error, path: url.pathname }, 'page metadata unavailable');
    }
    if (meta?.status === 301 && meta.location) {
      return reply.redirect(meta.location + url.search, 301);
    }
    if (meta?.status === 503) reply.header('Retry-After', '30');
    const table = routes.current();
    let rendered: RenderedPage | null = null;
    try {
      // The shell renders the first page with what was resolved here: the URL rewrite, or that
      // the shop has no such page (the catch-all's not-found page is then in the HTML, not a
      // spinner; a remote's route with nothing there, an unknown product id, is the remote's own).
      const shellData = meta?.rewrite
        ? { [`rewrite:${url.pathname}`]: meta.rewrite }
        : meta?.status === 404
          ? { [`not-found:${url.pathname}`]: true }
          : {};
      rendered = await renderer.render(url.pathname + url.search, table, meta, shellData, payments.current());
    } catch (error) {
      // A page that cannot be rendered here is rendered by the browser, never a 500.
      req.log.warn({ err: error, path: url.pathname }, 'server render failed; the page renders in the browser');
    }
    reply
      .code(meta?.status ?? 200)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8');
    return renderShellHtml(indexHtml, config, table, meta, origin, payments.current(), rendered);
  };
  // The static plugin refuses directories; the home page is a page like any other.
  app.get('/', servePage);
  app.setNotFoundHandler(servePage);

  return app;
}

/**
 * The API learns who the client is from this server only: X-Forwarded-For is replaced by the
 * client's address as this server sees it (`request.ip`: the socket's, or the one a trusted CDN or
 * load balancer in front reported, per TRUST_PROXY). Whatever the client sent is dropped, so a
 * client cannot pick its own rate-limit bucket. The API trusts this header from this server alone.
 */
function forwardedFor(clientIp: string, protocol: string, headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { forwarded: _f, 'x-real-ip': _r, 'x-forwarded-host': _h, ...rest } = headers;
  return { ...rest, 'x-forwarded-for': clientIp, 'x-forwarded-proto': protocol };
}

/** Fastify takes a hop count at run time but its types do not: give it the equivalent function. */
function trustProxyOption(value: PageServerConfig['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}
