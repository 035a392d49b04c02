import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface HttpCacheOptions {
  /** Seconds browsers (and CDNs, unless `sharedMaxAge`) may reuse an answer without asking; 0: ask every time (must-revalidate). */
  maxAge: number;
  /** Seconds a shared cache (a CDN) may reuse an answer without asking (s-maxage). */
  sharedMaxAge?: number;
  /** Seconds a cache may keep serving a stale answer while it revalidates. */
  staleWhileRevalidate?: number;
  /** This instance's own cache of answers (omitted: none). */
  answers?: AnswerCache;
}

/**
 * Catalogue and content answers: a browser asks again every time (an ETag makes that a 304 with
 * no body), a CDN may reuse an answer for 1 s. A change made in the back office is on the
 * storefront within 2 s (every API process drops its cached answers when told, catalog/changes.ts),
 * so no cache in between may keep a price longer than that.
 */
export const CATALOG_HTTP_CACHE = { maxAge: 0, sharedMaxAge: 1 } as const satisfies HttpCacheOptions;

/** The Cache-Control header of these options. */
export function cacheControlOf(options: HttpCacheOptions): string {
  const parts = ['public', `max-age=${options.maxAge}`];
  if (options.sharedMaxAge !== undefined) parts.push(`s-maxage=${options.sharedMaxAge}`);
  if (options.staleWhileRevalidate !== undefined) parts.push(`stale-while-revalidate=${options.staleWhileRevalidate}`);
  if (options.maxAge === 0) parts.push('must-revalidate');
  return parts.join(', ');
}

/**
 * ETag and Cache-Control on the successful GET answers of the routes registered in this plugin
 * context: a strong ETag from the body's hash, and 304 Not Modified (no body) when the request's
 * If-None-Match names it. Errors carry no cache headers.
 *
 * With an `AnswerCache`, a 200 or 404 answer is also kept in memory for a few seconds and served
 * again to the same URL without touching the database (header `x-cache: HIT`).
 */
export function useHttpCache(app: FastifyInstance, options: HttpCacheOptions = CATALOG_HTTP_CACHE): void {
  const cacheControl = cacheControlOf(options);
  const answers = options.answers;

  if (answers?.enabled) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET') return;
      const hit = answers.get(request.url);
      if (!hit) return;
      if (hit.status === 200) reply.header('etag', hit.etag);
      reply.header('x-cache', 'HIT').header('content-type', 'application/json; charset=utf-8');
      for (const [name, value] of Object.entries(hit.headers)) reply.header(name, value);
      // A string body with a JSON content type is sent as it is (no serialisation again).
      return reply.code(hit.status).send(hit.body);
    });
  }

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if (request.method === 'GET' && reply.statusCode === 404 && answers?.enabled && typeof payload === 'string' && !reply.getHeader('x-cache')) {
      // Unknown pages are asked for again and again (old links, bots): remember those too.
      answers.set(request.url, payload, '', {}, 404);
      return payload;
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const known = reply.getHeader('etag');
    const etag = known ? String(known) : etagOf(payload);
    if (!known && answers?.enabled && request.method === 'GET') {
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      answers.set(request.url, payload.toString(), etag, headers);
      reply.header('x-cache', 'MISS');
    }
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

/** Headers of an answer that a cached copy must carry too. */
const KEPT_HEADERS = ['x-total-count'];

export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match: '*', one tag, or a list; weak tags (W/"...") match by value. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

interface Entry {
  status: 200 | 404;
  body: string;
  etag: string;
  headers: Record<string, string>;
  expires: number;
}

export interface AnswerCacheOptions {
  /** How long an answer is reused, in ms; 0 turns the cache off. */
  ttlMs: number;
  /** At most this many answers. */
  maxEntries?: number;
  /** At most this many characters of answers in total. */
  maxChars?: number;
  now?: () => number;
}

/**
 * A small in-memory cache of serialised answers by URL: least recently used first out, bounded
 * in count and size, every entry expiring after `ttlMs`. Each API process has its own, cleared
 * whenever a catalogue change is announced (catalog/changes.ts: the back office's saves reach
 * every process at once); `ttlMs` bounds what a change made some other way (a checkout taking the
 * last unit) may show late. The basket and checkout never read from it (they price and check
 * stock from the database).
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private chars = 0;
  readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxChars: number;
  private readonly now: () => number;
  hits = 0;
  misses = 0;

  constructor({ ttlMs, maxEntries = 20_000, maxChars = 64 * 1024 * 1024, now = Date.now }: AnswerCacheOptions) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.maxChars = maxChars;
    this.now = now;
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): { status: 200 | 404; body: string; etag: string; headers: Record<string, string> } | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.expires <= this.now()) {
      if (entry) this.delete(key);
      this.misses++;
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits++;
    return { status: entry.status, body: entry.body, etag: entry.etag, headers: entry.headers };
  }

  set(key: string, body: string, etag: string, headers: Record<string, string> = {}, status: 200 | 404 = 200): void {
    if (!this.enabled || body.length > this.maxChars / 8) return;
    this.delete(key);
    this.entries.set(key, { status, body, etag, headers, expires: this.now() + this.ttlMs });
    this.chars += body.length;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.chars <= this.maxChars) break;
      this.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.chars = 0;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.chars -= entry.body.length;
    this.entries.delete(key);
  }
}

/** Default time an instance reuses a catalogue answer. */
export const DEFAULT_ANSWER_TTL_MS = 10_000;

/**
 * The answer cache's lifetime: CATALOG_CACHE_TTL_MS when set (0 turns it off), else 10 s, and off
 * under NODE_ENV=test (tests change data and read it back at once).
 */
export function answerCacheTtl(nodeEnv: string, env: NodeJS.ProcessEnv): number {
  const raw = env.CATALOG_CACHE_TTL_MS;
  if (raw !== undefined && raw !== '') {
    const ms = Number(raw);
    if (!Number.isInteger(ms) || ms < 0) throw new Error('CATALOG_CACHE_TTL_MS must be a whole number of milliseconds (0: off)');
    return ms;
  }
  return nodeEnv === 'test' ? 0 : DEFAULT_ANSWER_TTL_MS;
}
