import { loadConfig } from './config';
import { buildPageServer } from './app';

async function main() {
  const config = loadConfig();
  const app = await buildPageServer(config, {
    level: process.env.LOG_LEVEL ?? 'info',
  });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'page server shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    // A port taken is the machine's doing, not a bug: one line, no stack.
    app.log.fatal({ refused: 'EADDRINUSE' }, `Port ${config.port} is in use by another program. Stop it, or choose another port (PORT).`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
