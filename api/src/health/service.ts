import type { HealthAnswer } from '@shop/shared/schemas';
import type { HealthStore } from './store';

export interface HealthReport {
  healthy: boolean;
  answer: HealthAnswer;
  /** Why the service is degraded, for the log (never sent to the client). */
  problem?: unknown;
}

/**
 * Healthy when the database answers and every shipped migration is applied. A database with
 * more migrations than this instance knows (a newer instance in a rolling deploy) stays healthy.
 */
export async function checkHealth(store: HealthStore, version: string): Promise<HealthReport> {
  try {
    await store.ping();
    const migrations = await store.migrations();
    const healthy = migrations.pending === 0;
    return {
      healthy,
      answer: {
        status: healthy ? 'ok' : 'degraded',
        database: { kind: store.kind, ok: true, migrations },
        version,
      },
      ...(healthy ? {} : { problem: `${migrations.pending} migration(s) not applied` }),
    };
  } catch (problem) {
    return {
      healthy: false,
      answer: { status: 'degraded', database: { kind: store.kind, ok: false }, version },
      problem,
    };
  }
}
