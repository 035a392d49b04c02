import { buildAdminServer } from './app';
import { loadAdminConfig } from './config';

async function main() {
  const config = loadAdminConfig();
  const app = await buildAdminServer(config, { level: process.env.LOG_LEVEL ?? 'info' });
  let closing = false;
  const shutdown = () => {
    if (closing) process.exit(1);
    closing = true;
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
