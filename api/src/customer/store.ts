import { and, asc, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../db/client';
import {
  billingAgreements,
  captchaChallenges,
  customerAddresses,
  customers,
  customerSubscriptions,
  customerTokens,
  emailSubscriptions,
  newsletterSubscribers,
  passwordResetTokens,
} from './schema';

export type CustomerRow = typeof customers.$inferSelect;
export type AddressRow = typeof customerAddresses.$inferSelect;
export type NewAddress = Omit<typeof customerAddresses.$inferInsert, 'id' | 'customerId' | 'createdAt' | 'updatedAt'>;
export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

/** A unique constraint refused the write (PostgreSQL 23505), as thrown by either driver. */
export const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** Every query of the accounts domain. */
export function createCustomerStore(db: Db) {
  return {
    db,
    transaction: <T>(work: (tx: DbExecutor) => Promise<T>) => db.transaction((tx) => work(tx)),

    /* ---------------------------------------------------------------- customers */
    async findByEmail(email: string, executor: DbExecutor = db): Promise<CustomerRow | undefined> {
      const [row] = await executor.select().from(customers).where(eq(customers.email, email));
      return row;
    },
    async findById(id: number, executor: DbExecutor = db): Promise<CustomerRow | undefined> {
      const [row] = await executor.select().from(customers).where(eq(customers.id, id));
      return row;
    },
    /** Undefined when the email is taken. */
    async insertCustomer(
      executor: DbExecutor,
      values: { email: string; firstname: string; lastname: string; company: string | null; passwordHash: string },
    ): Promise<CustomerRow | undefined> {
      const [row] = await executor.insert(customers).values(values).onConflictDoNothing({ target: customers.email }).returning();
      return row;
    },
    /** Throws a unique violation (isUniqueViolation) when a new email is taken: catch it outside the transaction. */
    async updateCustomer(executor: DbExecutor, id: number, patch: Partial<typeof customers.$inferInsert>): Promise<void> {
      await executor
        .update(customers)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(customers.id, id));
    },

    /* ---------------------------------------------------------------- addresses */
    listAddresses: (customerId: number, executor: DbExecutor = db): Promise<AddressRow[]> =>
      executor.select().from(customerAddresses).where(eq(customerAddresses.customerId, customerId)).orderBy(asc(customerAddresses.id)),
    async countAddresses(executor: DbExecutor, customerId: number): Promise<number> {
      const [row] = await executor.select({ n: count() }).from(customerAddresses).where(eq(customerAddresses.customerId, customerId));
      return row?.n ?? 0;
    },
    async findAddress(executor: DbExecutor, customerId: number, addressId: number): Promise<AddressRow | undefined> {
      const [row] = await executor
        .select()
        .from(customerAddresses)
        .where(and(eq(customerAddresses.id, addressId), eq(customerAddresses.customerId, customerId)));
      return row;
    },
    async insertAddress(executor: DbExecutor, customerId: number, values: NewAddress): Promise<AddressRow> {
      const [row] = await executor.insert(customerAddresses).values({ ...values, customerId }).returning();
      return row!;
    },
    async updateAddress(executor: DbExecutor, customerId: number, addressId: number, values: NewAddress): Promise<boolean> {
      const rows = await executor
        .update(customerAddresses)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(customerAddresses.id, addressId), eq(customerAddresses.customerId, customerId)))
        .returning({ id: customerAddresses.id });
      return rows.length > 0;
    },
    async deleteAddress(executor: DbExecutor, customerId: number, addressId: number): Promise<boolean> {
      const rows = await executor
        .delete(customerAddresses)
        .where(and(eq(customerAddresses.id, addressId), eq(customerAddresses.customerId, customerId)))
        .returning({ id: customerAddresses.id });
      return rows.length > 0;
    },
    /** Locks the customer's row: address changes of one customer run one after another. */
    async lockCustomer(executor: DbExecutor, customerId: number): Promise<CustomerRow | undefined> {
      const [row] = await executor.select().from(customers).where(eq(customers.id, customerId)).for('update');
      return row;
    },

    /* ---------------------------------------------------------------- login tokens */
    async insertToken(customerId: number, tokenHash: string, idleMs: number, maxMs: number): Promise<Date> {
      const [row] = await db
        .insert(customerTokens)
        .values({
          customerId,
          tokenHash,
          expiresAt: sql`now() + (${idleMs} * interval '1 millisecond')`,
          maxExpiresAt: sql`now() + (${maxMs} * interval '1 millisecond')`,
        })
        .returning({ expiresAt: customerTokens.expiresAt });
      return row!.expiresAt;
    },
    /** The live token with its customer, or undefined (unknown, revoked or expired). */
    async findLiveToken(tokenHash: string) {
      const [row] = await db
        .select({ token: customerTokens, customer: customers })
        .from(customerTokens)
        .innerJoin(customers, eq(customers.id, customerTokens.customerId))
        .where(and(eq(customerTokens.tokenHash, tokenHash), isNull(customerTokens.revokedAt), gt(customerTokens.expiresAt, sql`now()`)));
      return row;
    },
    /** Sliding expiry: now + idle, never past the token's maximum. */
    async extendToken(id: number, idleMs: number): Promise<void> {
      await db
        .update(customerTokens)
        .set({
          lastUsedAt: sql`now()`,
          expiresAt: sql`least(${customerTokens.maxExpiresAt}, now() + (${idleMs} * interval '1 millisecond'))`,
        })
        .where(eq(customerTokens.id, id));
    },
    async revokeToken(tokenHash: string): Promise<void> {
      await db
        .update(customerTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(customerTokens.tokenHash, tokenHash), isNull(customerTokens.revokedAt)));
    },
    async revokeAllTokens(executor: DbExecutor, customerId: number): Promise<void> {
      await executor
        .update(customerTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(customerTokens.customerId, customerId), isNull(customerTokens.revokedAt)));
    },
    /** Housekeeping: tokens, reset tokens and captchas past use for a day. */
    async purgeExpired(): Promise<void> {
      const dayAgo = sql`now() - interval '1 day'`;
      await db.delete(customerTokens).where(or(lt(customerTokens.expiresAt, dayAgo), lt(customerTokens.revokedAt, dayAgo)));
      await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, dayAgo));
      await db.delete(captchaChallenges).where(lt(captchaChallenges.expiresAt, dayAgo));
    },

    /* ---------------------------------------------------------------- password reset */
    async insertResetToken(executor: DbExecutor, customerId: number, tokenHash: string, ttlMs: number): Promise<void> {
      // A new link replaces the older ones.
      await executor
        .update(passwordResetTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordResetTokens.customerId, customerId), isNull(passwordResetTokens.usedAt)));
      await executor.insert(passwordResetTokens).values({
        customerId,
        tokenHash,
        expiresAt: sql`now() + (${ttlMs} * interval '1 millisecond')`,
      });
    },
    /** The customer id of a live (unused, unexpired) reset token. */
    async findLiveResetToken(tokenHash: string): Promise<number | undefined> {
      const [row] = await db
        .select({ customerId: passwordResetTokens.customerId })
        .from(passwordResetTokens)
        .where(
          and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`)),
        );
      return row?.customerId;
    },
    /** Marks a live reset token used (once: concurrent uses see undefined) and answers its customer. */
    async consumeResetToken(executor: DbExecutor, tokenHash: string, customerId: number): Promise<boolean> {
      const rows = await executor
        .update(passwordResetTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            eq(passwordResetTokens.customerId, customerId),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: passwordResetTokens.id });
      return rows.length > 0;
    },
    async invalidateResetTokens(executor: DbExecutor, customerId: number): Promise<void> {
      await executor
        .update(passwordResetTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordResetTokens.customerId, customerId), isNull(passwordResetTokens.usedAt)));
    },

    /* ---------------------------------------------------------------- captcha */
    async insertCaptcha(id: string, codeHash: string, ttlMs: number): Promise<void> {
      await db.insert(captchaChallenges).values({ id, codeHash, expiresAt: sql`now() + (${ttlMs} * interval '1 millisecond')` });
    },
    /** Takes the one answer a challenge gets: the stored code hash, or undefined (unknown, answered, expired). */
    async takeCaptchaAnswer(id: string): Promise<string | undefined> {
      const [row] = await db
        .update(captchaChallenges)
        .set({ answeredAt: sql`now()` })
        .where(and(eq(captchaChallenges.id, id), isNull(captchaChallenges.answeredAt), gt(captchaChallenges.expiresAt, sql`now()`)))
        .returning({ codeHash: captchaChallenges.codeHash });
      return row?.codeHash;
    },
    async markCaptchaSolved(id: string): Promise<void> {
      await db.update(captchaChallenges).set({ solved: true }).where(eq(captchaChallenges.id, id));
    },
    /** Uses a solved challenge once (forgot-password); false if not solved, used or expired. */
    async consumeSolvedCaptcha(id: string): Promise<boolean> {
      const rows = await db
        .update(captchaChallenges)
        .set({ consumedAt: sql`now()` })
        .where(
          and(
            eq(captchaChallenges.id, id),
            eq(captchaChallenges.solved, true),
            isNull(captchaChallenges.consumedAt),
            gt(captchaChallenges.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: captchaChallenges.id });
      return rows.length > 0;
    },

    /* ---------------------------------------------------------------- newsletter */
    async subscriberForCustomer(executor: DbExecutor, customerId: number, email: string): Promise<SubscriberRow | undefined> {
      const rows = await executor
        .select()
        .from(newsletterSubscribers)
        .where(or(eq(newsletterSubscribers.customerId, customerId), eq(newsletterSubscribers.email, email)))
        .orderBy(sql`${newsletterSubscribers.customerId} is null`);
      return rows[0];
    },
    async subscriberByEmail(email: string): Promise<SubscriberRow | undefined> {
      const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
      return row;
    },
    /** Creates or updates the row of this email address (and links it to the customer when given). */
    async upsertSubscriber(
      executor: DbExecutor,
      values: {
        email: string;
        customerId?: number | null;
        firstname?: string | null;
        lastname?: string | null;
        status: 'pending' | 'subscribed' | 'unsubscribed';
      },
    ): Promise<void> {
      const confirmed = values.status === 'subscribed' ? sql`now()` : sql`${newsletterSubscribers.confirmedAt}`;
      await executor
        .insert(newsletterSubscribers)
        .values({ ...values, confirmedAt: values.status === 'subscribed' ? sql`now()` : null })
        .onConflictDoUpdate({
          target: newsletterSubscribers.email,
          set: {
            status: values.status,
            ...(values.customerId ? { customerId: values.customerId } : {}),
            ...(values.firstname ? { firstname: values.firstname } : {}),
            ...(values.lastname ? { lastname: values.lastname } : {}),
            confirmedAt: confirmed,
            updatedAt: sql`now()`,
          },
        });
    },
    /** A customer changed email: their newsletter row and notification settings follow. */
    async moveEmail(executor: DbExecutor, customerId: number, from: string, to: string): Promise<void> {
      await executor.delete(newsletterSubscribers).where(and(eq(newsletterSubscribers.email, to), isNull(newsletterSubscribers.customerId)));
      await executor
        .update(newsletterSubscribers)
        .set({ email: to, updatedAt: sql`now()` })
        .where(eq(newsletterSubscribers.customerId, customerId));
      await executor.delete(emailSubscriptions).where(eq(emailSubscriptions.email, to));
      await executor.update(emailSubscriptions).set({ email: to }).where(eq(emailSubscriptions.email, from));
    },

    /* ---------------------------------------------------------------- email notifications */
    listEmailSubscriptions: (email: string) =>
      db
        .select({ eventCode: emailSubscriptions.eventCode, isSubscribed: emailSubscriptions.isSubscribed })
        .from(emailSubscriptions)
        .where(eq(emailSubscriptions.email, email)),
    async saveEmailSubscriptions(email: string, items: { eventCode: string; isSubscribed: boolean }[]): Promise<void> {
      if (items.length === 0) return;
      await db
        .insert(emailSubscriptions)
        .values(items.map((i) => ({ email, eventCode: i.eventCode, isSubscribed: i.isSubscribed })))
        .onConflictDoUpdate({
          target: [emailSubscriptions.email, emailSubscriptions.eventCode],
          set: { isSubscribed: sql`excluded.is_subscribed`, updatedAt: sql`now()` },
        });
    },

    /* ---------------------------------------------------------------- account lists */
    listBillingAgreements: (customerId: number) =>
      db.select().from(billingAgreements).where(eq(billingAgreements.customerId, customerId)).orderBy(desc(billingAgreements.createdAt)),
    listSubscriptions: (customerId: number) =>
      db
        .select()
        .from(customerSubscriptions)
        .where(eq(customerSubscriptions.customerId, customerId))
        .orderBy(desc(customerSubscriptions.createdAt)),
  };
}

export type CustomerStore = ReturnType<typeof createCustomerStore>;
