/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildAdminServer } from './app';
import { loadAdminConfig } from './config';

describe('the back office server', () => {
  const seen: Array<{ url: string; forwardedFor: unknown; cookie: unknown }> = [];
  const api = Fastify();
  api.all('/*', async (request) => {
    seen.push({ url: request.url, forwardedFor: request.headers['x-forwarded-for'], cookie: request.headers.cookie });
    return { from: 'api' };
  });
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Back office</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'main.0123456789.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'assets', 'main.0123456789.js.map'), '{}');
  let app: Awaited<ReturnType<typeof buildAdminServer>>;

  beforeAll(async () => {
    const apiUrl = await api.listen({ port: 0, host: '127.0.0.1' });
    app = await buildAdminServer({ ...loadAdminConfig({}), apiUrl, distDir: dist }, false);
  });
  afterAll(async () => {
    await app.close();
    await api.close();
  });

  it('listens on loopback at PORT+2 unless ADMIN_HOST and ADMIN_PORT say otherwise', () => {
    expect(loadAdminConfig({})).toMatchObject({ host: '127.0.0.1', port: 8082, apiUrl: 'http://127.0.0.1:8081' });
    expect(loadAdminConfig({ PORT: '9600' })).toMatchObject({ port: 9602, apiUrl: 'http://127.0.0.1:9601' });
    expect(loadAdminConfig({ ADMIN_PORT: '7000', ADMIN_HOST: '0.0.0.0' })).toMatchObject({ port: 7000, host: '0.0.0.0' });
    expect(() => loadAdminConfig({ ADMIN_PORT: 'eighty' })).toThrow(/ADMIN_PORT/);
  });

  it('proxies /admin-api with the cookie, replacing X-Forwarded-For with the client it sees', async () => {
    seen.length = 0;
    const res = await app.inject({ url: '/admin-api/session', remoteAddress: '10.9.8.7', headers: { cookie: 'staff_session=abc', 'x-forwarded-for': '1.2.3.4' } });
    expect(res.json()).toEqual({ from: 'api' });
    expect(seen).toEqual([{ url: '/admin-api/session', forwardedFor: '10.9.8.7', cookie: 'staff_session=abc' }]);
  });

  it('forwards nothing else to the API: not the storefront API, not the staff command line', async () => {
    seen.length = 0;
    for (const url of ['/api/health', '/staff-cli/list']) await app.inject({ url });
    for (const url of ['/media/x.svg', '/media/uploads/products/a.webp']) await app.inject({ method: 'POST', url, payload: {} });
    expect(seen).toEqual([]);
  });

  it('shows the shop’s pictures: GET /media/ is read from the API', async () => {
    seen.length = 0;
    const res = await app.inject({ url: '/media/uploads/products/a.webp' });
    expect(res.json()).toEqual({ from: 'api' });
    expect(seen.map((s) => s.url)).toEqual(['/media/uploads/products/a.webp']);
  });

  it('answers pages with the app, hashed files for a year, never source maps', async () => {
    const page = await app.inject({ url: '/orders/5' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    const script = await app.inject({ url: '/assets/main.0123456789.js' });
    expect(script.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ url: '/assets/main.0123456789.js.map' })).statusCode).toBe(404);
  });

  it('runs only its own scripts, in no frame, sending no referrer (set-up links carry a secret)', async () => {
    const res = await app.inject({ url: '/setup' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
