// What `npm start` prints (scripts/start.mjs). Two audiences:
// - a person at a terminal: a short summary of where things are, then warnings and errors only,
//   made readable by pino-pretty (one line each; a stack only for errors that are bugs);
// - a machine (stdout is not a terminal, or LOG_FORMAT=json): the services' JSON lines as they are,
//   and start's own messages as JSON lines of the same shape.
import pino from 'pino';
import { prettyFactory } from 'pino-pretty';

/** 'pretty' on a terminal, 'json' otherwise; LOG_FORMAT (json | pretty) decides when set. */
export function outputMode(env, stdoutIsTTY) {
  const chosen = env.LOG_FORMAT?.trim().toLowerCase();
  if (chosen === 'json' || chosen === 'pretty') return chosen;
  if (chosen) throw new Error(`LOG_FORMAT must be json or pretty, got "${env.LOG_FORMAT}"`);
  return stdoutIsTTY ? 'pretty' : 'json';
}

/** The services' LOG_LEVEL: as set, else warnings and errors only on a terminal, info for machines. */
export const serviceLogLevel = (env, mode) => env.LOG_LEVEL || (mode === 'pretty' ? 'warn' : 'info');

const LEVEL_ERROR = 50;

/**
 * A function turning one line a service wrote into what the terminal shows: a pino JSON line made
 * readable and labelled with the service (`WARN (api): …`), or any other line (plain text, e.g. a
 * configuration error) unchanged. Below `error`, an `err` shows as its message alone, after the
 * line's own: a warning such as "payment provider unknown" needs its cause, not its stack.
 */
export function createLinePrettifier({ colorize }) {
  const pretty = prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,service,version,worker,reqId,refused',
    singleLine: true,
  });
  return (line, service) => {
    const trimmed = line.trim();
    if (!trimmed.startsWith('{')) return `${line}\n`;
    let record;
    try {
      record = JSON.parse(trimmed);
    } catch {
      return `${line}\n`;
    }
    if (!record || typeof record !== 'object' || typeof record.level !== 'number') return `${line}\n`;
    if (record.level < LEVEL_ERROR && record.err && typeof record.err === 'object') {
      const { type, message } = record.err;
      record.msg = `${record.msg ?? ''} (${[type, message].filter(Boolean).join(': ')})`;
      delete record.err;
    }
    return pretty({ ...record, name: record.name ?? service });
  };
}

/**
 * The summary printed once the shop answers: one row per line, label and value, e.g.
 * [['Shop', 'http://localhost:8080'], ['Database', '…']]. A service that joins `npm start` adds
 * its row where start.mjs builds the list.
 */
export function summaryText(title, rows, footer) {
  const width = Math.max(...rows.map(([label]) => label.length)) + 3;
  return ['', `  ${title}`, '', ...rows.map(([label, value]) => `  ${label.padEnd(width)}${value}`), '', ...(footer ? [`  ${footer}`, ''] : [])].join('\n') + '\n';
}

/** The database as the summary names it: the API's own word for its kind, and where it lives. */
export function describeDatabase({ kind, dataDir, databaseUrl, apiUrl }) {
  if (apiUrl) return `${kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'} of the API at ${apiUrl}`;
  if (kind === 'pglite') return `embedded PGlite in ${dataDir}`;
  if (!databaseUrl) return 'PostgreSQL';
  try {
    // Never the user name or password.
    const url = new URL(databaseUrl);
    return `PostgreSQL at ${url.host}${url.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/** Payments as the summary names them, from /api/payment/config's provider. */
export function describePayments(provider) {
  if (provider === 'stripe') return 'Stripe';
  if (provider === 'test') return 'test mode: no money is taken (card 4242 4242 4242 4242 succeeds)';
  return 'unknown (the API did not say)';
}

/** `Back office` → `backOffice`: a summary row's key in the JSON line. */
const keyOf = (label) => label.toLowerCase().replace(/\s+(\w)/g, (_m, c) => c.toUpperCase());

/**
 * Start's own messages: plain lines on a terminal (the summary as a small table), JSON lines for
 * machines (pino, `"name":"start"`; the summary as one line with a field per row).
 */
export function createStartLog(mode, { stdout = process.stdout, stderr = process.stderr } = {}) {
  if (mode === 'json') {
    const log = pino({ name: 'start', base: undefined }, stdout);
    return {
      info: (msg) => log.info(msg),
      error: (msg) => log.error(msg),
      summary: (title, rows) => log.info(Object.fromEntries(rows.map(([label, value]) => [keyOf(label), value])), title),
    };
  }
  return {
    info: (msg) => stdout.write(`${msg}\n`),
    error: (msg) => stderr.write(`${msg}\n`),
    summary: (title, rows, footer) => stdout.write(summaryText(title, rows, footer)),
  };
}
