import http from 'node:http';
import { mailOutbox } from '../mail/schema';
import { freePort, spawnApi, stopApi, waitHealthy, waitWorkersListening, type ApiProcess } from '../reliability/support';
import { openTestDb, type TestDb } from '../test/db';

/**
 * Several API workers (PostgreSQL, API_WORKERS=2): the primary serves their metrics summed (and the
 * database's figures once, not once per worker), and a graceful stop answers not ready before the
 * API stops listening. Real processes (`src/server.ts`).
 */
const describePg = process.env.DATABASE_URL ? describe : describe.skip;

/** GET on a fresh connection, so the primary hands each request to the next worker. */
function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { connection: 'close' } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describePg('metrics and readiness of an API with two workers (PostgreSQL)', () => {
  let testDb: TestDb;
  let api: ApiProcess;
  let metricsUrl: string;

  beforeAll(async () => {
    testDb = await openTestDb();
    const databaseUrl = (testDb.db.$client as { options: { connectionString: string } }).options.connectionString;
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    api = await spawnApi({ DATABASE_URL: databaseUrl, API_WORKERS: '2', METRICS_PORT: String(metricsPort), SHUTDOWN_DRAIN_MS: '1500' });
    await waitHealthy(api, 90_000);
    await api.waitForLine(/metrics served/, 60_000);
    await waitWorkersListening(api, 2);
  }, 120_000);
  afterAll(async () => {
    if (api && api.child.exitCode === null) await stopApi(api);
    await testDb?.close();
  });

  it('serves the sum of both workers on the metrics address, and the database figures once', async () => {
    const count = async () => sample((await get(metricsUrl)).body, 'shop_api_http_requests_total{method="GET",route="/api/health/live",status="200"}') ?? 0;
    const before = await count();
    for (let i = 0; i < 12; i++) expect((await get(`${api.url}/api/health/live`)).status).toBe(200);
    expect((await count()) - before).toBe(12);
    // Both workers answered some of them (each worker's own series, summed by the primary).
    const workers = new Set(api.lines.filter((l) => l.includes('/api/health/live') && l.includes('"worker"')).map((l) => JSON.parse(l).worker as number));
    expect(workers.size).toBe(2);

    await testDb.db.insert(mailOutbox).values([
      { template: 'test', toAddress: 'a@example.com', subject: 's', textBody: 't' },
      { template: 'test', toAddress: 'b@example.com', subject: 's', textBody: 't' },
      { template: 'test', toAddress: 'c@example.com', subject: 's', textBody: 't' },
    ]);
    const text = (await get(metricsUrl)).body;
    // Read from the database by each worker, taken once (not 2 x 3).
    expect(sample(text, 'shop_mail_outbox_depth')).toBe(3);
    // The public port does not serve them.
    expect((await get(`${api.url}/metrics`)).status).toBe(404);
  }, 60_000);

  it('on SIGTERM answers not ready first, then stops cleanly', async () => {
    expect((await get(`${api.url}/api/health`)).status).toBe(200);
    api.child.kill('SIGTERM');
    // Within the drain (1.5 s) each worker still answers, and says it is stopping.
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < 4; i++) {
      const res = await get(`${api.url}/api/health`);
      expect(res.status).toBe(503);
      expect(JSON.parse(res.body).status).toBe('stopping');
    }
    expect(await api.exited).toBe(0);
  }, 60_000);
});
