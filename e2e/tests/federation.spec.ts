import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
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
    const reactChunks = scripts.filter((u) => /node_modules_react(-dom)?_/.test(u));
    expect(reactChunks.filter((u) => /react-dom_client/.test(u)), scripts.join('\n')).toHaveLength(1);
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
});
