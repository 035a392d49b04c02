import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ports } from '../support/ports';
import { expect, test } from '../support/test';

/**
 * `npm start` as a newcomer runs it, in a terminal (a pseudo-terminal from util-linux `script`):
 * a short summary, then only warnings and errors, readable; mail that links to the shop's own
 * port; a second start on the same data folder refused in one line; Ctrl-C stopping it all. And the
 * same refusal for machines (no terminal): JSON lines only.
 */

const root = path.resolve(__dirname, '../..');
// ANSI colours and the terminal's carriage returns are not what the test reads.
const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '').replace(/\r/g, '');

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * `npm start` (scripts/start.mjs) in a pseudo-terminal, with `env` over a clean environment. `exec`:
 * `script -c` runs the command through $SHELL, and a dash that waits for node dies of the
 * terminal's Ctrl-C itself (exit 130) whatever node does; CI's environment has no SHELL (dash).
 */
function startInTerminal(env: Record<string, string>): Started {
  return startShop(['script', '-qfec', 'exec node scripts/start.mjs', '/dev/null'], { SHELL: '/bin/sh', ...env });
}

function startShop([command, ...args]: string[], env: Record<string, string>): Started {
  const clean = { ...process.env };
  for (const name of ['LOG_LEVEL', 'LOG_FORMAT', 'SHOP_URL', 'API_URL', 'API_PORT', 'DATABASE_URL', 'CI']) delete clean[name];
  const child = spawn(command!, args, { cwd: root, env: { ...clean, TERM: 'xterm-256color', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => plain(text), exited };
}

/** The newest mail (quoted-printable decoded) in `dataDir`'s outbox that mentions `text`. */
function mailFor(dataDir: string, text: string): string | undefined {
  const dir = path.join(dataDir, 'mail');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse() : [];
  for (const file of files) {
    const raw = fs
      .readFileSync(path.join(dir, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (raw.includes(text)) return raw;
  }
  return undefined;
}

test.describe('npm start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-start-'));
  let shop: Started | undefined;

  test.afterAll(async () => {
    if (shop && shop.child.exitCode === null) {
      shop.child.kill('SIGTERM');
      await shop.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('on a terminal: a summary, then warnings only and readable; mail links to its own port; a second start refused in one line; Ctrl-C stops it', async ({ request }) => {
    // A fresh database (created, migrated and seeded by this start) on a busy machine.
    test.setTimeout(360_000);
    const port = ports.terminalStart;
    const shopUrl = `http://127.0.0.1:${port}`;
    // CAPTCHA_TEST_CODE makes the API warn at start: a warning to see on the terminal.
    shop = startInTerminal({ PORT: String(port), DATA_DIR: dataDir, CAPTCHA_TEST_CODE: 'Tst2Ab' });
    const running = shop;
    await expect.poll(() => running.output(), { timeout: 300_000, intervals: [500] }).toContain('The shop is running');
    await expect.poll(() => running.output()).toContain('Ctrl-C stops the shop.');

    // The summary: where the shop is (its own port), the database, the payments.
    const summary = running.output();
    expect(summary).toMatch(new RegExp(`^ {2}Shop +http://localhost:${port}$`, 'm'));
    expect(summary).toMatch(new RegExp(`^ {2}Database +embedded PGlite in ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
    expect(summary).toMatch(/^ {2}Payments +test mode: no money is taken/m);

    // Requests, a registration: nothing more is printed for them.
    for (const url of ['/', '/customer/account/login', '/no-such-page', '/api/health']) {
      const res = await request.get(`${shopUrl}${url}`);
      expect(res.status(), url).toBeLessThan(500);
    }
    const email = `start-${Date.now()}@example.co.uk`;
    const registered = await request.post(`${shopUrl}/api/register`, {
      data: { firstname: 'Nia', lastname: 'Start', email, password: 'Membrane2024' },
    });
    expect(registered.status()).toBe(200);

    // The welcome mail links to the shop npm start serves (PORT), not to a default port.
    await expect.poll(() => mailFor(dataDir, email), { timeout: 20_000 }).toBeTruthy();
    const mail = mailFor(dataDir, email)!;
    const links = [...mail.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0]).filter((l) => l.includes('/customer/'));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(new RegExp(`^http://localhost:${port}/`));

    const lines = running.output().split('\n').filter((l) => l.trim());
    // No JSON lines, no request logs: the summary, and the API's one warning made readable.
    expect(lines.filter((l) => l.trim().startsWith('{'))).toEqual([]);
    expect(running.output()).not.toMatch(/incoming request|request completed/);
    expect(lines.filter((l) => /\bWARN\b/.test(l))).toEqual([expect.stringMatching(/^\[\d\d:\d\d:\d\d\] WARN \(api\): CAPTCHA_TEST_CODE is set/)]);
    expect(lines.filter((l) => /\b(ERROR|FATAL)\b/.test(l))).toEqual([]);
    expect(lines.length).toBeLessThanOrEqual(8);

    // A second start on the same data folder: one readable line, exit 1.
    const second = startInTerminal({ PORT: String(ports.refusedStart), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    const refusal = second.output().split('\n').filter((l) => l.trim());
    expect(refusal).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] FATAL \(api\): The embedded database .+ is in use by process \d+\. Stop it first, or set DATA_DIR to another folder/),
    ]);

    // For machines (no terminal): JSON lines only, the same refusal among them.
    const piped = startShop([process.execPath, 'scripts/start.mjs'], { PORT: String(ports.refusedStart), DATA_DIR: dataDir });
    expect(await piped.exited).toBe(1);
    const records = piped.output().split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(records.find((r) => r.level === 60)?.msg).toMatch(/is in use by process \d+/);

    // Ctrl-C in the terminal stops the shop (the API and the page server with it), exit 0.
    running.child.stdin!.write('\x03');
    expect(await running.exited).toBe(0);
    await expect(request.get(`${shopUrl}/healthz`)).rejects.toThrow();
    expect(running.output().split('\n').filter((l) => l.trim().startsWith('{'))).toEqual([]);
  });
});
