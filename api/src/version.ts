import pkg from '../package.json';

/** Version of the API service (api/package.json), reported by /api/health and to Sentry. */
export const version: string = pkg.version;
