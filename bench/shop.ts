/**
 * Starts the production shop (`npm start`: the built shell and remotes behind the page server,
 * the API on the next port, a fresh data folder) for the page checks, and stops it again.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

/** The four kinds of page the budgets and Lighthouse check: home, a category, a product, an article. */
export const CHECKED_PAGES = [
  { name: 'home', path: '/', ready: '[data-page="home"]' },
  { name: 'category', path: '/damp-proofing', ready: '[data-page="category"]' },
  { name: 'product', path: '/hydrovault-cavity-drain-membrane-8mm', ready: '[data-page="product"]' },
  { name: 'article', path: '/advice/how-a-cavity-drain-membrane-works', ready: '[data-page="article"]' },
];

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface RunningShop {
  base: string;
  stop: () => Promise<void>;
}

/** `SHOP_BASE=http://…` checks a shop already running; otherwise one is started on PORT (9340). */
export async function startShop(): Promise<RunningShop> {
  if (process.env.SHOP_BASE) return { base: process.env.SHOP_BASE.replace(/\/$/, ''), stop: async () => undefined };
  const port = Number(process.env.PORT ?? 9340);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-check-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const base = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop stopped while starting (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${base}/`)).ok) return { base, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`the shop did not answer at ${base} within 3 minutes`);
}
