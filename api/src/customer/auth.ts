import { sha256Hex } from '../auth/crypto';
import type { Db } from '../db/client';
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
 * or expired. Only the request hook (shopper.ts) calls this: routes and services take the shopper.
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
