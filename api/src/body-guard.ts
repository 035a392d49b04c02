import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-errors';

/**
 * One guard for every route's input, run before validation: JSON bodies nested deeper than
 * MAX_INPUT_DEPTH, and NUL characters anywhere (PostgreSQL text cannot store one), answer 400
 * naming the field. The walk is iterative, so no input can overflow the stack; zod and the
 * services only ever see shallow, NUL-free values.
 */
export const MAX_INPUT_DEPTH = 32;

interface Finding {
  field: string;
  message: string;
}

const fieldOf = (path: string[], part: string) => path.join('.') || part;

/** The first problem of a parsed value (a body, query or params object), or null. */
export function inspectInput(value: unknown, part: 'body' | 'querystring' | 'params'): Finding | null {
  const stack: { value: unknown; path: string[]; depth: number }[] = [{ value, path: [], depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { field: fieldOf(path, part), message: 'must not contain NUL characters' };
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    if (depth >= MAX_INPUT_DEPTH) {
      return { field: fieldOf(path, part), message: `is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)` };
    }
    const entries = Array.isArray(current) ? current.map((v, i) => [String(i), v] as const) : Object.entries(current);
    for (const [key, inner] of entries) {
      if (key.includes('\u0000')) return { field: fieldOf(path, part), message: 'must not contain NUL characters in its keys' };
      stack.push({ value: inner, path: [...path, key], depth: depth + 1 });
    }
  }
  return null;
}

/** A preValidation hook for the whole API (registered once in app.ts). */
export async function guardInput(request: FastifyRequest): Promise<void> {
  for (const part of ['params', 'querystring', 'body'] as const) {
    const value = part === 'querystring' ? request.query : request[part];
    const found = inspectInput(value, part);
    if (found) throw new HttpError(400, `${found.field}: ${found.message}`, found.field);
  }
}
