import { EMAIL_EVENTS } from '@shop/shared/schemas';
import { signToken, verifySignedToken } from '../auth/signed-tokens';
import type { AuthSettings } from '../auth/settings';
import { unauthorized } from '../http-errors';
import type { Outbox } from '../mail/outbox';
import { newsletterConfirmMail } from '../mail/templates';
import type { AuthenticatedCustomer } from './auth';
import { maskEmail } from './mask-email';
import type { CustomerStore } from './store';

const NEWSLETTER_CONFIRM_TTL_S = 7 * 24 * 3600;

export interface NewsletterDeps {
  store: CustomerStore;
  settings: AuthSettings;
  secret: () => Promise<Buffer>;
  outbox: Outbox;
}

/**
 * The newsletter (customers directly, guests by double opt-in) and the email notification
 * choices reached through the signed link in every mail. Part of the customer service (service.ts).
 */
export function createNewsletter({ store, settings, secret, outbox }: NewsletterDeps) {
  const api = {
    /* ---------------------------------------------------------------- newsletter */

    async newsletter(
      input: { email: string; firstName?: string | null; lastName?: string | null; isSubscribed: boolean; unsubscribeToken?: string },
      auth: AuthenticatedCustomer | null,
    ) {
      if (auth) {
        const status = input.isSubscribed ? 'subscribed' : 'unsubscribed';
        await store.transaction(async (tx) => {
          const existing = await store.subscriberForCustomer(tx, auth.id, auth.email);
          if (existing && existing.email !== auth.email) {
            await store.moveEmail(tx, auth.id, existing.email, auth.email);
          }
          await store.upsertSubscriber(tx, { email: auth.email, customerId: auth.id, firstname: auth.firstname, lastname: auth.lastname, status });
        });
        return {
          status,
          message: input.isSubscribed ? 'We have saved your subscription.' : 'We have removed your newsletter subscription.',
        } as const;
      }
      if (!input.isSubscribed) {
        const key = await secret();
        const email = input.unsubscribeToken ? verifySignedToken(key, input.unsubscribeToken, 'unsubscribe') : null;
        if (!email || email !== input.email) {
          throw unauthorized('To unsubscribe, sign in or use the unsubscribe link at the bottom of one of our emails.');
        }
        const existing = await store.subscriberByEmail(email);
        if (existing) await store.upsertSubscriber(store.db, { email, status: 'unsubscribed' });
        return { status: 'unsubscribed', message: 'We have removed your newsletter subscription.' } as const;
      }
      // A guest: confirm by mail first (double opt-in), and say the same whatever the address's state.
      const existing = await store.subscriberByEmail(input.email);
      if (existing?.status !== 'subscribed') {
        const link = `${settings.shopUrl}/api/contact/newsletter/confirm?token=${encodeURIComponent(
          signToken(await secret(), { p: 'newsletter-confirm', s: input.email, x: Math.floor(Date.now() / 1000) + NEWSLETTER_CONFIRM_TTL_S }),
        )}`;
        await store.transaction(async (tx) => {
          await store.upsertSubscriber(tx, { email: input.email, firstname: input.firstName ?? null, lastname: input.lastName ?? null, status: 'pending' });
          await outbox.enqueue(tx, newsletterConfirmMail({ to: input.email, link }));
        });
        outbox.kick();
      }
      return { status: 'pending', message: 'Thank you. Please confirm your subscription with the link we have emailed you.' } as const;
    },

    /** The confirmation link of a guest's subscription; true when it confirmed one. */
    async confirmNewsletter(token: string): Promise<boolean> {
      const email = verifySignedToken(await secret(), token, 'newsletter-confirm');
      if (!email) return false;
      const existing = await store.subscriberByEmail(email);
      if (!existing) return false;
      if (existing.status === 'pending') await store.upsertSubscriber(store.db, { email, status: 'subscribed' });
      return existing.status !== 'unsubscribed';
    },

    /* ---------------------------------------------------------------- email notifications */

    /** A link that lets whoever holds it manage this address's notifications (put in every mail). */
    async unsubscribeToken(email: string): Promise<string> {
      return signToken(await secret(), { p: 'unsubscribe', s: email });
    },

    async notificationsEmail(auth: AuthenticatedCustomer | null, unsubscribeToken: string | undefined): Promise<string> {
      if (auth) return auth.email;
      const email = unsubscribeToken ? verifySignedToken(await secret(), unsubscribeToken, 'unsubscribe') : null;
      if (!email) throw unauthorized('Please sign in, or use the link in one of our emails, to change your email notifications.');
      return email;
    },

    async emailSubscriptions(email: string) {
      const saved = new Map((await store.listEmailSubscriptions(email)).map((r) => [r.eventCode, r.isSubscribed]));
      return {
        email: maskEmail(email),
        data: EMAIL_EVENTS.map((e) => ({ eventCode: e.code, label: e.label, isSubscribed: saved.get(e.code) ?? true })),
      };
    },

    async saveEmailSubscriptions(email: string, items: { eventCode: string; isSubscribed: boolean }[]) {
      const last = new Map(items.map((i) => [i.eventCode, i.isSubscribed]));
      await store.saveEmailSubscriptions(email, [...last].map(([eventCode, isSubscribed]) => ({ eventCode, isSubscribed })));
      return api.emailSubscriptions(email);
    },
  };
  return api;
}
