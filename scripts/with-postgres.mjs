#!/usr/bin/env node
/**
 * Runs a command against a throwaway PostgreSQL cluster:
 *
 *   node scripts/with-postgres.mjs npm test -w @shop/api
 *
 * Creates a cluster in a temporary folder (initdb, trust auth, 127.0.0.1 only, fsync off), starts
 * it on a free port, runs the command with DATABASE_URL=postgres://postgres@127.0.0.1:<port>/postgres,
 * then stops the cluster and deletes the folder, whatever happened. Exits with the command's code.
 * PostgreSQL refuses to run as root, so as root the server runs as the `postgres` OS user.
 * Needs the server binaries (Debian: `apt-get install -y postgresql`); PG_BIN overrides where.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

const bin = findBinDir();
const asRoot = process.getuid?.() === 0;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pg-'));
const dataDir = path.join(dir, 'data');
const logFile = path.join(dir, 'server.log');
let started = false;

/** Runs a PostgreSQL tool, as the postgres user when we are root. */
function pgTool(tool, args) {
  const exe = path.join(bin, tool);
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
  const result = spawnSync(file, argv, { cwd: dir, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${tool} failed (${result.status}):\n${result.stdout}${result.stderr}${readLog()}`);
  }
  return result.stdout;
}

function readLog() {
  try {
    return `\n--- server log ---\n${fs.readFileSync(logFile, 'utf8')}`;
  } catch {
    return '';
  }
}

function findBinDir() {
  const candidates = [process.env.PG_BIN];
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    for (const version of fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))) {
      candidates.push(path.join(root, version, 'bin'));
    }
  }
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    /* no pg_config on PATH */
  }
  for (const dirPath of (process.env.PATH ?? '').split(path.delimiter)) candidates.push(dirPath);
  const found = candidates.find(
    (candidate) => candidate && fs.existsSync(path.join(candidate, 'initdb')) && fs.existsSync(path.join(candidate, 'pg_ctl')),
  );
  if (!found) {
    console.error('PostgreSQL server binaries (initdb, pg_ctl) not found. On Debian: apt-get install -y postgresql');
    process.exit(2);
  }
  return fs.realpathSync(found);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function stopCluster() {
  if (started) {
    try {
      pgTool('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30']);
    } catch (error) {
      console.error(`with-postgres: could not stop the cluster: ${error.message}`);
    }
    started = false;
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

async function main() {
  if (asRoot) {
    // The server runs as postgres: give it the folder (the parent tmp dir is world-writable).
    fs.chmodSync(dir, 0o700);
    execFileSync('chown', ['postgres:', dir]);
  }
  pgTool('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  started = true;
  pgTool('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60']);

  const databaseUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.error(`with-postgres: PostgreSQL ready at ${databaseUrl}`);

  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  const code = await new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`with-postgres: could not run ${command[0]}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1)));
  });
  return code;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(`with-postgres: ${error.message}`);
} finally {
  stopCluster();
}
process.exit(exitCode);
