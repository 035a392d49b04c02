import http from 'node:http';
import type pg from 'pg';
import { openTestDb, type TestDb } from '../test/db';
import { spawnApi, stopApi, waitHealthy, type ApiProcess } from './support';

/**
 * API_WORKERS on PostgreSQL, with real processes: `src/server.ts` runs two workers on one port;
 * a client's limit is counted once across them (the database store); a worker killed with
 * SIGKILL is replaced while the other answers; SIGTERM stops every worker cleanly (exit 0).
 * PGlite runs one process whatever API_WORKERS says (config.test.ts), so this runs on PostgreSQL.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const describePg = onPostgres ? describe : describe.skip;

/** A POST on a fresh connection (no keep-alive), so the primary hands each to the next worker. */
function call(method: 'GET' | 'POST', url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent: false, headers: { connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

const json = (line: string): Record<string, unknown> => {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return {};
  }
};

describePg('API_WORKERS: several worker processes on one PostgreSQL', () => {
  let testDb: TestDb;
  let api: ApiProcess;

  beforeAll(async () => {
    testDb = await openTestDb();
    const databaseUrl = (testDb.db.$client as pg.Pool).options.connectionString!;
    api = await spawnApi({ DATABASE_URL: databaseUrl, API_WORKERS: '2', GUEST_BASKETS_PER_CLIENT: '6' });
    await waitHealthy(api, 90_000);
    await waitForLines(/API worker listening/, 2);
  }, 120_000);
  afterAll(async () => {
    if (api) await stopApi(api);
    await testDb?.close();
  });

  const listeningPids = () =>
    api.lines.filter((l) => /API worker listening/.test(l)).map((l) => json(l).pid as number);

  async function waitForLines(pattern: RegExp, count: number, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    while (api.lines.filter((l) => pattern.test(l)).length < count) {
      if (Date.now() > deadline) throw new Error(`fewer than ${count} lines ${pattern}:\n${api.lines.slice(-20).join('\n')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('answers from both workers and counts a client’s guest baskets once across them', async () => {
    for (let i = 0; i < 6; i++) expect(await call('POST', `${api.url}/api/cart/guest/create`)).toBe(200);
    expect(await call('POST', `${api.url}/api/cart/guest/create`)).toBe(429);
    expect(await call('POST', `${api.url}/api/cart/guest/create`)).toBe(429);
    // The answers came from both workers (each logs its worker id with every request).
    const workers = new Set(
      api.lines
        .map(json)
        .filter((l) => (l.req as { url?: string } | undefined)?.url === '/api/cart/guest/create')
        .map((l) => l.worker),
    );
    expect(workers.size).toBe(2);
  });

  it('replaces a worker killed with SIGKILL; the API answers throughout', async () => {
    const [victim] = listeningPids();
    process.kill(victim!, 'SIGKILL');
    await api.waitForLine(/API worker died: starting another/, 10_000);
    expect(await call('GET', `${api.url}/api/health`)).toBe(200);
    await waitForLines(/API worker listening/, 3);
    for (let i = 0; i < 4; i++) expect(await call('GET', `${api.url}/api/health`)).toBe(200);
  }, 60_000);

  it('stops every worker cleanly on SIGTERM (exit 0)', async () => {
    const pids = listeningPids();
    expect(await stopApi(api)).toBe(0);
    const alive = pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
    expect(api.lines.some((l) => /"msg":"stopped"/.test(l))).toBe(true);
  }, 30_000);
});
