import path from 'node:path';

/**
 * The back office's server settings (the environment of `npm start`):
 * - ADMIN_PORT: its port (default PORT + 2, PORT defaulting to 8080);
 * - ADMIN_HOST: the address it listens on (default 127.0.0.1, loopback: set it, behind https, to
 *   reach the back office from elsewhere);
 * - API_URL: the API it proxies /admin-api to (default http://127.0.0.1:PORT+1);
 * - TRUST_PROXY: the https terminator in front of it (a hop count or addresses), none by default.
 */
export interface AdminServerConfig {
  port: number;
  host: string;
  apiUrl: string;
  distDir: string;
  trustProxy: boolean | number | string[];
  bodyLimit: number;
}

export function loadAdminConfig(env: NodeJS.ProcessEnv = process.env): AdminServerConfig {
  const shopPort = Number(env.PORT ?? 8080);
  const port = Number(env.ADMIN_PORT ?? shopPort + 2);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid environment: ADMIN_PORT: must be a port number (${env.ADMIN_PORT})`);
  const trust = env.TRUST_PROXY?.trim();
  return {
    port,
    host: env.ADMIN_HOST?.trim() || '127.0.0.1',
    apiUrl: (env.API_URL ?? `http://127.0.0.1:${Number(env.API_PORT ?? shopPort + 1)}`).replace(/\/+$/, ''),
    distDir: path.join(__dirname, '..', 'dist'),
    trustProxy: !trust ? false : trust === 'true' ? true : /^\d+$/.test(trust) ? Number(trust) : trust.split(',').map((s) => s.trim()),
    bodyLimit: 64 * 1024,
  };
}
