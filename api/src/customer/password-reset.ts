import { randomUUID } from 'node:crypto';
import { ACCOUNT_MESSAGES, CAPTCHA_HEIGHT, CAPTCHA_WIDTH, type CaptchaAnswer } from '@shop/shared/schemas';
import { captchaDataUrl, randomCaptchaCode } from '../auth/captcha-image';
import { hmacBase64url, randomToken, safeEqual, sha256Hex } from '../auth/crypto';
import { hashPassword } from '../auth/passwords';
import type { AuthSettings } from '../auth/settings';
import { HttpError } from '../http-errors';
import type { Outbox } from '../mail/outbox';
import { passwordChangedMail, passwordResetMail } from '../mail/templates';
import type { AuthenticatedCustomer } from './auth';
import type { CustomerStore } from './store';

export const RESET_TOKEN_TTL_MS = 3600_000;
export const CAPTCHA_TTL_MS = 10 * 60_000;

export const invalidResetToken = () => new HttpError(400, ACCOUNT_MESSAGES.invalidResetToken, 'resetToken');

export interface PasswordResetDeps {
  store: CustomerStore;
  settings: AuthSettings;
  secret: () => Promise<Buffer>;
  outbox: Outbox;
  /** Runs work the answer must not wait for (the customer service tracks it for tests). */
  inBackground(name: string, work: () => Promise<void>): void;
}

/**
 * Forgotten passwords: the captcha that guards the request, the reset mail (sent after the
 * answer, the same whether or not the address has an account) and setting a new password with
 * the mailed token. Part of the customer service (service.ts).
 */
export function createPasswordReset({ store, settings, secret, outbox, inBackground }: PasswordResetDeps) {
  const hmacCode = async (id: string, code: string) => hmacBase64url(await secret(), `captcha:${id}:${code}`);

  function resetLink(customerId: number, token: string) {
    return `${settings.shopUrl}/customer/account/createpassword?id=${customerId}&token=${encodeURIComponent(token)}`;
  }

  const api = {
    /* ---------------------------------------------------------------- captcha */

    /** A new challenge with its code (the code never leaves the server but in the picture). */
    async newCaptcha(): Promise<{ id: string; code: string }> {
      const id = randomUUID();
      const code = settings.captchaTestCode ?? randomCaptchaCode();
      await store.insertCaptcha(id, await hmacCode(id, code), CAPTCHA_TTL_MS);
      return { id, code };
    },

    async issueCaptcha(): Promise<CaptchaAnswer> {
      const { id, code } = await api.newCaptcha();
      return { id, image: captchaDataUrl(code), width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT, expires_in: CAPTCHA_TTL_MS / 1000 };
    },

    /** One answer per challenge, case-sensitive; a right answer makes it usable once by forgot-password. */
    async verifyCaptcha(id: string, answer: string): Promise<boolean> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
      const stored = await store.takeCaptchaAnswer(id.toLowerCase());
      if (!stored) return false;
      const ok = safeEqual(await hmacCode(id.toLowerCase(), answer), stored);
      if (ok) await store.markCaptchaSolved(id.toLowerCase());
      return ok;
    },

    /* ---------------------------------------------------------------- password reset */

    /**
     * Same answer, in the same time, whether or not the email has an account: the lookup, the
     * token and the mail happen after the answer. `send` false (over the per-address limit):
     * nothing is sent.
     */
    async forgotPassword(email: string, captchaToken: string, send: boolean) {
      const solved = /^[0-9a-f-]{36}$/i.test(captchaToken) && (await store.consumeSolvedCaptcha(captchaToken.toLowerCase()));
      if (!solved) throw new HttpError(400, ACCOUNT_MESSAGES.invalidCaptcha, 'captchaToken');
      if (send) {
        inBackground('password reset mail', async () => {
          const customer = await store.findByEmail(email);
          if (!customer) return;
          const token = randomToken();
          await store.transaction(async (tx) => {
            await store.insertResetToken(tx, customer.id, sha256Hex(token), RESET_TOKEN_TTL_MS);
            await outbox.enqueue(
              tx,
              passwordResetMail({ to: customer.email, link: resetLink(customer.id, token), minutes: RESET_TOKEN_TTL_MS / 60_000 }),
            );
          });
          outbox.kick();
        });
      }
      return { message: ACCOUNT_MESSAGES.resetLinkSent(email) };
    },

    /** A reset link sent at a staff member's request (the back office), in the caller's transaction. */
    async sendResetLink(tx: Parameters<Parameters<typeof store.transaction>[0]>[0], customer: { id: number; email: string }): Promise<void> {
      const token = randomToken();
      await store.insertResetToken(tx, customer.id, sha256Hex(token), RESET_TOKEN_TTL_MS);
      await outbox.enqueue(tx, passwordResetMail({ to: customer.email, link: resetLink(customer.id, token), minutes: RESET_TOKEN_TTL_MS / 60_000 }));
    },

    async resetTokenValid(customerId: number, resetToken: string): Promise<boolean> {
      return (await store.findLiveResetToken(sha256Hex(resetToken))) === customerId;
    },

    async resetPassword(input: { email: string; password: string; resetToken: string; customerId?: number }) {
      const tokenHash = sha256Hex(input.resetToken);
      const customerId = await store.findLiveResetToken(tokenHash);
      if (customerId === undefined || (input.customerId !== undefined && input.customerId !== customerId)) throw invalidResetToken();
      const customer = await store.findById(customerId);
      if (!customer || customer.email !== input.email) throw invalidResetToken();
      const passwordHash = await hashPassword(input.password);
      const done = await store.transaction(async (tx) => {
        if (!(await store.consumeResetToken(tx, tokenHash, customer.id))) return false;
        await store.updateCustomer(tx, customer.id, { passwordHash, passwordChangedAt: new Date() });
        await store.revokeAllTokens(tx, customer.id);
        await store.invalidateResetTokens(tx, customer.id);
        await outbox.enqueue(tx, passwordChangedMail({ to: customer.email, firstname: customer.firstname, shopUrl: settings.shopUrl }));
        return true;
      });
      if (!done) throw invalidResetToken();
      outbox.kick();
      return { message: ACCOUNT_MESSAGES.passwordUpdated };
    },

    /** Non-sensitive fields for the set-new-password page: only with that customer's reset token (or login). */
    async customerGet(customerId: number, resetToken: string | undefined, auth: AuthenticatedCustomer | null) {
      const allowed = auth ? auth.id === customerId : resetToken ? await api.resetTokenValid(customerId, resetToken) : false;
      if (!allowed) return false as const;
      const customer = await store.findById(customerId);
      return customer ? { id: customer.id, firstname: customer.firstname, email: customer.email } : (false as const);
    },
  };
  return api;
}
