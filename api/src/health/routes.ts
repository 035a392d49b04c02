import { healthAnswerSchema } from '@shop/shared/schemas';
import { z } from 'zod';
import type { DomainPlugin } from '../domain';
import { version } from '../version';
import { checkHealth } from './service';

/**
 * GET /api/health: readiness, for load balancers and people: 200 when this instance can serve
 * (database, Redis where configured, migrations), 503 when degraded or stopping.
 * GET /api/health/live: liveness: 200 while the process answers at all (a restart is the only
 * cure for a process that does not), whatever its database is doing.
 */
export const healthRoutes: DomainPlugin = async (app) => {
  const { health: store, readiness } = app.services;

  app.get(
    '/health',
    { schema: { response: { 200: healthAnswerSchema, 503: healthAnswerSchema } } },
    async (request, reply) => {
      const report = await checkHealth(store, version, readiness);
      if (!report.healthy && !readiness.stopping) request.log.warn({ err: report.problem }, 'health check degraded');
      reply.header('cache-control', 'no-store');
      return reply.code(report.healthy ? 200 : 503).send(report.answer);
    },
  );

  app.get('/health/live', { schema: { response: { 200: z.object({ status: z.literal('ok'), version: z.string() }) } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const, version };
  });
};
