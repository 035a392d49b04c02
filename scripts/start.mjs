#!/usr/bin/env node
// `npm start`: the whole shop on one port. Starts the API service (internal port PORT+1), builds
// whatever front end is not built yet meanwhile (the shop's builds only: see buildFrontEnds), then,
// once the API is healthy, the shell's page server on PORT, which serves the shell, the four
// remotes, and proxies /api and /media to the API (started at once, it loads its modules meanwhile
// and waits to be told to go on); the back office (admin/) follows on ADMIN_PORT,
// built after the storefront on a first start. With DATABASE_URL the API runs API_WORKERS
// worker processes (default one per core, api/src/cluster.ts); SIGTERM to this script stops the
// page server and the API, which stops its workers gracefully.
//
// Output (scripts/lib/start-output.mjs): on a terminal, a short summary once the shop answers, then
// the services' warnings and errors made readable; for machines (stdout not a terminal, or
// LOG_FORMAT=json) the services' JSON log lines as they are.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  createLinePrettifier,
  createStartLog,
  describeDatabase,
  describePayments,
  outputMode,
  serviceLogLevel,
} from './lib/start-output.mjs';
import { backOfficeApps, balance, storefrontApps } from './lib/shop-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const port = Number(env.PORT ?? 8080);
const apiPort = Number(env.API_PORT ?? port + 1);
const externalApi = env.API_URL; // an API running elsewhere: none is started here
const apiUrl = externalApi ?? `http://127.0.0.1:${apiPort}`;
// The shop's own address, for links in mail (the API) and canonical links (the page server).
const shopUrl = env.SHOP_URL || `http://localhost:${port}`;
// Resolved here (as the API would) so that the summary names the folder the API opens.
const dataDir = path.resolve(env.INIT_CWD || process.cwd(), env.DATA_DIR || path.join(root, 'data'));

let mode;
try {
  mode = outputMode(env, Boolean(process.stdout.isTTY));
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const log = createStartLog(mode);
const prettify = mode === 'pretty' ? createLinePrettifier({ colorize: Boolean(process.stdout.hasColors?.()) }) : null;

/** What every service gets: where the shop is, and its log level (JSON lines; start prettifies them). */
const serviceEnv = {
  NODE_ENV: env.NODE_ENV ?? 'production',
  LOG_LEVEL: serviceLogLevel(env, mode),
  LOG_FORMAT: 'json',
  SHOP_URL: shopUrl,
};

/* ------------------------------------------------------------------------------------ services */

// The back office (admin/): its own origin on ADMIN_PORT (default PORT+2), loopback unless
// ADMIN_HOST says otherwise; the API makes staff set-up links on ADMIN_URL. Built with the front ends.
const adminPort = Number(env.ADMIN_PORT ?? port + 2);
const adminUrl = env.ADMIN_URL || `http://localhost:${adminPort}`;
serviceEnv.ADMIN_URL = adminUrl;

const children = new Set();
let stopping = false;

/** Starts a service (a TypeScript entry run by tsx); the shop stops when any service stops. */
function run(name, file, ownEnv, { ipc = false } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: root,
    env: { ...env, ...serviceEnv, ...ownEnv },
    stdio: ['ignore', prettify ? 'pipe' : 'inherit', 'inherit', ...(ipc ? ['ipc'] : [])],
  });
  child.reportedFatal = false;
  if (prettify) {
    readline.createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
      if (/"level":60\b/.test(line)) child.reportedFatal = true;
      process.stdout.write(prettify(line, name));
    });
  }
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      // A service that said why it stopped (a fatal line: data folder in use, port taken…) has
      // said enough on a terminal.
      if (!(prettify && child.reportedFatal)) log.error(`The ${name} stopped (${signal ?? code}); stopping the shop.`);
      stop(code || 1);
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

/** GETs `url` until it answers 2xx (its JSON), the shop stops, or `timeoutMs` passes (null). */
async function waitFor(url, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (res.ok) return await res.json();
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return null;
}

/* -------------------------------------------------------------------------------------- builds */

/**
 * Builds those of `apps` that are not built yet, with webpack and ts-loader as `npm run build` does,
 * but only what the shop serves (`--env shop`: each app's browser and server builds, not a remote's
 * standalone page, its team's own tool; no source maps), in two webpack processes (one per core, at most two), each
 * building a share of the apps (scripts/lib/webpack.shop.cjs). Type-checking is
 * `npm run typecheck`'s: the builds transpile only. On a terminal webpack's output is kept back
 * and shown only if a build fails.
 */
