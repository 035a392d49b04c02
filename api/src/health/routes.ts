import { healthAnswerSchema } from '@shop/shared/schemas';
import type { DomainPlugin } from '../app';
import { version } from '../version';
import { checkHealth } from './service';

/** GET /api/health: for load balancers and people. 200 when ok, 503 when degraded. */
export const healthRoutes: DomainPlugin = async (app) => {
  const store = app.services.health;

  app.get(
    '/health',
    { schema: { response: { 200: healthAnswerSchema, 503: healthAnswerSchema } } },
    async (request, reply) => {
      const report = await checkHealth(store, version);
      if (!report.healthy) request.log.warn({ err: report.problem }, 'health check degraded');
      reply.header('cache-control', 'no-store');
      return reply.code(report.healthy ? 200 : 503).send(report.answer);
    },
  );
};
