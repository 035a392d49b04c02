import { z } from './z';

/** Migration state of the API's database: files shipped with the service vs migrations applied. */
export const migrationStateSchema = z.object({
  applied: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** Tag of the newest applied migration (e.g. '0001_app_meta'), null when none is applied. */
  latest: z.string().nullable(),
  pending: z.number().int().nonnegative(),
});
export type MigrationState = z.infer<typeof migrationStateSchema>;

/** Answer of GET /api/health: 200 with status 'ok', 503 with status 'degraded'. */
export const healthAnswerSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    ok: z.boolean(),
    /** False when the database cannot take changes (a full disk); absent when it does not answer. */
    writable: z.boolean().optional(),
    migrations: migrationStateSchema.optional(),
  }),
  version: z.string(),
});
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;
