import { sql } from 'drizzle-orm';
import { dbKind, queryRows, type Db, type DbKind } from '../db/client';
import { isWritable } from '../db/disk';
import { migrationState, type MigrationState } from '../db/migrate';

/** Database probes for the health check. */
export interface HealthStore {
  kind: DbKind;
  /** Round trip to the database; throws when it cannot answer. */
  ping(): Promise<void>;
  /** False while the database cannot take changes (a full disk). */
  writable(): boolean;
  migrations(): Promise<MigrationState>;
}

export function createHealthStore(db: Db): HealthStore {
  return {
    kind: dbKind(db),
    async ping() {
      await queryRows(db, sql`select 1 as ok`);
    },
    writable: () => isWritable(db),
    migrations: () => migrationState(db),
  };
}
