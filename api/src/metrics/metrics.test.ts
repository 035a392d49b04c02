import { mailOutbox } from '../mail/schema';
import { useTestApp } from '../test/app';
import { serveMetrics, type MetricsServer } from '.';

describe('metrics (METRICS_PORT)', () => {
  const t = useTestApp();
  let server: MetricsServer;
  beforeAll(async () => {
    server = await serveMetrics('127.0.0.1', 0);
  });
  afterAll(() => server.close());

  const scrape = async () => {
    const res = await fetch(server.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };
  const sample = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('counts and times answers by route pattern and status, not by address', async () => {
    const before = await scrape();
    await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: '/api/products/info/999999' });
    await t.app.inject({ url: '/api/no/such/route/42' });
    const after = await scrape();
    const count = (text: string, labels: string) => sample(text, `shop_api_http_requests_total{${labels}}`) ?? 0;
    expect(count(after, 'method="GET",route="/api/health",status="200"') - count(before, 'method="GET",route="/api/health",status="200"')).toBe(2);
    // An id in the path does not make a series of its own.
    expect(after).toContain('route="/api/products/info/:id",status="404"');
    expect(after).not.toContain('/api/products/info/999999');
    expect(count(after, 'method="GET",route="unmatched",status="404"')).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/shop_api_http_request_duration_seconds_bucket\{le="0\.05",method="GET",route="\/api\/health",status="200"\} \d+/);
  });

  it('reports the event loop, the pool, the outbox, payments awaiting reconciliation and orders per minute', async () => {
    // One mail waiting in the outbox.
    await t.db.insert(mailOutbox).values({ template: 'test', toAddress: 'a@example.com', subject: 's', textBody: 't' });
    const text = await scrape();
    expect(sample(text, 'shop_api_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'shop_mail_outbox_depth')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'shop_payments_awaiting_reconciliation')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'shop_orders_last_minute')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('shop_api_db_pool_connections{state="total"}');
  });

  it('answers nothing but GET /metrics', async () => {
    const res = await fetch(server.url.replace('/metrics', '/api/health'));
    expect(res.status).toBe(404);
  });
});
