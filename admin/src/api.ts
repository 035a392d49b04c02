import type { z } from 'zod';

/** A failed call: the API's message (shown as it is) and the field it names, if any. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;
/** The session's CSRF token, sent with every write (set at sign-in and when the session loads). */
export const setCsrfToken = (token: string | null) => {
  csrfToken = token;
};

const listeners = new Set<() => void>();
/** Called when a call finds the session gone (401): the app shows the sign-in page. */
export const onSignedOut = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** One call to /admin-api, its answer checked with the contract's schema. */
export async function call<T extends z.ZodType>(schema: T, method: 'GET' | 'POST', path: string, body?: unknown): Promise<z.output<T>> {
  const payload = method === 'POST' ? (body ?? {}) : undefined;
  return send(schema, method, path, payload === undefined ? undefined : { type: 'application/json', body: JSON.stringify(payload) });
}

/** A file sent as the body of a POST (its own type, e.g. image/jpeg), the answer checked with the schema. */
export const upload = <T extends z.ZodType>(schema: T, path: string, file: File): Promise<z.output<T>> =>
  send(schema, 'POST', path, { type: file.type || 'application/octet-stream', body: file });

async function send<T extends z.ZodType>(schema: T, method: 'GET' | 'POST', path: string, content?: { type: string; body: BodyInit }): Promise<z.output<T>> {
  let res: Response;
  try {
    res = await fetch(`/admin-api${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(content ? { 'content-type': content.type } : {}),
        ...(method !== 'GET' && csrfToken ? { 'x-csrf-token': csrfToken } : {}),
      },
      ...(content ? { body: content.body } : {}),
    });
  } catch {
    throw new ApiError(0, 'The back office cannot reach the shop. Check your connection and try again.');
  }
  const answer = (await res.json().catch(() => null)) as { message?: string; field?: string } | null;
  if (!res.ok) {
    if (res.status === 401 && path !== '/sign-in') listeners.forEach((l) => l());
    throw new ApiError(res.status, answer?.message ?? `Something went wrong (${res.status}). Please try again.`, answer?.field);
  }
  return schema.parse(answer);
}

/** An idempotency key per opened form: sending the form twice does its action once. */
export const newRequestKey = () => {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

/**
 * Sends a CSV file to /admin-api and answers the response for the caller to read (a dry run's JSON,
 * or an apply's NDJSON lines as they come); a refusal throws ApiError as `call` does.
 */
export async function postCsv(path: string, text: string): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(`/admin-api${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'text/csv', ...(csrfToken ? { 'x-csrf-token': csrfToken } : {}) },
      body: text,
    });
  } catch {
    throw new ApiError(0, 'The back office cannot reach the shop. Check your connection and try again.');
  }
  if (!res.ok) {
    const answer = (await res.json().catch(() => null)) as { message?: string; field?: string } | null;
    if (res.status === 401) listeners.forEach((l) => l());
    throw new ApiError(res.status, answer?.message ?? `Something went wrong (${res.status}). Please try again.`, answer?.field);
  }
  return res;
}
