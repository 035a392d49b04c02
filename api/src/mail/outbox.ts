import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import pino from 'pino';
import { DEFAULT_MAIL_FROM } from '../auth/settings';
import type { Config } from '../config';
import type { Db, DbExecutor } from '../db/client';
import { mailOutbox } from './schema';
import type { MailMessage } from './templates';

export type { Tx, DbExecutor } from '../db/client';

/**
 * Inserts a message into the outbox. Call it inside your transaction (`enqueueMail(tx, mail)`) so
 * the mail exists exactly when your change commits; then `app.services.outbox.kick()` after the
 * commit to send it now (otherwise the next periodic pass sends it, within 30 s).
 */
export async function enqueueMail(executor: DbExecutor, message: MailMessage): Promise<number> {
  const [row] = await executor
    .insert(mailOutbox)
    .values({
      template: message.template,
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      sensitive: message.sensitive ?? false,
      meta: { ...(message.meta ?? {}), ...(message.links?.length ? { links: message.links } : {}) },
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

export interface MailTransport {
  kind: 'smtp' | 'file';
  /** Sends one message; answers an id (SMTP message id or file path). */
  send(message: { from: string; to: string; subject: string; text: string; html: string | null }): Promise<string>;
  close?(): void;
}

/** SMTP (SMTP_URL) through nodemailer. */
export function smtpTransport(url: string): MailTransport {
  const transporter: Transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(m) {
      const info = await transporter.sendMail({ from: m.from, to: m.to, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}) });
      return String(info.messageId);
    },
    close: () => transporter.close(),
  };
}

/** Development: each message becomes an .eml file in `dir` (open it with any mail program). */
export function fileTransport(dir: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(m) {
      const info = await builder.sendMail({
        from: m.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.html ? { html: m.html } : {}),
        textEncoding: 'quoted-printable',
      });
      // Off the event loop's thread (libuv's pool): the API goes on answering while the file is written.
      await fs.promises.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${Math.random().toString(36).slice(2, 8)}.eml`);
      await fs.promises.writeFile(file, info.message as Buffer);
      return file;
    },
  };
}

export interface Outbox {
  /** enqueueMail on the database (outside any transaction), then kick. */
  send(message: MailMessage): Promise<number>;
  enqueue(executor: DbExecutor, message: MailMessage): Promise<number>;
  /** Deliver due messages soon (coalesced); call after the transaction that enqueued commits. */
  kick(): void;
  /** Delivers every due message now; answers how many were sent. */
  deliverPending(): Promise<number>;
  /** Resolves when no delivery is running or scheduled (tests). */
  drain(): Promise<void>;
  readonly transport: MailTransport;
  stop(): Promise<void>;
}

const BATCH = 20;
const MAX_ATTEMPTS = 8;
/** Minutes before retry n (1-based). */
const backoffMinutes = (attempt: number) => Math.min(2 ** (attempt - 1), 240);

export interface OutboxDeps {
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'dataDir'>;
  log?: FastifyBaseLogger;
  transport?: MailTransport;
  from?: string;
}

export function createOutbox({ db, config, log = pino({ level: 'silent' }), transport, from }: OutboxDeps): Outbox {
  const mailDir = path.join(config.dataDir, 'mail');
  const chosen = transport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(mailDir));
  const sender = from ?? DEFAULT_MAIL_FROM;
  let running: Promise<number> | null = null;
  let again = false;
  let scheduled: NodeJS.Immediate | null = null;
  let stopped = false;

  async function claim() {
    // Due pending rows, and rows left 'sending' by an instance that died (lock expired).
    // SKIP LOCKED lets several instances deliver side by side without sending twice.
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        or(
          and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)),
          and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(mailOutbox.id)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, lockedUntil: sql`now() + interval '5 minutes'` })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  async function deliverOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await claim();
      for (const row of rows) {
        try {
          const id = await chosen.send({ from: sender, to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody });
          await db
            .update(mailOutbox)
            .set({
              status: 'sent',
              sentAt: sql`now()`,
              lockedUntil: null,
              lastError: null,
              transportId: id,
              ...(row.sensitive ? { textBody: '[removed after delivery]', htmlBody: null, meta: {} } : {}),
            })
            .where(eq(mailOutbox.id, row.id));
          sent++;
          const links = (row.meta as { links?: string[] }).links;
          if (chosen.kind === 'file') {
            log.info({ mailId: row.id, template: row.template, to: row.toAddress, file: id, links }, `mail written: ${row.subject}`);
          } else {
            log.info({ mailId: row.id, template: row.template }, 'mail sent');
          }
        } catch (error) {
          const failed = row.attempts >= MAX_ATTEMPTS;
          log.error({ err: error, mailId: row.id, attempt: row.attempts }, failed ? 'mail failed for good' : 'mail failed, will retry');
          await db
            .update(mailOutbox)
            .set({
              status: failed ? 'failed' : 'pending',
              lockedUntil: null,
              lastError: String((error as Error)?.message ?? error).slice(0, 1000),
              nextAttemptAt: sql`now() + (${backoffMinutes(row.attempts)} * interval '1 minute')`,
            })
            .where(eq(mailOutbox.id, row.id));
        }
      }
      if (rows.length < BATCH) return sent;
    }
  }

  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          total += await deliverOnce();
        } while (again && !stopped);
      } catch (error) {
        log.error({ err: error }, 'mail outbox pass failed');
      } finally {
        running = null;
      }
      return total;
    })();
    return running;
  }

  const outbox: Outbox = {
    transport: chosen,
    async send(message) {
      const id = await enqueueMail(db, message);
      outbox.kick();
      return id;
    },
    enqueue: enqueueMail,
    kick() {
      if (stopped || scheduled) return;
      scheduled = setImmediate(() => {
        scheduled = null;
        void run();
      });
    },
    deliverPending: () => run(),
    async drain() {
      while (scheduled || running) {
        if (running) await running;
        else await new Promise((resolve) => setImmediate(resolve));
      }
    },
    async stop() {
      stopped = true;
      if (scheduled) clearImmediate(scheduled);
      scheduled = null;
      if (running) await running;
      chosen.close?.();
    },
  };
  return outbox;
}
