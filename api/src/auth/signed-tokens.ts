import { hmacBase64url, safeEqual } from './crypto';

/**
 * Signed tokens for links in mail (unsubscribe, newsletter confirmation) and download links:
 * `<payload base64url>.<HMAC-SHA256 base64url>`, the payload being `{ p: purpose, s: subject,
 * x?: expiry (unix seconds) }`. The purpose is signed, so a token made for one use is refused by
 * another. Nothing secret is inside (only the subject, e.g. an email address).
 */
export interface SignedPayload {
  /** What the token is for: 'unsubscribe', 'newsletter-confirm', 'download'. */
  p: string;
  /** Whom or what it is about: an email address, `<customerId>:<linkId>`... */
  s: string;
  /** Expiry, unix seconds; absent: does not expire. */
  x?: number;
}

export function signToken(secret: Buffer, payload: SignedPayload): string {
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${body}.${hmacBase64url(secret, `v1.${body}`)}`;
}

/** The subject when the token is genuine, for this purpose and not expired; else null. */
export function verifySignedToken(secret: Buffer, token: string, purpose: string, now = Date.now()): string | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 1000) return null;
  const body = token.slice(0, dot);
  const mac = token.slice(dot + 1);
  if (!safeEqual(mac, hmacBase64url(secret, `v1.${body}`))) return null;
  let payload: Partial<SignedPayload>;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<SignedPayload>;
  } catch {
    return null;
  }
  if (payload.p !== purpose || typeof payload.s !== 'string') return null;
  if (payload.x !== undefined && (typeof payload.x !== 'number' || payload.x * 1000 < now)) return null;
  return payload.s;
}
