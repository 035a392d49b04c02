import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { BACKOFFICE_MESSAGES, ROLE_AREAS, type StaffRoleName } from '@shop/shared/backoffice';
import { randomToken, safeEqual, sha256Hex } from '../auth/crypto';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import { HttpError, notFound } from '../http-errors';
import type { ActivityLog, Actor } from './activity';
import { staff, staffSessions, staffSetupTokens, type StaffRole } from './schema';
import { checkTotp, newTotpSecret, totpEnrolment } from './totp';

export const SETUP_LINK_HOURS = 24;
/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 8 * 3600_000;
/** last_seen_at is written at most this often (one write a minute, not one per request). */
const TOUCH_EVERY_MS = 60_000;

export type StaffRow = typeof staff.$inferSelect;

export interface StaffSession {
  staff: StaffRow;
  csrfToken: string;
  tokenHash: string;
}

const setupLinkInvalid = () => new HttpError(404, BACKOFFICE_MESSAGES.setupLinkInvalid);

/**
 * Staff accounts: invitations (one-time set-up links), set-up (password, then TOTP confirmed by a
 * code), sign-in (email, password and code) and sessions. Every change is in the activity log.
 */
export function createStaffService({ db, activity, adminUrl }: { db: Db; activity: ActivityLog; adminUrl: string }) {
  const setupLink = (token: string) => `${adminUrl}/setup#${token}`;

  async function newSetupToken(executor: Db | Parameters<Parameters<Db['transaction']>[0]>[0], staffId: number): Promise<string> {
    const token = randomToken();
    await executor.insert(staffSetupTokens).values({
      tokenHash: sha256Hex(token),
      staffId,
      expiresAt: new Date(Date.now() + SETUP_LINK_HOURS * 3600_000),
    });
    return token;
  }

  async function openToken(token: string) {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw setupLinkInvalid();
    const [row] = await db
      .select({ token: staffSetupTokens, member: staff })
      .from(staffSetupTokens)
      .innerJoin(staff, eq(staff.id, staffSetupTokens.staffId))
      .where(and(eq(staffSetupTokens.tokenHash, sha256Hex(token)), isNull(staffSetupTokens.usedAt), gt(staffSetupTokens.expiresAt, sql`now()`)));
    if (!row || row.member.status !== 'invited') throw setupLinkInvalid();
    return row;
  }

  return {
    setupLink,

    /**
     * A new staff member with a set-up link; an invited member who lost the link gets a new one
     * (the old links stop working). An active or disabled account is not changed.
     */
    async add(email: string, role: StaffRole, actor: Actor): Promise<{ member: StaffRow; link: string }> {
      const address = email.trim().toLowerCase();
      return db.transaction(async (tx) => {
        const [existing] = await tx.select().from(staff).where(eq(staff.email, address)).for('update');
        if (existing && existing.status !== 'invited') {
          throw new HttpError(409, `${address} already has a staff account (${existing.status}).`, 'email');
        }
        const [member] = existing
          ? await tx.update(staff).set({ role, updatedAt: sql`now()` }).where(eq(staff.id, existing.id)).returning()
          : await tx.insert(staff).values({ email: address, role }).returning();
        await tx.delete(staffSetupTokens).where(eq(staffSetupTokens.staffId, member!.id));
        const token = await newSetupToken(tx, member!.id);
        await activity.record(tx, actor, {
          action: existing ? 'staff.reinvite' : 'staff.add',
          targetType: 'staff',
          targetId: member!.id,
          before: existing ? { email: existing.email, role: existing.role, status: existing.status } : null,
          after: { email: member!.email, role: member!.role, status: member!.status },
        });
        return { member: member!, link: setupLink(token) };
      });
    },

    async list(): Promise<StaffRow[]> {
      return db.select().from(staff).orderBy(asc(staff.email));
    },

    /** Disables an account and ends its sessions at once. */
    async disable(email: string, actor: Actor): Promise<StaffRow> {
      const address = email.trim().toLowerCase();
      return db.transaction(async (tx) => {
        const [existing] = await tx.select().from(staff).where(eq(staff.email, address)).for('update');
        if (!existing) throw notFound(`No staff account has the email ${address}.`);
        if (existing.status === 'disabled') return existing;
        const [member] = await tx.update(staff).set({ status: 'disabled', updatedAt: sql`now()` }).where(eq(staff.id, existing.id)).returning();
        await tx.update(staffSessions).set({ endedAt: sql`now()` }).where(and(eq(staffSessions.staffId, existing.id), isNull(staffSessions.endedAt)));
        await tx.delete(staffSetupTokens).where(eq(staffSetupTokens.staffId, existing.id));
        await activity.record(tx, actor, {
          action: 'staff.disable',
          targetType: 'staff',
          targetId: existing.id,
          before: { status: existing.status },
          after: { status: 'disabled' },
        });
        return member!;
      });
    },

    async setupInfo(token: string) {
      const { member } = await openToken(token);
      return { email: member.email, role: member.role };
    },

    /** Step 1: the password (customers' rules), and a fresh TOTP secret to enrol. */
    async setupPassword(token: string, password: string) {
      const { member } = await openToken(token);
      const secret = newTotpSecret();
      await db
        .update(staffSetupTokens)
        .set({ pendingPasswordHash: await hashPassword(password), pendingTotpSecret: secret })
        .where(eq(staffSetupTokens.tokenHash, sha256Hex(token)));
      return totpEnrolment(secret, member.email);
    },

    /** Step 2: a code from the app proves the secret is enrolled; the account becomes active. */
    async setupConfirm(token: string, code: string): Promise<void> {
      const { token: row, member } = await openToken(token);
      if (!row.pendingPasswordHash || !row.pendingTotpSecret) throw new HttpError(409, 'Choose your password first.');
      const step = await checkTotp(row.pendingTotpSecret, code, 0);
      if (step === null) throw new HttpError(400, BACKOFFICE_MESSAGES.badCode, 'code');
      await db.transaction(async (tx) => {
        const used = await tx
          .update(staffSetupTokens)
          .set({ usedAt: sql`now()` })
          .where(and(eq(staffSetupTokens.tokenHash, row.tokenHash), isNull(staffSetupTokens.usedAt)))
          .returning({ tokenHash: staffSetupTokens.tokenHash });
        if (used.length === 0) throw setupLinkInvalid();
        await tx
          .update(staff)
          .set({ status: 'active', passwordHash: row.pendingPasswordHash, totpSecret: row.pendingTotpSecret, totpLastStep: step, updatedAt: sql`now()` })
          .where(and(eq(staff.id, member.id), eq(staff.status, 'invited')));
        await activity.record(tx, { id: member.id, email: member.email }, {
          action: 'staff.setup',
          targetType: 'staff',
          targetId: member.id,
          before: { status: 'invited' },
          after: { status: 'active', twoFactor: true },
        });
      });
    },

    /**
     * Email, password and code. Answers the new session's token and CSRF token, or null (the
     * same for every failure, and in the same time whether the account exists or not).
     */
    async signIn(email: string, password: string, code: string): Promise<{ token: string; csrfToken: string; member: StaffRow } | null> {
      const [member] = await db.select().from(staff).where(eq(staff.email, email.trim().toLowerCase()));
      if (!member || member.status !== 'active' || !member.passwordHash || !member.totpSecret) {
        await verifyAgainstDummy(password);
        return null;
      }
      if (!(await verifyPassword(password, member.passwordHash))) return null;
      const step = await checkTotp(member.totpSecret, code, member.totpLastStep);
      if (step === null) return null;
      // The step is claimed in one statement: two sign-ins with one code, only one wins.
      const claimed = await db
        .update(staff)
        .set({ totpLastStep: step })
        .where(and(eq(staff.id, member.id), lt(staff.totpLastStep, step), eq(staff.status, 'active')))
        .returning({ id: staff.id });
      if (claimed.length === 0) return null;
      const token = randomToken();
      const csrfToken = randomToken();
      await db.insert(staffSessions).values({ tokenHash: sha256Hex(token), staffId: member.id, csrfToken });
      return { token, csrfToken, member };
    },

    /** The live session of a cookie's token (not ended, not idle 8 hours, account active). */
    async session(token: string | undefined): Promise<StaffSession | null> {
      if (!token || token.length > 100) return null;
      const tokenHash = sha256Hex(token);
      const [row] = await db
        .select({ session: staffSessions, member: staff })
        .from(staffSessions)
        .innerJoin(staff, eq(staff.id, staffSessions.staffId))
        .where(
          and(
            eq(staffSessions.tokenHash, tokenHash),
            isNull(staffSessions.endedAt),
            gt(staffSessions.lastSeenAt, sql`now() - ${`${SESSION_IDLE_MS} milliseconds`}::interval`),
            eq(staff.status, 'active'),
          ),
        );
      if (!row) return null;
      if (Date.now() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await db.update(staffSessions).set({ lastSeenAt: sql`now()` }).where(eq(staffSessions.tokenHash, tokenHash));
      }
      return { staff: row.member, csrfToken: row.session.csrfToken, tokenHash };
    },

    async signOut(tokenHash: string): Promise<void> {
      await db.update(staffSessions).set({ endedAt: sql`now()` }).where(eq(staffSessions.tokenHash, tokenHash));
    },

    /** Ended and long-idle sessions, used or expired set-up links: gone after a day. */
    async purge(): Promise<void> {
      await db
        .delete(staffSessions)
        .where(or(lt(staffSessions.endedAt, sql`now() - interval '1 day'`), lt(staffSessions.lastSeenAt, sql`now() - interval '2 days'`)));
      await db.delete(staffSetupTokens).where(lt(staffSetupTokens.expiresAt, sql`now() - interval '1 day'`));
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;

export const csrfMatches = (session: StaffSession, sent: string | undefined) => typeof sent === 'string' && safeEqual(session.csrfToken, sent);

export const areasOf = (role: StaffRoleName) => [...ROLE_AREAS[role]];
