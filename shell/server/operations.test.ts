/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildPageServer } from './app';
import { loadConfig } from './config';
import { createMetrics, createReadiness, serveMetrics } from './operations';

/**
 * For operators: one request id from the page server into the API's log, metrics on their own
 * address, readiness apart from liveness. An upstream API records the request ids it is sent and
 * answers its health as told.
 */
describe('the page server for operators', () => {
  const seen: { url: string; requestId: string | undefined }[] = [];
  let apiReady = true;
  const upstream = Fastify();
  upstream.get('/api/health', async (_request, reply) => reply.code(apiReady ? 200 : 503).send({ status: apiReady ? 'ok' : 'degraded' }));
  upstream.all('/*', async (request, reply) => {
    seen.push({ url: request.url, requestId: request.headers['x-request-id'] as string | undefined });
    return reply.code(404).send({ error: 'Not Found' });
  });
  const shellDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
  fs.writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>');
  const remoteDist = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-dist-'));
  fs.writeFileSync(path.join(remoteDist, 'mf-manifest.json'), JSON.stringify({ name: 'x', shop: { routes: { routes: [] } } }));
  const metrics = createMetrics();
  let readiness: ReturnType<typeof createReadiness>;
  let app: Awaited<ReturnType<typeof buildPageServer>>;
  let metricsServer: Awaited<ReturnType<typeof serveMetrics>>;

  beforeAll(async () => {
    const apiUrl = await upstream.listen({ port: 0, host: '127.0.0.1' });
    readiness = createReadiness(apiUrl);
    app = await buildPageServer(
      { ...loadConfig({}), shellDist, localRemotes: { catalog: remoteDist, content: remoteDist, account: remoteDist, checkout: remoteDist }, apiUrl },
      false,
      { metrics, readiness },
    );
    metricsServer = await serveMetrics(metrics.registry, '127.0.0.1', 0);
  });
  afterAll(async () => {
    await app.close();
    await metricsServer.app.close();
    await upstream.close();
  });

  it("hands its request id to the API, for proxied calls and for a page's own reads", async () => {
    seen.length = 0;
    const proxied = await app.inject({ url: '/api/products/info/1', headers: { 'x-request-id': 'lb-42' } });
    expect(proxied.headers['x-request-id']).toBe('lb-42');
    expect(seen).toContainEqual({ url: '/api/products/info/1', requestId: 'lb-42' });

    seen.length = 0;
    const page = await app.inject({ url: '/some-page-nobody-has' });
    const id = page.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // The page's metadata read (the URL rewrite lookup) carries the page's id.
    expect(seen.length).toBeGreaterThan(0);
    for (const call of seen) expect(call.requestId).toBe(id);
  });

  it('replaces a request id that could break a log line', async () => {
    const res = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'a\u2028b {"level":60}' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves metrics by route and status on their own address, not on the public port', async () => {
    await app.inject({ url: '/some-page-nobody-has' });
    const text = await (await fetch(metricsServer.url)).text();
    expect(text).toMatch(/shop_page_http_requests_total\{method="GET",route="page",status="404"\} [1-9]/);
    expect(text).toContain('shop_page_nodejs_eventloop_lag_seconds');
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });

  it('is live whatever the API does, ready only while the API is ready, and not ready once stopping', async () => {
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    apiReady = false;
    await new Promise((r) => setTimeout(r, 1100)); // the API's answer is reused for a second
    const degraded = await app.inject({ url: '/readyz' });
    expect(degraded.statusCode).toBe(503);
    expect(degraded.json()).toMatchObject({ status: 'degraded', api: false });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    apiReady = true;
    await new Promise((r) => setTimeout(r, 1100));
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    readiness.stop();
    const stopping = await app.inject({ url: '/readyz' });
    expect(stopping.statusCode).toBe(503);
    expect(stopping.json()).toMatchObject({ status: 'stopping' });
  });
});
