import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AdminMessage } from '@shop/shared/backoffice';
import { contactMessages } from '../content/schema';
import type { Db, Tx } from '../db/client';
import { notFound } from '../http-errors';
import type { Outbox } from '../mail/outbox';
import type { ActivityLog, Actor } from './activity';
import { messageReplyMail } from './mails';
import { staffActivity } from './schema';

export const MESSAGE_NOT_FOUND = 'This message does not exist.';

/** The Contact Us messages as an inbox: read, mark handled (or open again), reply by mail. */
export function createMessageInbox({ db, activity, outbox }: { db: Db; activity: ActivityLog; outbox: Outbox }) {
  type Row = typeof contactMessages.$inferSelect;

  /** Replies are the activity log's rows of this message (the log keeps who, when and what). */
  async function answers(rows: Row[]): Promise<AdminMessage[]> {
    const ids = rows.map((r) => String(r.id));
    const replies = ids.length
      ? await db
          .select()
          .from(staffActivity)
          .where(and(eq(staffActivity.targetType, 'message'), eq(staffActivity.action, 'message.reply'), inArray(staffActivity.targetId, ids)))
          .orderBy(asc(staffActivity.id))
      : [];
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      message: r.message,
      created_at: r.createdAt.toISOString(),
      handled_at: r.handledAt?.toISOString() ?? null,
      handled_by: r.handledBy,
      replies: replies
        .filter((x) => x.targetId === String(r.id))
        .map((x) => ({ by: x.staffEmail, body: String((x.after as { body?: string } | null)?.body ?? ''), created_at: x.createdAt.toISOString() })),
    }));
  }

  async function one(id: number): Promise<AdminMessage> {
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    if (!row) throw notFound(MESSAGE_NOT_FOUND);
    return (await answers([row]))[0]!;
  }

  async function act(id: number, requestKey: string, work: (tx: Tx, row: Row) => Promise<void>) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
      if (!row) throw notFound(MESSAGE_NOT_FOUND);
      if (await activity.alreadyDone(tx, requestKey)) return false;
      await work(tx, row);
      return true;
    });
    if (done) outbox.kick();
    return { done, message: await one(id) };
  }

  return {
    one,

    async list(query: { page: number; pageSize: number; state: 'open' | 'handled' | 'all' }) {
      const where: SQL[] = [];
      if (query.state === 'open') where.push(isNull(contactMessages.handledAt));
      if (query.state === 'handled') where.push(isNotNull(contactMessages.handledAt));
      const condition = where.length ? and(...where) : undefined;
      const [total] = await db.select({ n: count() }).from(contactMessages).where(condition);
      const rows = await db
        .select()
        .from(contactMessages)
        .where(condition)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      return { items: await answers(rows), totalCount: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
    },

    setHandled(id: number, handled: boolean, requestKey: string, actor: Actor) {
      return act(id, requestKey, async (tx, row) => {
        if ((row.handledAt !== null) === handled) return;
        await tx
          .update(contactMessages)
          .set(handled ? { handledAt: sql`now()`, handledBy: actor.email } : { handledAt: null, handledBy: null })
          .where(eq(contactMessages.id, id));
        await activity.record(tx, actor, {
          action: handled ? 'message.handled' : 'message.reopen',
          targetType: 'message',
          targetId: id,
          before: { handled: !handled },
          after: { handled },
          requestKey,
        });
      });
    },

    /** Mails the reply to the sender (through the outbox) and marks the message handled. */
    reply(id: number, body: string, requestKey: string, actor: Actor) {
      return act(id, requestKey, async (tx, row) => {
        await outbox.enqueue(tx, messageReplyMail({ to: row.email, name: row.name, original: row.message, reply: body }));
        if (!row.handledAt) await tx.update(contactMessages).set({ handledAt: sql`now()`, handledBy: actor.email }).where(eq(contactMessages.id, id));
        await activity.record(tx, actor, { action: 'message.reply', targetType: 'message', targetId: id, before: null, after: { to: row.email, body }, requestKey });
      });
    },
  };
}

export type MessageInbox = ReturnType<typeof createMessageInbox>;
