import { getAppSecret } from '../auth/secret';
import { loadAuthSettings } from '../auth/settings';
import { signToken } from '../auth/signed-tokens';
import type { Db } from '../db/client';

/**
 * Links other domains put in mail (e.g. checkout's order confirmation), on SHOP_URL.
 */

/** The Email Notifications page for this address, with a signed token (no login needed, this address only). */
export async function notificationsUrl(db: Db, email: string): Promise<string> {
  const settings = loadAuthSettings();
  const token = signToken(await getAppSecret(db, settings.appSecret), { p: 'unsubscribe', s: email.trim().toLowerCase() });
  return `${settings.shopUrl}/aw_followupemail2/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The order's page in the account (customers only; guests have no account page). */
export function accountOrderUrl(orderId: number): string {
  return `${loadAuthSettings().shopUrl}/sales/order/view/order_id/${orderId}`;
}
