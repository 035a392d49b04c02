import type { DomainPlugin } from '../domain';

/**
 * The mail domain has no HTTP calls: it owns the outbox of this app's database (what is due is
 * sent at start and every 30 s by the outbox-send job, src/jobs/) and stops it with the app.
 * Register it before the domains that send mail.
 */
export const mailRoutes: DomainPlugin = async (app) => {
  const { outbox } = app.services;
  app.addHook('onClose', async () => outbox.stop());
};
