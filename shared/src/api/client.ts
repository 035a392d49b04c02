// Types only: the client itself never loads zod. A call that parses passes a schema imported
// from '@shop/shared/schemas' (which loads zod, configured for the CSP in schemas/z.ts).
import type { z } from 'zod';

/** An answer other than 2xx, or one that does not match its schema. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let apiBase = '/api';

/** Where the API lives; '/api' on the shop's own origin unless a host says otherwise. */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/$/, '');
}

export interface RequestOptions<S extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** The answer is parsed with this schema: a mismatch is an ApiError, never silent bad data. */
  schema?: S;
  signal?: AbortSignal;
}

type Answer<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The typed JSON client every remote uses for calls under /api. */
export async function apiRequest<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<Answer<S>> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, headers, schema, signal } = options;
  const url = `${apiBase}${path.startsWith('/') ? path : `/${path}`}`;
  const res = await fetch(url, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
    credentials: 'same-origin',
  });
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      throw new ApiError(`Unexpected answer from ${path}`, res.status, text);
    }
  }
  if (!res.ok) {
    const message =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : `Request to ${path} failed with status ${res.status}`;
    throw new ApiError(message, res.status, data);
  }
  if (!schema) return data as Answer<S>;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(`Unexpected answer shape from ${path}: ${parsed.error.issues[0]?.message ?? ''}`, res.status, data);
  }
  return parsed.data as Answer<S>;
}

/**
 * A GET whose answer is typed, not parsed: for the large read-only answers of the catalogue and
 * content (products, listings, categories, pages). The API already checks each of them against
 * the same shared schema before it sends it (Fastify response schemas), and parsing them again
 * with zod cost the main thread tens of milliseconds a page on a phone. Validate with
 * `apiRequest(..., { schema })` what the shopper sends and small answers that steer the UI.
 */
export function apiAnswer<T>(path: string, options: { signal?: AbortSignal | undefined; headers?: Record<string, string> } = {}): Promise<T> {
  return apiRequest(path, { ...(options.signal ? { signal: options.signal } : {}), ...(options.headers ? { headers: options.headers } : {}) }) as Promise<T>;
}
