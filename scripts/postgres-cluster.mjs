/**
 * A throwaway PostgreSQL cluster for tests and benchmarks (used by scripts/with-postgres.mjs and
 * bench/run.ts): initdb in a temporary folder (trust auth, 127.0.0.1 only, fsync off), started on
 * a free port (PG_PORT when set); `stop()` stops it and deletes the folder. PostgreSQL refuses to run as root, so as
 * root the server runs as the `postgres` OS user. Needs the server binaries (Debian: `apt-get
 * install -y postgresql`); PG_BIN overrides where.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function findPgBinDir() {
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
  if (!found) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found. On Debian: apt-get install -y postgresql');
  return fs.realpathSync(found);
}

/** runuser (util-linux): on PATH, or in the sbin folders a minimal PATH (a CI's `env -i`) leaves out. */
function findRunuser() {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/sbin'];
  return dirs.map((d) => d && path.join(d, 'runuser')).find((file) => file && fs.existsSync(file)) ?? 'runuser';
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

/**
 * Starts a cluster and answers `{ databaseUrl, stop }`. `settings` adds server settings
 * (`{ max_connections: '300' }`).
 */
export async function startPostgresCluster(settings = {}) {
  const bin = findPgBinDir();
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  let started = false;
  let port = 0;

  const readLog = () => {
    try {
      return `\n--- server log ---\n${fs.readFileSync(logFile, 'utf8')}`;
    } catch {
      return '';
    }
  };
  /** Runs a PostgreSQL tool, as the postgres user when we are root. */
  const pgTool = (tool, args) => {
    const exe = path.join(bin, tool);
    const [file, argv] = asRoot ? [findRunuser(), ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
    const result = spawnSync(file, argv, { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0) {
      // Not started at all (result.error, e.g. ENOENT), or failed with its own output.
      const why = result.error ? `${file}: ${result.error.message}` : `${result.stdout ?? ''}${result.stderr ?? ''}`;
      throw new Error(`${tool} failed (${result.status}):\n${why}${readLog()}`);
    }
    return result.stdout;
  };
  const stop = () => {
    if (started) {
      try {
        pgTool('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30']);
      } catch (error) {
        console.error(`postgres-cluster: could not stop the cluster: ${error.message}`);
      }
      started = false;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    if (asRoot) {
      // The server runs as postgres: give it the folder (the parent tmp dir is world-writable).
      fs.chmodSync(dir, 0o700);
      execFileSync('chown', ['postgres:', dir]);
    }
    pgTool('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
    // PG_PORT: a fixed port (e.g. within an engineer's port range); else a free one.
    port = Number(process.env.PG_PORT) || (await freePort());
    const options = [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${dir}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
      ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
    ].join(' ');
    started = true;
    pgTool('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60']);
  } catch (error) {
    stop();
    throw error;
  }
  return { databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, logFile };
}
