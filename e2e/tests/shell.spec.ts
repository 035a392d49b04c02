import { expect, test } from '../support/test';
import { acceptCookies, openAccountMenu, registerCustomer, signIn } from '../support/shop';

test.describe('the shell', () => {
  test('signing in inside the account remote changes the shared auth atom the shell header reads', async ({ page, request }) => {
    const { email, password } = await registerCustomer(request);
    await acceptCookies(page);
    await signIn(page, email, password);
    // The token was set by the account remote; the shell's header shows the signed-in menu.
    await openAccountMenu(page);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    // The guarded account area now opens instead of redirecting.
    await page.goto('/sales/order/history');
    await expect(page.locator('[data-remote="account"] h1')).toHaveText('My Orders');

    await openAccountMenu(page);
    await banner.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/sales/order/history');
    await expect(page).toHaveURL(/\/customer\/account\/login$/);
  });

  test('the cookie banner stays dismissed after a reload', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie notice' });
    await expect(banner).toContainText(
      'We use cookies to improve your experience. By using our site, you agree to our cookie policy.',
    );
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.locator('[data-remote="content"]')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookie notice' })).toHaveCount(0);
  });

  test('an unknown URL answers HTTP 404 with the not-found page and its links', async ({ page }) => {
    await acceptCookies(page);
    const response = await page.goto('/no-such-membrane-anywhere');
    expect(response?.status()).toBe(404);
    const notFound = page.locator('[data-page="not-found"]');
    await expect(notFound).toBeVisible();
    for (const [name, href] of [
      ['Home', '/'],
      ['Damp Proofing', '/damp-proofing'],
      ['Basement Waterproofing', '/basement-waterproofing'],
      ['Sump Pumps', '/sump-pumps'],
      ['Contact us', '/contact'],
    ] as const) {
      await expect(notFound.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  test('pages carry security headers and an Organization description', async ({ page }) => {
    const response = await page.goto('/');
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    const ld = await page.request.get('/').then((r) => r.text());
    expect(ld).toContain('"@type":"Organization"');
  });
});
