import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Lighthouse lives in a folder of its own (bench/lighthouse, with its own lock file) rather than in
 * the shop's workspaces: only `npm run check:lighthouse` needs it, and its 7,000 files made every
 * newcomer's `npm install` slower. The first check installs it from its lock file.
 */
const folder = __dirname;
const entry = path.join(folder, 'node_modules', 'lighthouse', 'core', 'index.js');

/** What check-lighthouse uses of Lighthouse's API (the package's own types are not installed with the shop). */
export type Lighthouse = (
  url: string,
  flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[] },
) => Promise<{ lhr: { runtimeError?: { message: string } } & Record<string, unknown> } | undefined>;

export async function loadLighthouse(): Promise<Lighthouse> {
  if (!existsSync(entry)) {
    console.log('[lighthouse] installing Lighthouse from bench/lighthouse/package-lock.json (first use)');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: folder, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`npm ci in ${folder} failed (exit ${result.status})`);
  }
  // Lighthouse is an ES module only.
  const module = (await import(pathToFileURL(entry).href)) as { default: Lighthouse };
  return module.default;
}
