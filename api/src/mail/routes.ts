import type { DomainPlugin } from '../app';

/**
 * The mail domain has no HTTP calls: it owns the outbox of this app's database, sends what is due
 * at start and every 30 s, and stops with the app. Register it before the domains that send mail.
 */
export const mailRoutes: DomainPlugin = async (app) => {
  const { outbox } = app.services;
  app.addHook('onReady', async () => outbox.kick());
  app.addHook('onClose', async () => outbox.stop());
};
