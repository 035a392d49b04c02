/** What the load benchmarks share: the autocannon runner, command-line options, the repo root. */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { average: number; p50: number; p90: number; p99: number; max: number };
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}

// autocannon ships CommonJS without types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<AutocannonResult>;

export const repoRoot = path.resolve(__dirname, '..');

/** `--name value` or `--name=value` from the command line. */
export function option(name: string): string | undefined {
  const argv = process.argv.slice(2);
  const i = argv.indexOf(`--${name}`);
  if (i >= 0) return argv[i + 1];
  return argv.find((a) => a.startsWith(`--${name}=`))?.split('=').slice(1).join('=');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Starts the API service on a loopback port (BENCH_PORT when set, else a free one) with `env`, and
 * waits until it is healthy. On PostgreSQL it runs API_WORKERS worker processes (default: one per
 * core), as `npm start` does.
 */
export async function startApi(env: NodeJS.ProcessEnv): Promise<{ url: string; child: ChildProcess }> {
  const port = Number(env.BENCH_PORT ?? process.env.BENCH_PORT) || (await freePort());
  // BENCH_API_NODE_ARGS: flags for the API's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it under load.
  const nodeArgs = (env.BENCH_API_NODE_ARGS ?? process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'api/src/server.ts'], {
    cwd: repoRoot,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return { url, child };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error('the API did not become healthy within 120 s');
}

/** One call's figures, whichever tool measured them. */
export interface CallFigures {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  /** Answers by status code, e.g. { '200': 5123 }. */
  statuses: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
  /** A few answers that were not 2xx (status and the start of the body), to say why. */
  failures: string[];
}

export const isFailure = (f: CallFigures) => f.errors > 0 || Object.keys(f.statuses).some((code) => !code.startsWith('2'));

export function printFigures(title: string, f: CallFigures & { rampMax?: number }): void {
  const statuses = Object.entries(f.statuses)
    .map(([code, n]) => `${code}×${n}`)
    .join(' ');
  console.log(
    `${title.padEnd(24)} ${f.rps.toFixed(0).padStart(6)} req/s   p50 ${f.p50.toFixed(1).padStart(6)} ms   p99 ${f.p99.toFixed(1).padStart(6)} ms   ` +
      `max ${f.max.toFixed(0).padStart(5)} ms   ${statuses}${f.errors ? `   errors ${f.errors}` : ''}` +
      (f.rampMax !== undefined ? `   (warm-up max ${f.rampMax.toFixed(0)} ms)` : ''),
  );
  if (isFailure(f)) {
    console.log(`  FAILED: not every answer was 2xx`);
    for (const failure of f.failures) console.log(`    ${failure}`);
  }
}

/** Runs autocannon and keeps a few non-2xx answers (status and body) to show why they failed. */
export async function autocannonFigures(opts: Record<string, unknown> & { requests: Array<Record<string, unknown>> }): Promise<CallFigures> {
  const failures: string[] = [];
  const onResponse = (status: number, body: string) => {
    if ((status < 200 || status >= 300) && failures.length < 5) failures.push(`${status} ${String(body).slice(0, 300)}`);
  };
  const result = await autocannon({ ...opts, requests: opts.requests.map((r) => ({ ...r, onResponse })) });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
    errors: result.errors + result.timeouts,
    failures,
  };
}

/**
 * Like autocannonFigures for a timed run, but the connections are opened and warmed up in the same
 * run: autocannon runs `warmup + duration` seconds on one set of `connections`, and the figures
 * count only the answers to requests sent after the first `warmup` seconds. Why: a fresh set of 50
 * connections opened against a busy single-threaded API (PGlite) is accepted about one per event
 * loop round, so their first answers wait seconds; with a separate warm-up run every measured run
 * began with that ramp and its 50 first answers were the slowest 1-4 % (a PGlite search p99 of
 * 3 s while no answer on an open connection took over 0.4 s). The ramp is not hidden: `rampMax`
 * is the slowest answer of the warm-up, and any non-2xx or error of the whole run still fails it.
 */
export async function steadyFigures(
  opts: Record<string, unknown> & { requests: Array<Record<string, unknown>>; duration: number; warmup: number },
): Promise<CallFigures & { rampMax: number }> {
  const failures: string[] = [];
  const onResponse = (status: number, body: string) => {
    if ((status < 200 || status >= 300) && failures.length < 5) failures.push(`${status} ${String(body).slice(0, 300)}`);
  };
  const { warmup, duration, ...rest } = opts;
  const started = performance.now();
  const measureFrom = started + warmup * 1000;
  const latencies: number[] = [];
  let rampMax = 0;
  const run = autocannon({ ...rest, duration: warmup + duration, requests: opts.requests.map((r) => ({ ...r, onResponse })) }) as unknown as Promise<AutocannonResult> & {
    on: (event: 'response', listener: (client: unknown, status: number, bytes: number, latencyMs: number) => void) => void;
  };
  run.on('response', (_client, _status, _bytes, latencyMs) => {
    if (performance.now() - latencyMs >= measureFrom) latencies.push(latencyMs);
    else rampMax = Math.max(rampMax, latencyMs);
  });
  const result = await run;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    rps: latencies.length / duration,
    p50: at(0.5),
    p99: at(0.99),
    max: at(1),
    requests: latencies.length,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
    errors: result.errors + result.timeouts,
    failures,
    rampMax,
  };
}

export interface Shopper {
  /** Headers of every request (e.g. the shopper's own X-Forwarded-For). */
  headers: Record<string, string>;
  /** The next request's JSON body. */
  body: () => unknown;
}

/**
 * Shoppers that each send one request after another (never two at once, like a person clicking),
 * all shoppers at the same time, for `durationS` seconds: POST `path` with each shopper's body.
 * Each shopper has its own keep-alive connection. Latency is measured per request. With `warmupS`,
 * the shoppers first run that long on the same connections, and only requests sent after it count
 * (as steadyFigures; `rampMax` is the warm-up's slowest answer); errors of the whole run count.
 */
export async function runShoppers(base: string, path: string, shoppers: Shopper[], durationS: number, warmupS = 0): Promise<CallFigures & { rampMax: number }> {
  const url = new URL(base);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const failures: string[] = [];
  let errors = 0;
  let rampMax = 0;
  const measureFrom = performance.now() + warmupS * 1000;
  const end = measureFrom + durationS * 1000;
  await Promise.all(
    shoppers.map(async (shopper) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        while (performance.now() < end) {
          const payload = JSON.stringify(shopper.body());
          const t0 = performance.now();
          try {
            const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
              const req = http.request(
                {
                  host: url.hostname,
                  port: url.port,
                  path,
                  method: 'POST',
                  agent,
                  headers: { ...shopper.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
                  timeout: 30_000,
                },
                (res) => {
                  const chunks: Buffer[] = [];
                  res.on('data', (c: Buffer) => chunks.push(c));
                  res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
                  res.on('error', reject);
                },
              );
              req.on('timeout', () => req.destroy(new Error('timeout')));
              req.on('error', reject);
              req.end(payload);
            });
            if (t0 >= measureFrom) latencies.push(performance.now() - t0);
            else rampMax = Math.max(rampMax, performance.now() - t0);
            statuses[status] = (statuses[status] ?? 0) + 1;
            if ((status < 200 || status >= 300) && failures.length < 5) failures.push(`${status} ${body.slice(0, 300)}`);
          } catch (error) {
            errors++;
            if (failures.length < 5) failures.push(`error ${(error as Error).message}`);
          }
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  const seconds = (performance.now() - measureFrom) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), max: at(1), requests: latencies.length, statuses, errors, failures, rampMax };
}
