import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '@shop/shared/schemas';
import { sha256Hex } from '../auth/crypto';
import type { Db } from '../db/client';
import { HttpError } from '../http-errors';
import { createCustomerStore } from './store';

/**
 * Login tokens: opaque, 256 random bits (base64url), only their SHA-256 is stored. A token lives
 * 7 days from its last use (sliding, extended at most once an hour) and never more than 30 days
 * from login; logout revokes it, a password change or reset revokes all of the customer's tokens.
 */
export const TOKEN_IDLE_MS = 7 * 24 * 3600_000;
export const TOKEN_MAX_MS = 30 * 24 * 3600_000;
const EXTEND_AFTER_MS = 3600_000;

export interface AuthenticatedCustomer {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  /** Customer group for prices (1 General, 2 Trade, 3 Wholesale). */
  groupId: number;
  /** Hash of the token used (to revoke exactly this one). */
  tokenHash: string;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * The customer a login token belongs to, or null when the token is unknown, malformed, revoked
 * or expired. Other domains (cart, checkout) call this and answer 401 on null.
 */
export async function authenticateCustomer(db: Db, token: string | null | undefined): Promise<AuthenticatedCustomer | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const tokenHash = sha256Hex(token);
  const store = createCustomerStore(db);
  const row = await store.findLiveToken(tokenHash);
  if (!row) return null;
  if (Date.now() - row.token.lastUsedAt.getTime() > EXTEND_AFTER_MS) await store.extendToken(row.token.id, TOKEN_IDLE_MS);
  const c = row.customer;
  return { id: c.id, email: c.email, firstname: c.firstname, lastname: c.lastname, groupId: c.groupId, tokenHash };
}

/**
 * The login token of a request: `customerToken` in the body when given, else the header
 * `Authorization: Bearer <token>` or `Authorization-Customer: Bearer <token>`.
 */
export function customerTokenFrom(request: FastifyRequest, bodyToken?: string | null): string | undefined {
  if (bodyToken) return bodyToken;
  for (const name of ['authorization-customer', 'authorization']) {
    const value = request.headers[name];
    const header = Array.isArray(value) ? value[0] : value;
    const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
    if (match) return match[1];
  }
  return undefined;
}

/** authenticateCustomer for a request, or a 401 with a clear message. */
export async function requireCustomer(db: Db, request: FastifyRequest, bodyToken?: string | null): Promise<AuthenticatedCustomer> {
  const customer = await authenticateCustomer(db, customerTokenFrom(request, bodyToken));
  if (!customer) throw new HttpError(401, ACCOUNT_MESSAGES.sessionExpired);
  return customer;
}
