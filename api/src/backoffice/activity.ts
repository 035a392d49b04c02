import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db, DbExecutor } from '../db/client';
import { staffActivity } from './schema';

/** Who is acting: a signed-in staff member, or the command line (`npm run staff`). */
export interface Actor {
  id: number | null;
  email: string;
}

export const COMMAND_LINE: Actor = { id: null, email: 'command line' };

export interface ActivityInput {
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
  /** The write's idempotency key: a second call with it finds this row (see `claim`). */
  requestKey?: string;
}

/**
 * The activity log: one row per staff write, in the write's own transaction. Rows are never
 * changed or deleted (a trigger refuses it, migration 0017).
 */
export function createActivityLog(db: Db) {
  return {
    async record(tx: DbExecutor, actor: Actor, entry: ActivityInput): Promise<void> {
      await tx.insert(staffActivity).values({
        staffId: actor.id,
        staffEmail: actor.email,
        action: entry.action,
        targetType: entry.targetType,
        targetId: String(entry.targetId),
        before: entry.before ?? null,
        after: entry.after ?? null,
        requestKey: entry.requestKey ?? null,
      });
    },

    /**
     * Whether a write with this idempotency key was already done (by anyone). Read in the write's
     * transaction after locking its target, so a double click's second call waits for the first
     * and then sees its row.
     */
    async alreadyDone(tx: DbExecutor, requestKey: string): Promise<boolean> {
      const [row] = await tx.select({ id: staffActivity.id }).from(staffActivity).where(eq(staffActivity.requestKey, requestKey));
      return Boolean(row);
    },

    async list(filter: { page: number; pageSize: number; staff?: string | undefined; action?: string | undefined; targetType?: string | undefined; targetId?: string | undefined }) {
      const where: SQL[] = [];
      if (filter.staff) where.push(ilike(staffActivity.staffEmail, `%${escapeLike(filter.staff)}%`));
      if (filter.action) where.push(eq(staffActivity.action, filter.action));
      if (filter.targetType) where.push(eq(staffActivity.targetType, filter.targetType));
      if (filter.targetId) where.push(eq(staffActivity.targetId, filter.targetId));
      const condition = where.length ? and(...where) : undefined;
      const [total] = await db.select({ n: count() }).from(staffActivity).where(condition);
      const rows = await db
        .select()
        .from(staffActivity)
        .where(condition)
        .orderBy(desc(staffActivity.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize);
      return {
        totalCount: total?.n ?? 0,
        items: rows.map((r) => ({
          id: r.id,
          staff_email: r.staffEmail,
          action: r.action,
          target_type: r.targetType,
          target_id: r.targetId,
          before: r.before,
          after: r.after,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type ActivityLog = ReturnType<typeof createActivityLog>;

/** `%` and `_` typed into a search box are matched as themselves. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
