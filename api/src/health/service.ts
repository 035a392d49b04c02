import type { HealthAnswer } from '@shop/shared/schemas';
import type { HealthStore } from './store';

export interface HealthReport {
  healthy: boolean;
  answer: HealthAnswer;
  /** Why the service is not ready, for the log (never sent to the client). */
  problem?: unknown;
}

/** What the readiness check knows beyond the database. */
export interface Readiness {
  /** Set when a graceful stop begins: the instance answers not ready before it stops listening. */
  stopping: boolean;
  /** Redis, where configured: throws when it does not answer. */
  redis?: () => Promise<void>;
}

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms).unref())]);

/**
 * Ready when the database answers, can take changes (not a full disk) and every shipped migration
 * is applied, Redis (where configured) answers, and no graceful stop has begun. A database with
 * more migrations than this instance knows (a newer instance in a rolling deploy) stays ready.
 */
export async function checkHealth(store: HealthStore, version: string, readiness: Readiness = { stopping: false }): Promise<HealthReport> {
  const redis = readiness.redis
    ? await withTimeout(readiness.redis(), 1000, 'Redis').then(
        () => ({ ok: true, problem: null }),
        (problem: unknown) => ({ ok: false, problem }),
      )
    : null;
  const redisAnswer = redis ? { redis: { ok: redis.ok } } : {};
  try {
    await withTimeout(store.ping(), 2000, 'the database');
    const migrations = await store.migrations();
    const writable = store.writable();
    const healthy = migrations.pending === 0 && writable && (redis?.ok ?? true) && !readiness.stopping;
    const problem = readiness.stopping
      ? 'stopping'
      : !writable
        ? 'disk full: the database cannot take changes'
        : redis && !redis.ok
          ? redis.problem
          : `${migrations.pending} migration(s) not applied`;
    return {
      healthy,
      answer: {
        status: healthy ? 'ok' : readiness.stopping ? 'stopping' : 'degraded',
        database: { kind: store.kind, ok: true, writable, migrations },
        ...redisAnswer,
        version,
      },
      ...(healthy ? {} : { problem }),
    };
  } catch (problem) {
    return {
      healthy: false,
      answer: { status: readiness.stopping ? 'stopping' : 'degraded', database: { kind: store.kind, ok: false }, ...redisAnswer, version },
      problem,
    };
  }
}
