#!/usr/bin/env node
/**
 * Runs drizzle-kit (`npm run db:generate`) with this workspace's drizzle-orm.
 *
 * drizzle-kit is a tool for whoever changes the schema, not part of the shop: it lives in
 * tools/drizzle-kit with its own lock file, so the shop's `npm install` does not fetch it and its
 * two esbuild binaries (about 50 MB). The first run installs it there (`npm ci`, pinned versions).
 *
 * drizzle-kit loads drizzle-orm from its own location (`import()` and `require()`), which would
 * find none ("Please install latest version of drizzle-orm"). A resolve hook (for import()) and
 * NODE_PATH (for require()) make it resolve drizzle-orm from api/ instead.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const toolDir = path.join(apiDir, 'tools/drizzle-kit');
const bin = path.join(toolDir, 'node_modules/drizzle-kit/bin.cjs');

if (!existsSync(bin)) {
  console.error('[db:generate] installing drizzle-kit in tools/drizzle-kit (first use)');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const install = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: toolDir, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

const hook = new URL('./resolve-from-api.mjs', import.meta.url).href;
const register = `data:text/javascript,import{register}from'node:module';register(${JSON.stringify(hook)})`;

const nodePath = [path.join(apiDir, 'node_modules'), path.join(apiDir, '../node_modules'), process.env.NODE_PATH].filter(Boolean);
const result = spawnSync(process.execPath, ['--import', register, bin, ...process.argv.slice(2)], {
  cwd: apiDir,
  stdio: 'inherit',
  env: { ...process.env, NODE_PATH: nodePath.join(path.delimiter) },
});
process.exit(result.status ?? 1);
