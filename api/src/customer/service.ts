import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  EMAIL_EVENTS,
  findRegion,
  normalisePostcode,
  CAPTCHA_HEIGHT,
  CAPTCHA_WIDTH,
  type Address,
  type AddressInput,
  type CaptchaAnswer,
  type Customer,
} from '@shop/shared/schemas';
import { addressFromRow, addressToRow } from '../address/mapper';
import { captchaDataUrl, randomCaptchaCode } from '../auth/captcha-image';
import { hmacBase64url, randomToken, safeEqual, sha256Hex } from '../auth/crypto';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../auth/passwords';
import { signToken, verifySignedToken } from '../auth/signed-tokens';
import type { AuthSettings } from '../auth/settings';
import { HttpError, badRequest, notFound, unauthorized } from '../http-errors';
import type { Outbox } from '../mail/outbox';
import {
  emailChangedMail,
  newsletterConfirmMail,
  passwordChangedMail,
  passwordResetMail,
  welcomeMail,
} from '../mail/templates';
import { TOKEN_IDLE_MS, TOKEN_MAX_MS, type AuthenticatedCustomer } from './auth';
import { isUniqueViolation, type AddressRow, type CustomerRow, type CustomerStore, type NewAddress } from './store';

export const RESET_TOKEN_TTL_MS = 3600_000;
export const CAPTCHA_TTL_MS = 10 * 60_000;
export const MAX_ADDRESSES = 50;
const NEWSLETTER_CONFIRM_TTL_S = 7 * 24 * 3600;

/** The current password given to change email or password is wrong (routes count these). */
export class WrongCurrentPassword extends HttpError {
  constructor() {
    super(400, ACCOUNT_MESSAGES.currentPasswordWrong, 'currentPassword');
  }
}

export const invalidResetToken = () => new HttpError(400, ACCOUNT_MESSAGES.invalidResetToken, 'resetToken');

/** j***@example.com */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

export interface CustomerServiceDeps {
  store: CustomerStore;
  settings: AuthSettings;
  secret: () => Promise<Buffer>;
  outbox: Outbox;
  log: FastifyBaseLogger;
}

