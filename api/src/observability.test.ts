import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { flushObservability, initObservability, reportError, resetObservability } from './observability';

/** A stand-in for Sentry's ingest: keeps every envelope posted to it. */
async function fakeSentry() {
  const envelopes: Array<{ url: string; lines: unknown[] }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      envelopes.push({ url: req.url ?? '', lines: text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as unknown) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { dsn: `http://publickey@127.0.0.1:${port}/42`, envelopes, close: () => new Promise((r) => server.close(r)) };
}

describe('observability (Sentry)', () => {
  afterEach(() => resetObservability());

  it('sends a reported error to the DSN with its cause, stack, context, release and environment', async () => {
    const ingest = await fakeSentry();
    try {
      await initObservability({ sentryDsn: ingest.dsn, nodeEnv: 'production' }, 'shop-api@9.9.9');
      const cause = new Error('connection reset');
      reportError(new Error('could not place the order', { cause }), { method: 'POST', url: '/api/cart/confirm-order' });
      await flushObservability();

      const events = ingest.envelopes.map((e) => ({ url: e.url, header: e.lines[1] as { type: string }, event: e.lines[2] as any }));
      const errors = events.filter((e) => e.header.type === 'event');
      expect(errors).toHaveLength(1);
      const { url, event } = errors[0]!;
      expect(url).toMatch(/^\/api\/42\/envelope\/\?.*sentry_key=publickey/);
      expect(event).toMatchObject({
        level: 'error',
        platform: 'node',
        release: 'shop-api@9.9.9',
        environment: 'production',
        extra: { method: 'POST', url: '/api/cart/confirm-order' },
      });
      // The error and its cause (linked errors), innermost first as Sentry expects.
      const values = event.exception.values as Array<{ type: string; value: string; stacktrace?: { frames: Array<{ filename: string; function?: string }> } }>;
      expect(values.map((v) => v.value)).toEqual(['connection reset', 'could not place the order']);
      const frames = values[1]!.stacktrace!.frames;
      expect(frames.some((f) => f.filename.endsWith('observability.test.ts'))).toBe(true);
    } finally {
      await ingest.close();
    }
  });

  it('does nothing without a DSN', async () => {
    await initObservability({ sentryDsn: undefined, nodeEnv: 'production' }, 'shop-api@9.9.9');
    expect(() => reportError(new Error('nowhere to go'))).not.toThrow();
    await flushObservability();
  });
});
