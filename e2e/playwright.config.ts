import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { ports, urls } from './support/ports';

// A fresh embedded database for every run (the config is read by each worker too: create it once).
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
// The catalogue team's uploads to its other host, served before its current build (see federation.spec.ts).
process.env.E2E_CATALOG_UPLOADS ??= fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-catalog-uploads-'));

const root = path.resolve(__dirname, '..');
const tsx = (file: string) => `node --import tsx ${file}`;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: urls.shop,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      // The shop exactly as `npm start` serves it (production build).
      command: 'node scripts/start.mjs',
      cwd: root,
      url: `${urls.shop}/api/health`,
      // CAPTCHA_TEST_CODE: the account spec types the captcha (the API draws every one with it).
      env: {
        PORT: String(ports.shop),
        ADMIN_PORT: String(ports.admin),
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        CAPTCHA_TEST_CODE: 'E2eTst',
        // The runner is this page server's load balancer: each test reports its own client address
        // (support/test.ts), so per-client limits see separate shoppers as in production.
        TRUST_PROXY: '127.0.0.1,::1',
      },
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      // A static host on another port standing in for the catalogue team's CDN: what the team
      // uploads (a new version) wins over the build the suite starts with.
      command: `node e2e/support/static-server.mjs ${process.env.E2E_CATALOG_UPLOADS},catalog-mfe/dist ${ports.catalogElsewhere}`,
      cwd: root,
      url: `${urls.catalogElsewhere}/mf-manifest.json`,
      reuseExistingServer: false,
    },
    {
      // A second page server of the same shell build, told by configuration alone that the
      // catalogue lives on another port and that the account remote lives where nothing answers.
      command: tsx('shell/server/index.ts'),
      cwd: root,
      url: `${urls.moved}/healthz`,
      env: {
        PORT: String(ports.moved),
        API_URL: `http://127.0.0.1:${ports.shop + 1}`,
        REMOTE_CATALOG_URL: `${urls.catalogElsewhere}/mf-manifest.json`,
        REMOTE_ACCOUNT_URL: `${urls.accountElsewhere}/mf-manifest.json`,
        // Re-reads the remotes' route lists every second, so a deployed page shows within the test.
        ROUTES_REFRESH_MS: '1000',
        LOG_LEVEL: 'warn',
      },
      reuseExistingServer: false,
    },
  ],
});
