import { loadConfig } from '../config';
import { closeDb, openDb } from '../db/client';
import { migrateDb } from '../db/migrate';
import { ensureSeedMedia, seedDatabase } from './seed';

/**
 * `npm run seed -w @shop/api [-- --force]`: migrates and seeds the configured database (PGlite in
 * DATA_DIR, or DATABASE_URL) and writes the seed's media. Without --force an existing catalogue is
 * kept; --force deletes the catalogue, content and reviews first and loads the seed again.
 */
async function main() {
  const force = process.argv.includes('--force');
  const config = loadConfig();
  const db = await openDb(config);
  try {
    await migrateDb(db);
    const media = ensureSeedMedia(config.mediaDir);
    console.log(`media: ${media.written} file(s) written to ${config.mediaDir} (${media.ms} ms)`);
    const result = await seedDatabase(db, { force });
    console.log(result.seeded ? `seeded in ${result.ms} ms:` : `not seeded: ${result.reason}`, result.counts ?? '');
  } finally {
    await closeDb(db);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
