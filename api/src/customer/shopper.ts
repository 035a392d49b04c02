import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '@shop/shared/schemas';
import type { Db } from '../db/client';
import { HttpError } from '../http-errors';
import { authenticateCustomer, type AuthenticatedCustomer } from './auth';

/**
 * Who is asking, worked out once per request (`identifyShopper`, a preHandler hook on /api) and
 * read by every route as `request.shopper`. Routes hand the shopper to the services; no service
 * or route reads the login token itself.
 *
 * - `guest`: no login token; `cartId` is the guest basket the body names (null when none yet).
 * - `customer`: a live login token; `cartId` is whatever basket the body names (ignored by the
 *   basket calls, which work on the customer's own open basket; confirm-order uses it to find a
 *   basket the customer just ordered).
 * - `expired`: a login token was sent but it is unknown, malformed, revoked or expired. The calls
 *   that need a customer answer 401; a few act as for a guest (logout, a notifications link).
 */
export type Shopper =
  | { kind: 'guest'; cartId: string | null }
  | { kind: 'customer'; customer: AuthenticatedCustomer; cartId: string | null }
  | { kind: 'expired'; cartId: string | null };

declare module 'fastify' {
  interface FastifyRequest {
    shopper: Shopper;
  }
}

/**
 * The login token of a request: `customerToken` in the body when given, else the header
 * `Authorization: Bearer <token>` or `Authorization-Customer: Bearer <token>`.
 */
function loginTokenOf(request: FastifyRequest): string | null {
  const body = bodyFields(request);
  if (typeof body.customerToken === 'string' && body.customerToken) return body.customerToken;
  for (const name of ['authorization-customer', 'authorization']) {
    const value = request.headers[name];
    const header = Array.isArray(value) ? value[0] : value;
    const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
    if (match) return match[1]!;
  }
  return null;
}

/** The validated body's fields (a JSON object), or none (a GET, a raw webhook body). */
function bodyFields(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  return body && typeof body === 'object' && !Buffer.isBuffer(body) && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/**
 * The one place the login token is read: a preHandler hook (after the body is validated, so the
 * token and cartId are the schema's), registered once for every route under /api.
 */
export function identifyShopper(db: Db) {
  return async function identify(request: FastifyRequest): Promise<void> {
    const cartId = bodyFields(request).cartId;
    const basket = typeof cartId === 'string' && cartId ? cartId : null;
    const token = loginTokenOf(request);
    if (!token) {
      request.shopper = { kind: 'guest', cartId: basket };
      return;
    }
    const customer = await authenticateCustomer(db, token);
    request.shopper = customer ? { kind: 'customer', customer, cartId: basket } : { kind: 'expired', cartId: basket };
  };
}

/** The signed-in customer, or 401 (`Your session has expired. Please sign in again.`). */
export function customerFor(shopper: Shopper): AuthenticatedCustomer {
  if (shopper.kind !== 'customer') throw new HttpError(401, ACCOUNT_MESSAGES.sessionExpired);
  return shopper.customer;
}

/** The signed-in customer, or null (no token, or a dead one). */
export function customerOrNull(shopper: Shopper): AuthenticatedCustomer | null {
  return shopper.kind === 'customer' ? shopper.customer : null;
}
