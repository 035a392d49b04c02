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

/**
 * Answer of GET /api/health (readiness): 200 with status 'ok'; 503 with status 'degraded' (the
 * database or Redis does not answer, migrations are pending, the disk is full) or 'stopping' (a
 * graceful stop has begun: the load balancer should send no more).
 */
export const healthAnswerSchema = z.object({
  status: z.enum(['ok', 'degraded', 'stopping']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    ok: z.boolean(),
    /** False when the database cannot take changes (a full disk); absent when it does not answer. */
    writable: z.boolean().optional(),
    migrations: migrationStateSchema.optional(),
  }),
  /** Present where REDIS_URL is configured. */
  redis: z.object({ ok: z.boolean() }).optional(),
  version: z.string(),
});
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;
