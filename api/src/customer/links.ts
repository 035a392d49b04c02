import { signToken } from '../auth/signed-tokens';

/**
 * Links other domains put in mail (e.g. checkout's order confirmation), on SHOP_URL. Built once by
 * the composition root (services.ts).
 */
export interface MailLinks {
  /** The Email Notifications page for this address, with a signed token (no login needed, this address only). */
  notificationsUrl(email: string): Promise<string>;
  /** The order's page in the account (customers only; guests have no account page). */
  accountOrderUrl(orderId: number): string;
}

export function createMailLinks(shopUrl: string, secret: () => Promise<Buffer>): MailLinks {
  return {
    async notificationsUrl(email) {
      const token = signToken(await secret(), { p: 'unsubscribe', s: email.trim().toLowerCase() });
      return `${shopUrl}/aw_followupemail2/unsubscribe?token=${encodeURIComponent(token)}`;
    },
    accountOrderUrl: (orderId) => `${shopUrl}/sales/order/view/order_id/${orderId}`,
  };
}
