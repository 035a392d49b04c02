import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appMeta } from '../db/meta-schema';

const APP_SECRET_KEY = 'app_secret';

/**
 * The server secret for HMACs (signed links, captcha codes): APP_SECRET when set, else one generated
 * on first use and stored in app_meta, so every instance over the same database agrees and it
 * survives restarts. Reads the database each call: the app holds `appSecretSource` instead.
 */
export function getAppSecret(db: Db, appSecret: string | undefined): Promise<Buffer> {
  if (appSecret) return Promise.resolve(Buffer.from(appSecret, 'utf8'));
  return loadOrCreate(db);
}

/** The app's secret, read once and remembered (a failed read is tried again next time). */
export function appSecretSource(db: Db, appSecret: string | undefined): () => Promise<Buffer> {
  let secret: Promise<Buffer> | undefined;
  return () => {
    if (!secret) {
      secret = getAppSecret(db, appSecret);
      secret.catch(() => (secret = undefined));
    }
    return secret;
  };
}

async function loadOrCreate(db: Db): Promise<Buffer> {
  const fresh = randomBytes(32).toString('base64url');
  // Two instances starting together: the first insert wins, both read the same row.
  await db
    .insert(appMeta)
    .values({ key: APP_SECRET_KEY, value: sql`${JSON.stringify(fresh)}::jsonb` })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, APP_SECRET_KEY));
  if (typeof row?.value !== 'string' || row.value.length < 32) throw new Error('app_meta.app_secret is missing or too short');
  return Buffer.from(row.value, 'utf8');
}
