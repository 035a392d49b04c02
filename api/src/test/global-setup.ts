import { ensurePgliteTemplate, TEMPLATE_ENV } from './db';

/** Builds (or finds) the migrated PGlite template once per jest run; workers inherit the env. */
export default async function globalSetup() {
  if (process.env.DATABASE_URL) return;
  process.env[TEMPLATE_ENV] = await ensurePgliteTemplate();
}
