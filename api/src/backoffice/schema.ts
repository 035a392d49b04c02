import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The back office's tables. Staff are not customers: their own accounts, sessions and set-up
 * links. Every staff write leaves a row in `staff_activity`, which a trigger (migration 0017)
 * keeps append-only: no route, and no statement, changes or deletes it.
 */

export const STAFF_ROLES = ['owner', 'orders', 'catalogue', 'content'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** 'invited': the set-up link is out; 'active': password and two-factor set; 'disabled'. */
export const STAFF_STATUSES = ['invited', 'active', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    /** Lower case. */
    email: text('email').notNull().unique(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    status: text('status', { enum: STAFF_STATUSES }).notNull().default('invited'),
    /** scrypt, as customers' (auth/passwords.ts); null until set up. */
    passwordHash: text('password_hash'),
    /** The TOTP secret (base32); null until two-factor is confirmed. */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: integer('totp_last_step').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('staff_role_check', sql`${t.role} in ('owner', 'orders', 'catalogue', 'content')`),
    check('staff_status_check', sql`${t.status} in ('invited', 'active', 'disabled')`),
  ],
);

/**
 * One-time set-up links (24 h). Only the token's SHA-256 is kept. The password and the TOTP
 * secret chosen on the set-up page wait here until the code confirms them.
 */
export const staffSetupTokens = pgTable(
  'staff_setup_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    pendingPasswordHash: text('pending_password_hash'),
    pendingTotpSecret: text('pending_totp_secret'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_setup_tokens_staff_idx').on(t.staffId)],
);

/** Signed-in sessions: the cookie carries a random token, stored here as its SHA-256. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** Sent back in X-CSRF-Token with every write. */
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Idle expiry counts from here (touched at most once a minute). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * Who did what, when, with the state before and after. `request_key`: the idempotency key of the
 * write (a double click or a retry finds its row and does nothing again).
 */
export const staffActivity = pgTable(
  'staff_activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for the command line (`npm run staff`). */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'restrict' }),
    staffEmail: text('staff_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    requestKey: text('request_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_activity_request_key').on(t.requestKey),
    index('staff_activity_created_idx').on(t.createdAt),
    index('staff_activity_target_idx').on(t.targetType, t.targetId),
  ],
);
