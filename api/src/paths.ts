import path from 'node:path';

/**
 * Folders of the API workspace, resolved from this file so they do not depend on the working
 * directory (`npm start -w @shop/api` runs in api/, scripts may run from the repo root).
 * The API runs as CommonJS (tsx and jest), so `__dirname` is available.
 */
export const apiRoot = path.resolve(__dirname, '..');
export const repoRoot = path.resolve(apiRoot, '..');
export const migrationsDir = path.join(apiRoot, 'migrations');
export const mediaDir = path.join(apiRoot, 'media');
