import type { DomainPlugin } from '../domain';
import { refreshProductDocuments } from '../catalog/documents';
import { ensureSeedMedia, seedDatabase, seedState } from './seed';

/**
 * Not routes: at start-up (when the app gets ready, before it listens) writes the seed's media
 * if missing and loads the seeded shop into an empty database, so a fresh `npm start` shows a
 * believable shop. A database that already has a catalogue is left alone. Skipped when
 * NODE_ENV is 'test' (tests seed explicitly: src/seed/testing.ts).
 */
export const seedOnStart: DomainPlugin = async (app, { db, config }) => {
  if (config.nodeEnv === 'test') return;
  const media = ensureSeedMedia(config.mediaDir);
  if (media.written > 0) app.log.info({ files: media.written, ms: media.ms }, 'seed media written');
  const result = await seedDatabase(db);
  if (result.seeded) {
    app.log.info({ ...result.counts, ms: result.ms }, 'seeded the shop into an empty database');
  } else {
    app.log.info({ seed: await seedState(db), reason: result.reason }, 'seed skipped');
  }
  // The read model after the seed (or after a load or migration that left documents stale):
  // in the background, since a stale document is rebuilt on its first read anyway.
  const started = Date.now();
  void refreshProductDocuments(db)
    .then((n) => n > 0 && app.log.info({ documents: n, ms: Date.now() - started }, 'product documents rebuilt'))
    .catch((error: unknown) => app.log.warn({ err: error }, 'product documents: rebuild failed (each is rebuilt on first read)'));
};
