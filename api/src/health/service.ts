import type { HealthAnswer } from '@shop/shared/schemas';
import type { HealthStore } from './store';

export interface HealthReport {
  healthy: boolean;
  answer: HealthAnswer;
  /** Why the service is degraded, for the log (never sent to the client). */
  problem?: unknown;
}

/**
 * Healthy when the database answers, can take changes (not a full disk) and every shipped
 * migration is applied. A database with
 * more migrations than this instance knows (a newer instance in a rolling deploy) stays healthy.
 */
export async function checkHealth(store: HealthStore, version: string): Promise<HealthReport> {
  try {
    await store.ping();
    const migrations = await store.migrations();
    const writable = store.writable();
    const healthy = migrations.pending === 0 && writable;
    const problem = !writable ? 'disk full: the database cannot take changes' : `${migrations.pending} migration(s) not applied`;
    return {
      healthy,
      answer: {
        status: healthy ? 'ok' : 'degraded',
        database: { kind: store.kind, ok: true, writable, migrations },
        version,
      },
      ...(healthy ? {} : { problem }),
    };
  } catch (problem) {
    return {
      healthy: false,
      answer: { status: 'degraded', database: { kind: store.kind, ok: false }, version },
      problem,
    };
  }
}
