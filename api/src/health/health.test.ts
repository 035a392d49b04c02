import { healthAnswerSchema } from '@shop/shared/schemas';
import { buildApp } from '../app';
import { readJournal } from '../db/migrate';
import { openTestDb } from '../test/db';
import { testConfig, useTestApp } from '../test/app';
import { checkHealth } from './service';
import type { HealthStore } from './store';

const expectedKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

describe('GET /api/health', () => {
  const t = useTestApp();

  it('answers ok with the database kind and every migration applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = healthAnswerSchema.parse(res.json());
    const journal = readJournal();
    expect(body).toEqual({
      status: 'ok',
      database: {
        kind: expectedKind,
        ok: true,
        writable: true,
        migrations: {
          applied: journal.length,
          total: journal.length,
          latest: journal.at(-1)!.tag,
          pending: 0,
        },
      },
      version: expect.any(String),
    });
  });

  it('answers 503 degraded, without internals, when the database cannot answer', async () => {
    const broken = await openTestDb();
    await broken.close();
    const app = buildApp({ db: broken.db, config: testConfig() });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'degraded',
        database: { kind: expectedKind, ok: false },
        version: expect.any(String),
      });
    } finally {
      await app.close();
    }
  });
});

describe('readiness and liveness', () => {
  const t = useTestApp();
  afterEach(() => {
    t.app.services.readiness.stopping = false;
    delete t.app.services.readiness.redis;
  });

  it('answers 503 stopping once a graceful stop has begun, while liveness stays 200', async () => {
    t.app.services.readiness.stopping = true;
    const ready = await t.app.inject({ url: '/api/health' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'stopping', database: { ok: true } });
    const live = await t.app.inject({ url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok', version: expect.any(String) });
    expect(live.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while the configured Redis does not answer, and says so', async () => {
    t.app.services.readiness.redis = () => Promise.reject(new Error('ECONNREFUSED'));
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: { ok: true }, redis: { ok: false } });
    t.app.services.readiness.redis = async () => {};
    const back = await t.app.inject({ url: '/api/health' });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ status: 'ok', redis: { ok: true } });
  });

  it('liveness answers even when the database does not', async () => {
    const broken = await openTestDb();
    await broken.close();
    const app = buildApp({ db: broken.db, config: testConfig() });
    try {
      expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });
});

describe('checkHealth', () => {
  const store = (over: Partial<HealthStore>): HealthStore => ({
    kind: 'pglite',
    ping: async () => {},
    writable: () => true,
    migrations: async () => ({ applied: 2, total: 2, latest: '0001_x', pending: 0 }),
    ...over,
  });

  it('is degraded while shipped migrations are not applied', async () => {
    const report = await checkHealth(
      store({ migrations: async () => ({ applied: 1, total: 2, latest: '0000_x', pending: 1 }) }),
      '1.0.0',
    );
    expect(report.healthy).toBe(false);
    expect(report.answer.status).toBe('degraded');
    expect(report.answer.database.ok).toBe(true);
  });

  it('is degraded, naming the disk, when the database cannot take changes', async () => {
    const report = await checkHealth(store({ writable: () => false }), '1.0.0');
    expect(report.healthy).toBe(false);
    expect(report.answer).toMatchObject({ status: 'degraded', database: { ok: true, writable: false } });
    expect(report.problem).toMatch(/^disk full/);
  });

  it('stays ok when the database is ahead of this instance (rolling deploy)', async () => {
    const report = await checkHealth(
      store({ migrations: async () => ({ applied: 3, total: 2, latest: null, pending: 0 }) }),
      '1.0.0',
    );
    expect(report.answer.status).toBe('ok');
  });
});