export function createCustomerService({ store, settings, secret, outbox, log }: CustomerServiceDeps) {
  /** Work the answer must not wait for (forgot-password), tracked so tests can wait for it. */
  const background = new Set<Promise<void>>();
  const inBackground = (name: string, work: () => Promise<void>) => {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error) => log.error({ err: error }, `${name} failed`))
      .finally(() => background.delete(task));
    background.add(task);
  };

  if (settings.captchaTestCode) log.warn('CAPTCHA_TEST_CODE is set: every captcha has the same code. For automated tests only.');

  const hmacCode = async (id: string, code: string) => hmacBase64url(await secret(), `captcha:${id}:${code}`);

  /* ------------------------------------------------------------------ answers */

  function addressAnswer(row: AddressRow, customer: CustomerRow): Address {
    const { region, region_code, ...address } = addressFromRow(row);
    return {
      id: row.id,
      customer_id: row.customerId,
      ...address,
      region: { region, region_code, region_id: row.regionId },
      default_billing: customer.defaultBillingAddressId === row.id,
      default_shipping: customer.defaultShippingAddressId === row.id,
      ...(row.label ? { custom_attributes: [{ attribute_code: 'address_label', value: row.label }] } : {}),
    };
  }

  async function customerAnswer(customerId: number): Promise<Customer> {
    const customer = await store.findById(customerId);
    if (!customer) throw unauthorized(ACCOUNT_MESSAGES.sessionExpired);
    const [addresses, subscriber] = await Promise.all([
      store.listAddresses(customerId),
      store.subscriberForCustomer(store.db, customerId, customer.email),
    ]);
    return {
      id: customer.id,
      firstname: customer.firstname,
      lastname: customer.lastname,
      email: customer.email,
      group_id: customer.groupId,
      created_at: customer.createdAt.toISOString(),
      ...(customer.defaultBillingAddressId ? { default_billing: String(customer.defaultBillingAddressId) } : {}),
      ...(customer.defaultShippingAddressId ? { default_shipping: String(customer.defaultShippingAddressId) } : {}),
      addresses: addresses.map((a) => addressAnswer(a, customer)),
      custom_attributes: customer.company ? [{ attribute_code: 'company_name', value: customer.company }] : [],
      extension_attributes: { is_subscribed: subscriber?.status === 'subscribed' },
    };
  }

  function addressValues(input: AddressInput): NewAddress {
    // The region is named from its id; a region sent as text is ignored (addressInputSchema).
    const region = findRegion(input.country_id, input.region_id);
    return {
      ...addressToRow({
        ...input,
        postcode: normalisePostcode(input.country_id, input.postcode),
        region_id: region?.id ?? null,
        region: region?.name ?? null,
        region_code: region?.code ?? null,
      }),
      label: input.custom_attributes?.[0]?.value || null,
    };
  }

  async function issueLoginToken(customerId: number) {
    const token = randomToken();
    const expiresAt = await store.insertToken(customerId, sha256Hex(token), TOKEN_IDLE_MS, TOKEN_MAX_MS);
    return { token, expires_at: expiresAt.toISOString() };
  }

  function resetLink(customerId: number, token: string) {
    return `${settings.shopUrl}/customer/account/createpassword?id=${customerId}&token=${encodeURIComponent(token)}`;
  }

  return {
    customerAnswer,
    /** Waits for background work (tests). */
    async settled() {
      while (background.size) await Promise.all([...background]);
      await outbox.drain();
    },

    /* ---------------------------------------------------------------- register, login */

    async register(input: { firstname: string; lastname: string; company?: string | null; email: string; password: string; newsletter?: boolean }) {
      const passwordHash = await hashPassword(input.password);
      const created = await store.transaction(async (tx) => {
        const customer = await store.insertCustomer(tx, {
          email: input.email,
          firstname: input.firstname,
          lastname: input.lastname,
          company: input.company || null,
          passwordHash,
        });
        if (!customer) return undefined;
        if (input.newsletter) {
          await store.upsertSubscriber(tx, {
            email: customer.email,
            customerId: customer.id,
            firstname: customer.firstname,
            lastname: customer.lastname,
            status: 'subscribed',
          });
        }
        await outbox.enqueue(tx, welcomeMail({ to: customer.email, shopUrl: settings.shopUrl }));
        return customer;
      });
      if (!created) throw new HttpError(409, ACCOUNT_MESSAGES.emailTaken, 'email');
      outbox.kick();
      return { customerId: created.id };
    },

    /** A token, or null for any wrong email/password (same time either way). */
    async login(email: string, password: string) {
      const customer = await store.findByEmail(email);
      if (!customer) return verifyAgainstDummy(password).then(() => null);
      if (!(await verifyPassword(password, customer.passwordHash))) return null;
      if (needsRehash(customer.passwordHash)) {
        await store.updateCustomer(store.db, customer.id, { passwordHash: await hashPassword(password) });
      }
      return issueLoginToken(customer.id);
    },

    logout: (auth: AuthenticatedCustomer) => store.revokeToken(auth.tokenHash),

    /* ---------------------------------------------------------------- profile */

    async updateMe(
      auth: AuthenticatedCustomer,
      input: { firstname?: string; lastname?: string; email?: string; company?: string | null; newPassword?: string; currentPassword?: string },
    ) {
      const customer = await store.findById(auth.id);
      if (!customer) throw unauthorized(ACCOUNT_MESSAGES.sessionExpired);
      const emailChanges = input.email !== undefined && input.email !== customer.email;
      const passwordChanges = input.newPassword !== undefined;
      if (emailChanges || passwordChanges) {
        if (!input.currentPassword) throw badRequest(ACCOUNT_MESSAGES.currentPasswordRequired, 'currentPassword');
        if (!(await verifyPassword(input.currentPassword, customer.passwordHash))) throw new WrongCurrentPassword();
      }
      if (emailChanges && (await store.findByEmail(input.email!))) throw new HttpError(409, ACCOUNT_MESSAGES.emailTaken, 'email');
      const passwordHash = passwordChanges ? await hashPassword(input.newPassword!) : undefined;
      try {
        await store.transaction(async (tx) => {
          await store.updateCustomer(tx, customer.id, {
            ...(input.firstname !== undefined ? { firstname: input.firstname } : {}),
            ...(input.lastname !== undefined ? { lastname: input.lastname } : {}),
            ...(input.company !== undefined ? { company: input.company || null } : {}),
            ...(emailChanges ? { email: input.email } : {}),
            ...(passwordHash ? { passwordHash, passwordChangedAt: new Date() } : {}),
          });
          const firstname = input.firstname ?? customer.firstname;
          if (emailChanges) {
            await store.moveEmail(tx, customer.id, customer.email, input.email!);
            await outbox.enqueue(tx, emailChangedMail({ to: customer.email, firstname, newEmail: input.email! }));
          }
          if (passwordHash) {
            await store.revokeAllTokens(tx, customer.id);
            await store.invalidateResetTokens(tx, customer.id);
            await outbox.enqueue(tx, passwordChangedMail({ to: input.email ?? customer.email, firstname, shopUrl: settings.shopUrl }));
          }
        });
      } catch (error) {
        // Another account took the address between the check and the write.
        if (isUniqueViolation(error)) throw new HttpError(409, ACCOUNT_MESSAGES.emailTaken, 'email');
        throw error;
      }
      outbox.kick();
      // Every token was revoked: this browser gets a new one so it stays signed in.
      const token = passwordHash ? (await issueLoginToken(customer.id)).token : undefined;
      return { message: 'You saved the account information.', token };
    },

    /* ---------------------------------------------------------------- addresses */

    async listAddresses(auth: AuthenticatedCustomer) {
      return (await customerAnswer(auth.id)).addresses;
    },

    async addAddress(auth: AuthenticatedCustomer, input: AddressInput) {
      if (input.id !== undefined) throw badRequest('A new address has no id: use update-address to change one.', 'address.id');
      await store.transaction(async (tx) => {
        const customer = await store.lockCustomer(tx, auth.id);
        if (!customer) throw unauthorized(ACCOUNT_MESSAGES.sessionExpired);
        if ((await store.countAddresses(tx, auth.id)) >= MAX_ADDRESSES) {
          throw badRequest(`You can keep at most ${MAX_ADDRESSES} addresses. Please delete one first.`, 'address');
        }
        const row = await store.insertAddress(tx, auth.id, addressValues(input));
        // Checked boxes move the default here; the first address becomes the default as well.
        const billing = input.default_billing || !customer.defaultBillingAddressId;
        const shipping = input.default_shipping || !customer.defaultShippingAddressId;
        if (billing || shipping) {
          await store.updateCustomer(tx, auth.id, {
            ...(billing ? { defaultBillingAddressId: row.id } : {}),
            ...(shipping ? { defaultShippingAddressId: row.id } : {}),
          });
        }
      });
      return { message: 'You saved the address.', customer: await customerAnswer(auth.id) };
    },

    async updateAddress(auth: AuthenticatedCustomer, input: AddressInput) {
      if (input.id === undefined) throw badRequest('Address data or address ID is missing for update.', 'address.id');
      const addressId = input.id;
      await store.transaction(async (tx) => {
        const customer = await store.lockCustomer(tx, auth.id);
        if (!customer) throw unauthorized(ACCOUNT_MESSAGES.sessionExpired);
        if (!(await store.updateAddress(tx, auth.id, addressId, addressValues(input)))) throw notFound('Address not found');
        const patch: { defaultBillingAddressId?: number | null; defaultShippingAddressId?: number | null } = {};
        if (input.default_billing === true) patch.defaultBillingAddressId = addressId;
        else if (input.default_billing === false && customer.defaultBillingAddressId === addressId) patch.defaultBillingAddressId = null;
        if (input.default_shipping === true) patch.defaultShippingAddressId = addressId;
        else if (input.default_shipping === false && customer.defaultShippingAddressId === addressId) patch.defaultShippingAddressId = null;
        if (Object.keys(patch).length) await store.updateCustomer(tx, auth.id, patch);
      });
      return { message: 'You saved the address.', customer: await customerAnswer(auth.id) };
    },

    async deleteAddress(auth: AuthenticatedCustomer, addressId: number) {
      const deleted = await store.transaction(async (tx) => {
        await store.lockCustomer(tx, auth.id);
        return store.deleteAddress(tx, auth.id, addressId);
      });
      if (!deleted) throw notFound('Address not found');
      return { message: 'You deleted the address.', customer: await customerAnswer(auth.id) };
    },

    /* ---------------------------------------------------------------- captcha */

    /** A new challenge with its code (the code never leaves the server but in the picture). */
    async newCaptcha(): Promise<{ id: string; code: string }> {
      const id = randomUUID();
      const code = settings.captchaTestCode ?? randomCaptchaCode();
      await store.insertCaptcha(id, await hmacCode(id, code), CAPTCHA_TTL_MS);
      return { id, code };
    },

    async issueCaptcha(): Promise<CaptchaAnswer> {
      const { id, code } = await this.newCaptcha();
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
      const allowed = auth ? auth.id === customerId : resetToken ? await this.resetTokenValid(customerId, resetToken) : false;
      if (!allowed) return false as const;
      const customer = await store.findById(customerId);
      return customer ? { id: customer.id, firstname: customer.firstname, email: customer.email } : (false as const);
    },

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
      return this.emailSubscriptions(email);
    },

    /* ---------------------------------------------------------------- account lists */

    async billingAgreements(auth: AuthenticatedCustomer) {
      const rows = await store.listBillingAgreements(auth.id);
      const items = rows.map((r) => ({
        id: r.id,
        method: r.method,
        method_title: r.method === 'paypal_express' ? 'PayPal Billing Agreement' : r.method,
        reference_id: r.referenceId,
        status: r.status,
        created_at: r.createdAt.toISOString(),
        updated_at: r.updatedAt.toISOString(),
      }));
      return { items, totalCount: items.length };
    },

    async subscriptions(auth: AuthenticatedCustomer) {
      const rows = await store.listSubscriptions(auth.id);
      const items = rows.map((r) => ({
        id: r.id,
        product_name: r.productName,
        status: r.status,
        amount: r.amountPence / 100,
        currency: 'GBP' as const,
        interval: r.interval,
        current_period_end: r.currentPeriodEnd?.toISOString() ?? null,
        created_at: r.createdAt.toISOString(),
      }));
      return { items, totalCount: items.length };
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
