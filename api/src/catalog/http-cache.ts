import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export interface HttpCacheOptions {
  /** Seconds browsers and CDNs may reuse an answer without asking. */
  maxAge: number;
  /** Seconds a CDN may keep serving a stale answer while it revalidates. */
  staleWhileRevalidate: number;
}

export const CATALOG_HTTP_CACHE: HttpCacheOptions = { maxAge: 60, staleWhileRevalidate: 600 };

/**
 * ETag and Cache-Control on the successful GET answers of the routes registered in this plugin
 * context: a strong ETag from the body's hash, and 304 Not Modified (no body) when the request's
 * If-None-Match names it. Errors carry no cache headers.
 */
export function useHttpCache(app: FastifyInstance, options: HttpCacheOptions = CATALOG_HTTP_CACHE): void {
  const cacheControl = `public, max-age=${options.maxAge}, stale-while-revalidate=${options.staleWhileRevalidate}`;
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = reply.getHeader('etag')?.toString() ?? etagOf(payload);
    reply.header('etag', etag);
    reply.header('cache-control', cacheControl);
    reply.header('vary', 'Accept-Encoding');
    if (matches(request.headers['if-none-match'], etag)) {
      reply.code(304);
      reply.removeHeader('content-length');
      return '';
    }
    return payload;
  });
}

export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match: '*', one tag, or a list; weak tags (W/"...") match by value. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
