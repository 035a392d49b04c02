import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '../support/test';
import { ports, urls } from '../support/ports';

const root = path.resolve(__dirname, '../..');

/** Every JS file the page downloads, in order. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res.url());
  });
  return scripts;
}

async function acceptCookies(page: Page) {
  await page.addInitScript(() => localStorage.setItem('cookiesAccepted', 'true'));
}

test.describe('the federated shell', () => {
  test('renders pages from all four remotes inside the shell', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/');
    await expect(page.locator('[data-remote="content"] h1')).toHaveText(/membranes/i);
    await expect(page.getByRole('banner')).toContainText('My Basket');
    await expect(page.getByRole('contentinfo')).toContainText('Spend £250 ex VAT for Free 1-3 day Delivery');

    // Client-side navigation between remotes: the header stays, each remote renders its page.
    await page.getByRole('banner').getByRole('button', { name: /Account/ }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await expect(page.locator('[data-remote="account"] h1')).toHaveText('Customer Login');
    await expect(page).toHaveTitle(/^Login or Create an Account \| /);

    await page.goto('/checkout');
    await expect(page.locator('[data-remote="checkout"] h1')).toBeVisible();
    await expect(page).toHaveTitle(/^Checkout \| /);

    await page.goto('/catalog/product/view/id/999999');
    await expect(page.locator('[data-remote="catalog"]')).toBeVisible();
    await expect(page.locator('[data-remote="catalog"] h1')).toBeVisible();
  });

  test('React is downloaded once per page, by the shell, however many remotes render', async ({ page }) => {
    await acceptCookies(page);
    const scripts = recordScripts(page);
    await page.goto('/');
    await expect(page.locator('[data-remote="content"] h1')).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: /Account/ }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await expect(page.locator('[data-remote="account"] h1')).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await expect(page.locator('[data-remote="content"]')).toBeVisible();

    // React's modules (react, react/jsx-runtime, react-dom, react-dom/client) each come once, from the shell.
    // Their files, in the shell's build and in each remote's (its fallback copies), are in the builds' manifests.
    const reactFiles = (app: string, names = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client']) => {
      const manifest = JSON.parse(fs.readFileSync(path.join(root, app, 'dist/mf-manifest.json'), 'utf8')) as {
        shared: { name: string; assets: { js: { sync: string[] } } }[];
      };
      return manifest.shared.filter((s) => names.includes(s.name)).flatMap((s) => s.assets.js.sync);
    };
    const anyReact = new Set(['shell', 'catalog-mfe', 'content-mfe', 'account-mfe', 'checkout-mfe'].flatMap((app) => reactFiles(app)));
    const file = (u: string) => new URL(u).pathname.split('/').pop() as string;
    const reactChunks = scripts.filter((u) => anyReact.has(file(u)));
    const reactDomClient = reactFiles('shell', ['react-dom/client']);
    expect(reactChunks.filter((u) => reactDomClient.includes(file(u))), scripts.join('\n')).toHaveLength(1);
    expect(new Set(reactChunks).size).toBe(reactChunks.length);
    for (const url of reactChunks) expect(url).not.toContain('/remotes/');
    // Remotes were really loaded from their own builds.
    expect(scripts.some((u) => u.includes('/remotes/content/'))).toBe(true);
    expect(scripts.some((u) => u.includes('/remotes/account/'))).toBe(true);
  });

  test('remote locations come from remotes.json at run time: the catalogue from another port', async ({ page }) => {
    await acceptCookies(page);
    const remotes = await (await page.request.get(`${urls.moved}/remotes.json`)).json();
    expect(remotes.catalog).toBe(`${urls.catalogElsewhere}/mf-manifest.json`);

    const scripts = recordScripts(page);
    await page.goto(`${urls.moved}/catalog/product/view/id/999999`);
    await expect(page.locator('[data-remote="catalog"] h1')).toBeVisible();
    expect(scripts.some((u) => u.startsWith(`${urls.catalogElsewhere}/`))).toBe(true);
    // The same shell build: its own files come from the page server it was opened on.
    expect(scripts.some((u) => u.startsWith(`${urls.moved}/main.js`))).toBe(true);
  });

  test('an unreachable remote shows a Retry message in its region only, and Retry renders it once it is back', async ({
    page,
  }) => {
    await acceptCookies(page);
    await page.goto(`${urls.moved}/customer/account/login`);
    const region = page.locator('[data-remote-error="account"]');
    await expect(region).toContainText('could not be loaded', { timeout: 20_000 });
    await expect(region.getByRole('button', { name: 'Retry' })).toBeVisible();

    // The header, footer and the other remotes keep working.
    await expect(page.getByRole('banner')).toContainText('My Basket');
    await expect(page.getByRole('contentinfo')).toContainText('Delivery & Returns');
    await page.getByRole('banner').getByRole('link', { name: /home/i }).click();
    await expect(page.locator('[data-remote="content"] h1')).toBeVisible();
    await page.goto(`${urls.moved}/catalog/product/view/id/999999`);
    await expect(page.locator('[data-remote="catalog"] h1')).toBeVisible();

    // The account team's host comes back: Retry renders the page without a reload.
    await page.goto(`${urls.moved}/customer/account/login`);
    await expect(region.getByRole('button', { name: 'Retry' })).toBeVisible({ timeout: 20_000 });
    const server: ChildProcess = spawn(
      process.execPath,
      ['e2e/support/static-server.mjs', 'account-mfe/dist', String(ports.accountElsewhere)],
      { cwd: root, stdio: 'ignore' },
    );
    try {
      await expect
        .poll(async () => (await page.request.get(`${urls.accountElsewhere}/mf-manifest.json`).catch(() => null))?.status())
        .toBe(200);
      await region.getByRole('button', { name: 'Retry' }).click();
      await expect(page.locator('[data-remote="account"] h1')).toHaveText('Customer Login');
    } finally {
      server.kill();
    }
  });

  test('the catalogue team ships a new page alone: deployed to its host, routed by the same shell without a rebuild', async ({ page }) => {
    test.setTimeout(300_000);
    await acceptCookies(page);
    const uploads = process.env.E2E_CATALOG_UPLOADS as string;
    const shellBefore = await (await page.request.get(`${urls.moved}/main.js`)).text();
    const remotesBefore = await (await page.request.get(`${urls.moved}/remotes.json`)).json();
    // Not a page yet (503 rather than 404 here: this server cannot read the account remote's list).
    expect((await page.request.get(`${urls.moved}/trade-counter`)).status()).not.toBe(200);

    // The team builds its new version (its route list gains /trade-counter) and uploads it.
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-extra-page-'));
    const build = spawnSync('npx', ['webpack', '--mode', 'production', '-c', 'e2e/support/catalog-extra-page/webpack.config.js'], {
      cwd: root,
      env: { ...process.env, CATALOG_EXTRA_PAGE_OUT: out },
      encoding: 'utf8',
    });
    expect(build.status, build.stderr + build.stdout).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'mf-manifest.json'), 'utf8'));
    expect(manifest.shop.routes.routes.map((r: { path: string }) => r.path)).toContain('/trade-counter');
    fs.cpSync(out, uploads, { recursive: true });

    try {
      // The page server reads the new route list from the manifest on its own: no restart.
      await expect.poll(async () => (await page.request.get(`${urls.moved}/trade-counter`)).status(), { timeout: 20_000 }).toBe(200);
      const scripts = recordScripts(page);
      await page.goto(`${urls.moved}/trade-counter`);
      await expect(page.locator('[data-remote="catalog"] h1')).toHaveText('Trade counter collection');
      await expect(page).toHaveTitle(/^Trade Counter \| /);
      expect(scripts.some((u) => u.startsWith(`${urls.catalogElsewhere}/`))).toBe(true);
      // The catalogue's other pages still work from the new version.
      await page.goto(`${urls.moved}/catalog/product/view/id/999999`);
      await expect(page.locator('[data-remote="catalog"] h1')).toBeVisible();

      // Neither the shell's build nor its configuration changed.
      expect(await (await page.request.get(`${urls.moved}/main.js`)).text()).toBe(shellBefore);
      expect(await (await page.request.get(`${urls.moved}/remotes.json`)).json()).toEqual(remotesBefore);
    } finally {
      // Roll back: the previous version is served again, and the page is gone with it.
      fs.rmSync(uploads, { recursive: true, force: true });
      fs.mkdirSync(uploads);
    }
    await expect.poll(async () => (await page.request.get(`${urls.moved}/trade-counter`)).status(), { timeout: 20_000 }).not.toBe(200);
  });
});
