import type { FastifyBaseLogger } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  findRegion,
  normalisePostcode,
  type Address,
  type AddressInput,
  type Customer,
} from '@shop/shared/schemas';
import { addressFromRow, addressToRow } from '../address/mapper';
import { randomToken, sha256Hex } from '../auth/crypto';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../auth/passwords';
import type { AuthSettings } from '../auth/settings';
import { HttpError, badRequest, notFound, unauthorized } from '../http-errors';
import type { Outbox } from '../mail/outbox';
import { emailChangedMail, passwordChangedMail, welcomeMail } from '../mail/templates';
import { TOKEN_IDLE_MS, TOKEN_MAX_MS, type AuthenticatedCustomer } from './auth';
import { createNewsletter } from './newsletter';
import { createPasswordReset } from './password-reset';
import { isUniqueViolation, type AddressRow, type CustomerRow, type CustomerStore, type NewAddress } from './store';

export const MAX_ADDRESSES = 50;

/** The current password given to change email or password is wrong (routes count these). */
export class WrongCurrentPassword extends HttpError {
  constructor() {
    super(400, ACCOUNT_MESSAGES.currentPasswordWrong, 'currentPassword');
  }
}

export { maskEmail } from './mask-email';
export { CAPTCHA_TTL_MS, RESET_TOKEN_TTL_MS, invalidResetToken } from './password-reset';

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

  const passwordReset = createPasswordReset({ store, settings, secret, outbox, inBackground });
  const newsletter = createNewsletter({ store, settings, secret, outbox });

  return {
    customerAnswer,
    /** Captcha, forgot-password and reset (password-reset.ts). */
    ...passwordReset,
    /** Newsletter and email notifications (newsletter.ts). */
    ...newsletter,
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
      // Disabled in the back office: the same answer as a wrong password.
      if (customer.disabledAt) return null;
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