async function buildFrontEnds(apps) {
  const missing = apps.filter((f) => !fs.existsSync(path.join(root, f.output)));
  if (missing.length === 0) return true;
  const started = Date.now();
  log.info(`Building ${missing.map((f) => f.app).join(', ')} (the first start only)…`);
  const webpackCli = path.join(root, 'node_modules/webpack-cli/bin/cli.js');
  const groups = balance(missing, Math.max(1, Math.min(2, os.availableParallelism())));
  const results = await Promise.all(
    groups.map(
      (apps) =>
        new Promise((resolve) => {
          // No source maps (shared/build/webpack.cjs): they are for error reporting, from `npm run build`.
          // No minifier workers either: these processes already take a core each.
          const args = [webpackCli, '--mode', 'production', '-c', 'scripts/lib/webpack.shop.cjs', '--env', `apps=${apps.join(',')}`, '--env', 'shop', '--env', 'sourceMaps=false', '--env', 'minifyWorkers=false'];
          // Machines get webpack's output on stderr (stdout stays JSON lines); a terminal only on failure.
          const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          children.add(child);
          const output = [];
          for (const stream of [child.stdout, child.stderr]) {
            stream.on('data', (chunk) => (prettify ? output.push(chunk) : process.stderr.write(chunk)));
          }
          child.on('exit', (code, signal) => {
            children.delete(child);
            resolve({ apps, ok: code === 0, why: signal ?? code, output: Buffer.concat(output).toString() });
          });
        }),
    ),
  );
  if (stopping) return false;
  const failed = results.filter((r) => !r.ok);
  if (failed.length > 0) {
    for (const r of failed) process.stderr.write(r.output);
    log.error(`The build of ${failed.flatMap((r) => r.apps).join(', ')} failed (see above).`);
    stop(1);
    return false;
  }
  log.info(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
  return true;
}

/* ------------------------------------------------------------------------------------- the shop */

if (!externalApi) {
  // Started first: on the first start it creates, migrates and seeds its database while the
  // front ends build. It listens on loopback behind the page server and trusts X-Forwarded-For
  // from it alone (the page server sets it to the client's address). TRUST_PROXY of this
  // environment is for the page server: the CDN or load balancer in front of the shop.
  run('api', 'api/src/server.ts', { PORT: String(apiPort), HOST: '127.0.0.1', TRUST_PROXY: '127.0.0.1,::1', DATA_DIR: dataDir });
}
// The page server starts now and loads its modules while the front ends build and the API
// starts; it goes on (reads the builds, listens) when told, below.
const pageServer = run('page server', 'shell/server/index.ts', { PORT: String(port), API_URL: apiUrl, PAGE_SERVER_WAIT_FOR_GO: '1' }, { ipc: true });
// The storefront's builds first (two webpack processes, shared out evenly); the back office's
// after the shop serves, so a first start is not kept waiting for it.
await buildFrontEnds(storefrontApps);

const health = stopping ? null : await waitFor(`${apiUrl}/api/health`);
if (!health) {
  if (!stopping) {
    log.error(`The API did not become healthy at ${apiUrl}.`);
    stop(1);
  }
} else {
  pageServer.send('go');
  // The back office, on its own origin, once built: on a first start its build waits until the
  // shop answers, so that it does not take a core from the page server while that starts.
  const backOfficeBuilt = backOfficeApps.every((f) => fs.existsSync(path.join(root, f.output)));
  const shopAnswers = waitFor(`http://127.0.0.1:${port}/healthz`);
  void (backOfficeBuilt ? Promise.resolve(true) : shopAnswers.then(() => !stopping && buildFrontEnds(backOfficeApps))).then(async (built) => {
    if (!built || stopping) return;
    run('back office', 'admin/server/index.ts', { ADMIN_PORT: String(adminPort), API_URL: apiUrl });
    const adminHost = env.ADMIN_HOST && !['0.0.0.0', '::'].includes(env.ADMIN_HOST) ? env.ADMIN_HOST : '127.0.0.1';
    if (!backOfficeBuilt && (await waitFor(`http://${adminHost.includes(':') ? `[${adminHost}]` : adminHost}:${adminPort}/healthz`, 30_000))) {
      log.info(`The back office is ready at ${adminUrl}.`);
    }
  });
  const [pages, payments] = await Promise.all([
    shopAnswers,
    waitFor(`${apiUrl}/api/payment/config`, 10_000),
  ]);
  if (pages && !stopping) {
    log.summary(
      'The shop is running',
      [
        ['Shop', shopUrl],
        ['Back office', `${adminUrl}${backOfficeBuilt ? '' : ' (being built: about a minute)'} (first owner: npm run staff -- add <email> --role owner)`],
        ['Database', describeDatabase({ kind: health.database?.kind, dataDir, databaseUrl: env.DATABASE_URL, apiUrl: externalApi })],
        ['Payments', describePayments(payments?.provider)],
      ],
      'Warnings and errors appear below (LOG_LEVEL=info: every request too). Ctrl-C stops the shop.',
    );
  }
}
