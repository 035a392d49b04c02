import { loadConfig } from './config';
import { buildPageServer } from './app';
import { createMetrics, createReadiness, serveMetrics } from './operations';

/**
 * `npm start` may start the page server while the front ends are still building, so that its own
 * modules (fastify, jsdom, the schemas) load meanwhile; it then says when to go on (IPC), once the
 * builds it serves are written and the API answers.
 */
async function waitForGo() {
  if (process.env.PAGE_SERVER_WAIT_FOR_GO !== '1' || !process.send) return;
  await new Promise((resolve) => process.once('message', resolve));
  process.disconnect();
}

async function main() {
  await waitForGo();
  const config = loadConfig();
  const metrics = createMetrics();
  const readiness = createReadiness(config.apiUrl);
  const app = await buildPageServer(config, { level: process.env.LOG_LEVEL ?? 'info' }, { metrics, readiness });
  let metricsServer: Awaited<ReturnType<typeof serveMetrics>> | null = null;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'page server shutting down');
    // Not ready first (/readyz 503), so the load balancer stops sending; then stop listening.
    readiness.stop();
    setTimeout(() => {
      Promise.all([app.close(), metricsServer?.app.close()]).then(
        () => process.exit(0),
        () => process.exit(1),
      );
    }, config.shutdownDrainMs);
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  try {
    await app.listen({ port: config.port, host: config.host });
    if (config.metrics) {
      metricsServer = await serveMetrics(metrics.registry, config.metrics.host, config.metrics.port);
      app.log.info({ metrics: metricsServer.url }, 'metrics served');
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    // A port taken is the machine's doing, not a bug: one line, no stack.
    app.log.fatal({ refused: 'EADDRINUSE' }, `Port ${config.port} (or METRICS_PORT) is in use by another program. Stop it, or choose another port (PORT).`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
