/**
 * `npm run staff -- add <email> --role <owner|orders|catalogue|content>`, `list`, `disable <email>`.
 *
 * Reads the same settings as `npm start` (PORT, DATA_DIR, DATABASE_URL, ADMIN_URL...). On
 * PostgreSQL it works on the database directly. On the embedded database, whose folder one
 * process owns, it asks the running API (the address and token the API wrote into
 * DATA_DIR/staff-cli.json, cli-routes.ts); with no shop running it opens the folder itself.
 */
import { z } from 'zod';
import { emailSchema } from '@shop/shared/schemas';
import { STAFF_ROLES, staffRoleSchema } from '@shop/shared/backoffice';
import { loadConfig } from '../config';
import { closeDb, openDb } from '../db/client';
import { migrateDb } from '../db/migrate';
import { HttpError } from '../http-errors';
import { COMMAND_LINE, createActivityLog } from './activity';
import { readCliFile } from './cli-routes';
import { createStaffService } from './staff';

const USAGE = `Usage:
  npm run staff -- add <email> --role <${STAFF_ROLES.join('|')}>
  npm run staff -- list
  npm run staff -- disable <email>`;

type Command = { name: 'add'; email: string; role: (typeof STAFF_ROLES)[number] } | { name: 'list' } | { name: 'disable'; email: string };

export function parseArgs(argv: string[]): Command {
  const [name, ...rest] = argv;
  const roleAt = rest.indexOf('--role');
  const role = roleAt >= 0 ? rest[roleAt + 1] : rest.find((a) => a.startsWith('--role='))?.slice('--role='.length);
  const positional = rest.filter((a, i) => !a.startsWith('--') && (roleAt < 0 || i !== roleAt + 1));
  const email = (value: string | undefined) => {
    const parsed = emailSchema.safeParse(value ?? '');
    if (!parsed.success) throw new Error(`${value ? `"${value}" is not an email address` : 'Give the email address'}.\n${USAGE}`);
    return parsed.data;
  };
  if (name === 'add') {
    const parsedRole = staffRoleSchema.safeParse(role);
    if (!parsedRole.success) throw new Error(`Give the role with --role ${STAFF_ROLES.join('|')}.\n${USAGE}`);
    return { name, email: email(positional[0]), role: parsedRole.data };
  }
  if (name === 'list') return { name };
  if (name === 'disable') return { name, email: email(positional[0]) };
  throw new Error(USAGE);
}

type Member = { email: string; role: string; status: string; created_at?: string };
type Answer = { link?: string } & Member;

async function viaApi(url: string, token: string, command: Command): Promise<Answer | { items: Member[] }> {
  const path = command.name === 'list' ? '/staff-cli/list' : `/staff-cli/${command.name}`;
  const body = command.name === 'add' ? { email: command.email, role: command.role } : command.name === 'disable' ? { email: command.email } : undefined;
  const res = await fetch(`${url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'x-staff-cli-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await res.json().catch(() => ({}))) as { message?: string };
  if (!res.ok) throw new Error(answer.message ?? `The running API answered ${res.status}`);
  return answer as Answer | { items: Member[] };
}

async function direct(config: ReturnType<typeof loadConfig>, command: Command): Promise<Answer | { items: Member[] }> {
  const db = await openDb(config, { poolSize: 1 });
  try {
    await migrateDb(db);
    const staff = createStaffService({ db, activity: createActivityLog(db), adminUrl: config.backoffice.adminUrl });
    if (command.name === 'list') {
      return { items: (await staff.list()).map((m) => ({ email: m.email, role: m.role, status: m.status, created_at: m.createdAt.toISOString() })) };
    }
    if (command.name === 'add') {
      const { member, link } = await staff.add(command.email, command.role, COMMAND_LINE);
      return { email: member.email, role: member.role, status: member.status, link };
    }
    const member = await staff.disable(command.email, COMMAND_LINE);
    return { email: member.email, role: member.role, status: member.status };
  } finally {
    await closeDb(db);
  }
}

function print(command: Command, answer: Answer | { items: Member[] }) {
  if ('items' in answer) {
    if (answer.items.length === 0) return console.log('No staff accounts yet. Add the first owner: npm run staff -- add <email> --role owner');
    for (const m of answer.items) console.log(`${m.email.padEnd(40)} ${m.role.padEnd(10)} ${m.status}`);
    return;
  }
  if (command.name === 'add') {
    console.log(`${answer.email} (${answer.role}) can set up their account with this link, valid for 24 hours and usable once:\n\n  ${answer.link}\n`);
    console.log('Send it to them privately. They choose a password and set up an authenticator app there.');
  } else {
    console.log(`${answer.email} is disabled; any session they had has ended.`);
  }
}

async function main() {
  // The back office's address, as `npm start` serves it, when ADMIN_URL is not set.
  if (!process.env.ADMIN_URL) {
    const port = Number(process.env.PORT ?? 8080);
    process.env.ADMIN_URL = `http://localhost:${Number(process.env.ADMIN_PORT ?? port + 2)}`;
  }
  const command = parseArgs(process.argv.slice(2));
  const config = loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production', PORT: undefined, LOG_LEVEL: 'silent' });
  let answer: Answer | { items: Member[] } | undefined;
  if (!config.databaseUrl) {
    const running = readCliFile(config.dataDir);
    if (running) {
      try {
        answer = await viaApi(running.url, running.token, command);
      } catch (error) {
        // A file left by an API that is gone: open the folder directly (refused if someone holds it).
        if (!(error instanceof TypeError)) throw error;
      }
    }
  }
  answer ??= await direct(config, command);
  print(command, answer);
}

main().catch((error: unknown) => {
  const message = error instanceof HttpError || error instanceof z.ZodError || error instanceof Error ? error.message : String(error);
  console.error(message);
  process.exit(1);
});
