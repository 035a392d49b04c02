/**
 * Helpers for the accounts tests (not a test file): calls with a fresh client address each
 * (so per-IP limits of one test do not leak into the next), registering and signing in, and the
 * development mailbox (DATA_DIR/mail/*.eml).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import type { App } from '../app';
import { customerServiceOf } from './routes';

let ipCounter = 0;
/** A new client address for each call unless one is given. */
export const nextIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'shop-api-test-'));
}

export async function call(app: App, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, options: Partial<InjectOptions> = {}) {
  const res = await app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    ...options,
  });
  return res;
}

export const post = (app: App, url: string, body?: unknown, options: Partial<InjectOptions> = {}) => call(app, 'POST', url, body, options);
export const get = (app: App, url: string, options: Partial<InjectOptions> = {}) => call(app, 'GET', url, undefined, options);
export const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

let emailCounter = 0;
export const uniqueEmail = (prefix = 'shopper') => `${prefix}.${process.pid}.${Date.now()}.${++emailCounter}@example.co.uk`;

export const PASSWORD = 'Membrane2024';

export async function registerCustomer(app: App, overrides: Record<string, unknown> = {}) {
  const body = { firstname: 'Jane', lastname: 'Mason', company: 'Mason Damp Proofing Ltd', email: uniqueEmail(), password: PASSWORD, newsletter: false, ...overrides };
  const res = await post(app, '/api/register', body);
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return body as typeof body & { email: string; password: string };
}

export async function login(app: App, email: string, password = PASSWORD): Promise<string> {
  const res = await post(app, '/api/login', { username: email, password });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { token: string } }).data.token;
}

/** A registered, signed-in customer. */
export async function signedIn(app: App, overrides: Record<string, unknown> = {}) {
  const account = await registerCustomer(app, overrides);
  const token = await login(app, account.email, account.password);
  const me = (await post(app, '/api/me', { customerToken: token })).json() as { data: { data: { id: number } } };
  return { ...account, token, id: me.data.data.id };
}

/** Waits for background work and mail delivery of the app. */
export const settled = (app: App) => customerServiceOf(app).settled();

export interface Mail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/** Decodes the quoted-printable bodies the file transport writes. */
function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?Q\?([^?]*)\?=/gi, (_m, q: string) => decodeQuotedPrintable(q.replace(/_/g, ' '))).replace(/\?=\s+=\?/g, '');
}

/** Every mail written to DATA_DIR/mail, oldest first, with the plain-text part decoded. */
export function readMailbox(dataDir: string): Mail[] {
  const dir = path.join(dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => {
      const raw = fs.readFileSync(path.join(dir, f), 'utf8');
      const header = raw.slice(0, raw.indexOf('\n\n'));
      const unfolded = header.replace(/\n[ \t]+/g, ' ');
      const to = /^To: (.*)$/m.exec(unfolded)?.[1] ?? '';
      const subject = decodeHeader(/^Subject: (.*)$/m.exec(unfolded)?.[1] ?? '');
      const textPart = /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*\n([\s\S]*?)(?:\n--|$)/.exec(raw)?.[1] ?? '';
      return { file: f, to, subject, text: decodeQuotedPrintable(textPart) };
    });
}

export function mailsTo(dataDir: string, email: string): Mail[] {
  return readMailbox(dataDir).filter((m) => m.to.includes(email));
}
