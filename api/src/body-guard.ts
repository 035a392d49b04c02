import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-errors';

/**
 * One guard for every route's input, run before validation: JSON bodies nested deeper than
 * MAX_INPUT_DEPTH, NUL characters anywhere (PostgreSQL text cannot store one) and lone UTF-16
 * surrogates anywhere (`"\ud800"` is a valid JSON escape but not Unicode: PostgreSQL's json and
 * jsonb refuse it, and on the way to a text column it would be silently replaced by U+FFFD) answer
 * 400 naming the field. The walk is iterative, so no input can overflow the stack; zod and the
 * services only ever see shallow, NUL-free, well-formed values.
 */
export const MAX_INPUT_DEPTH = 32;

interface Finding {
  field: string;
  message: string;
}

const fieldOf = (path: string[], part: string) => path.join('.') || part;

/** What is wrong with one string (a value or a key), or null. */
function badText(text: string): string | null {
  if (text.includes('\u0000')) return 'NUL characters';
  // False when a surrogate has no partner (ES2024, Node 20).
  if (!text.isWellFormed()) return 'lone UTF-16 surrogates (invalid Unicode)';
  return null;
}

/** The first problem of a parsed value (a body, query or params object), or null. */
export function inspectInput(value: unknown, part: 'body' | 'querystring' | 'params'): Finding | null {
  const stack: { value: unknown; path: string[]; depth: number }[] = [{ value, path: [], depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      const bad = badText(current);
      if (bad) return { field: fieldOf(path, part), message: `must not contain ${bad}` };
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    if (depth >= MAX_INPUT_DEPTH) {
      return { field: fieldOf(path, part), message: `is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)` };
    }
    const entries = Array.isArray(current) ? current.map((v, i) => [String(i), v] as const) : Object.entries(current);
    for (const [key, inner] of entries) {
      const bad = badText(key);
      if (bad) return { field: fieldOf(path, part), message: `must not contain ${bad} in its keys` };
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
