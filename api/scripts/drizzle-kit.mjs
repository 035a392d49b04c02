#!/usr/bin/env node
/**
 * Runs drizzle-kit so that it finds this workspace's drizzle-orm.
 *
 * npm hoists drizzle-kit to the repo's node_modules but keeps drizzle-orm in api/node_modules,
 * and drizzle-kit loads drizzle-orm from its own location (`import()` and `require()`), which
 * fails with "Please install latest version of drizzle-orm". A resolve hook (for import()) and
 * NODE_PATH (for require()) make it resolve from api/ instead; harmless if npm ever hoists it.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(path.join(apiDir, 'package.json'));
const bin = path.join(path.dirname(require.resolve('drizzle-kit')), 'bin.cjs');
const hook = new URL('./resolve-from-api.mjs', import.meta.url).href;
const register = `data:text/javascript,import{register}from'node:module';register(${JSON.stringify(hook)})`;

const nodePath = [path.join(apiDir, 'node_modules'), process.env.NODE_PATH].filter(Boolean);
const result = spawnSync(process.execPath, ['--import', register, bin, ...process.argv.slice(2)], {
  cwd: apiDir,
  stdio: 'inherit',
  env: { ...process.env, NODE_PATH: nodePath.join(path.delimiter) },
});
process.exit(result.status ?? 1);
