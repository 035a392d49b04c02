#!/usr/bin/env node
// `npm start`: the whole shop on one port. Builds whatever is not built yet, starts the API
// service (internal port PORT+1) and, once it is healthy, the shell's page server on PORT, which
// serves the shell, the four remotes, and proxies /api and /media to the API. With DATABASE_URL
// the API runs API_WORKERS worker processes (default one per core, api/src/cluster.ts); SIGTERM to
// this script stops the page server and the API, which stops its workers gracefully.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 8080);
const apiPort = Number(process.env.API_PORT ?? port + 1);
const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${apiPort}`;

const builds = [
  'shell/dist/index.html',
  'catalog-mfe/dist/mf-manifest.json',
  'content-mfe/dist/mf-manifest.json',
  'account-mfe/dist/mf-manifest.json',
  'checkout-mfe/dist/mf-manifest.json',
];
const missing = builds.filter((f) => !fs.existsSync(path.join(root, f)));
if (missing.length > 0) {
  console.log(`[start] building the front ends (missing: ${missing.join(', ')})`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The back office (admin/): its own origin on ADMIN_PORT (default PORT+2), loopback unless
// ADMIN_HOST says otherwise; the API makes staff set-up links on ADMIN_URL.
const adminPort = Number(process.env.ADMIN_PORT ?? port + 2);
process.env.ADMIN_URL ??= `http://localhost:${adminPort}`;
if (!fs.existsSync(path.join(root, 'admin/dist/index.html'))) {
  console.log('[start] building the back office');
  const result = spawnSync('npm', ['run', 'build', '-w', 'admin'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const children = new Set();
let stopping = false;

function run(name, file, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: root,
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production', ...env },
    stdio: 'inherit',
  });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`[start] ${name} stopped (${signal ?? code}); stopping the shop`);
      stop(code ?? 1);
    } else if (children.size === 0) {
      process.exit(process.exitCode ?? 0);
    }
  });
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  if (children.size === 0) process.exit(code);
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code || 1), 10_000).unref();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitForApi() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && !stopping) {
    try {
      const res = await fetch(`${apiUrl}/api/health`);
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

if (!process.env.API_URL) {
  // The API listens on loopback behind the page server and trusts X-Forwarded-For from it alone
  // (the page server sets it to the client's address). TRUST_PROXY of this environment is for the
  // page server: the CDN or load balancer in front of the shop.
  run('api', 'api/src/server.ts', { PORT: String(apiPort), HOST: '127.0.0.1', TRUST_PROXY: '127.0.0.1,::1' });
}
if (!(await waitForApi())) {
  console.error(`[start] the API did not become healthy at ${apiUrl}`);
  stop(1);
} else {
  run('page server', 'shell/server/index.ts', { PORT: String(port), API_URL: apiUrl });
  console.log(`[start] the shop is at http://localhost:${port}`);
  // The back office, on its own origin.
  run('back office', 'admin/server/index.ts', { ADMIN_PORT: String(adminPort), API_URL: apiUrl });
  console.log(`[start] the back office is at http://localhost:${adminPort} (npm run staff -- add <email> --role owner)`);
}
