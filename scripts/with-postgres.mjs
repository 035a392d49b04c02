#!/usr/bin/env node
/**
 * Runs a command against a throwaway PostgreSQL cluster:
 *
 *   node scripts/with-postgres.mjs npm test -w @shop/api
 *
 * Creates a cluster in a temporary folder (initdb, trust auth, 127.0.0.1 only, fsync off), starts
 * it on a free port, runs the command with DATABASE_URL=postgres://postgres@127.0.0.1:<port>/postgres,
 * then stops the cluster and deletes the folder, whatever happened. Exits with the command's code.
 * The cluster itself: scripts/postgres-cluster.mjs.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { startPostgresCluster } from './postgres-cluster.mjs';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

let cluster;
let exitCode = 1;
try {
  cluster = await startPostgresCluster();
  console.error(`with-postgres: PostgreSQL ready at ${cluster.databaseUrl}`);
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: cluster.databaseUrl },
  });
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  exitCode = await new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`with-postgres: could not run ${command[0]}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1)));
  });
} catch (error) {
  console.error(`with-postgres: ${error.message}`);
  if (/not found/.test(error.message)) exitCode = 2;
} finally {
  cluster?.stop();
}
process.exit(exitCode);
