import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../support/test';
import { acceptCookies, openAccountMenu, registerCustomer, signIn } from '../support/shop';

/** No serious or critical accessibility violations on the page as it stands. */
async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label}: ${v.id} (${v.nodes.length}) ${v.help}`)).toEqual([]);
}

/** A simple, in-stock product of the seeded shop, from the API. */
async function simpleProduct(page: Page) {
  const res = await page.request.get('/api/products/search?q=cavity%20drain%20membrane&limit=10');
  const { items } = (await res.json()) as { items: { name: string; url: string; type_id: string }[] };
  const product = items.find((p) => p.type_id === 'simple');
  expect(product, 'a simple product to buy').toBeTruthy();
  return product!;
}

test.describe('shell with the catalogue', () => {
  test.beforeEach(async ({ page }) => acceptCookies(page));

  test('search suggestions highlight the typed text and open the product', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
    await box.fill('cavity');
    const first = page.getByRole('option').first();
    await expect(first.locator('mark')).toHaveText(/cavity/i);
    await expect(first).toContainText(/£\d+\.\d{2}/);
    const name = (await first.locator('mark').locator('..').textContent())!.trim();
    await box.press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page.locator('[data-remote="catalog"] h1')).toHaveText(name);
  });

  test('a 301 rewrite redirects to where the page moved', async ({ page, request }) => {
    const rewrites = (await (await request.get('/api/url-rewrites')).json()) as { request_path: string; target_path: string; redirect_type: string }[];
    const moved = rewrites.find((r) => r.redirect_type === '301');
    expect(moved, 'a seeded 301 rewrite').toBeTruthy();
    const res = await request.get(`/${moved!.request_path}`, { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers()['location']).toBe(`/${moved!.target_path}`);
    const landed = await page.goto(`/${moved!.request_path}`);
    expect(landed?.status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/${moved!.target_path}$`));
  });

  test('product pages carry Product and BreadcrumbList structured data with a GBP price', async ({ page }) => {
    const product = await simpleProduct(page);
    const html = await (await page.request.get(product.url)).text();
    const ld = [...html.matchAll(/<script data-shop-head type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    const productLd = ld.find((x) => x['@type'] === 'Product');
    expect(productLd.name).toBe(product.name);
    expect(productLd.offers.priceCurrency).toBe('GBP');
    expect(productLd.offers.availability).toMatch(/schema.org\/(InStock|OutOfStock)/);
    expect(ld.some((x) => x['@type'] === 'BreadcrumbList')).toBe(true);
    expect(html).toMatch(/<link data-shop-head rel="canonical" href="http:\/\/[^"]+"/);
  });

  test('adding from a product page updates the header count and the basket slide-over', async ({ page }) => {
    const product = await simpleProduct(page);
    await page.goto(product.url);
    await page.locator('[data-remote="catalog"]').getByRole('button', { name: 'Add to Basket' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Added to Basket' });
    await expect(modal).toContainText(product.name);
    await modal.getByRole('button', { name: 'Continue Shopping' }).click();
    await expect(page.getByTestId('basket-count')).toHaveText('1');
    await page.getByRole('button', { name: /My Basket/ }).click();
    const basket = page.getByRole('dialog', { name: 'Shopping cart' });
    await expect(basket).toContainText(product.name);
    await expect(basket).toContainText('Qty 1');
    await expect(basket).toContainText('Shipping and taxes calculated at checkout.');
    await expectAccessible(page, 'basket');
    await expect(basket.getByRole('button', { name: 'Checkout', exact: true })).toBeEnabled();
    // The basket survives a reload (guest cart id in localStorage).
    await page.reload();
    await expect(page.getByTestId('basket-count')).toHaveText('1');
  });

  test('signing in merges the guest basket into the customer basket', async ({ page, request }) => {
    const { email, password } = await registerCustomer(request);
    const product = await simpleProduct(page);
    await page.goto(product.url);
    await page.locator('[data-remote="catalog"]').getByRole('button', { name: 'Add to Basket' }).first().click();
    await page.getByRole('dialog', { name: 'Added to Basket' }).getByRole('button', { name: 'Continue Shopping' }).click();
    await expect(page.getByTestId('basket-count')).toHaveText('1');
    const guestCartId = await page.evaluate(() => localStorage.getItem('cartId'));
    expect(guestCartId).toBeTruthy();

    await signIn(page, email, password);
    await expect(page.getByTestId('basket-count')).toHaveText('1');
    expect(await page.evaluate(() => localStorage.getItem('cartId'))).toBe('null');
    await page.getByRole('button', { name: /My Basket/ }).click();
    await expect(page.getByRole('dialog', { name: 'Shopping cart' })).toContainText(product.name);
    await page.keyboard.press('Escape');
    await openAccountMenu(page);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeVisible();
  });

  test('home, a category and a product have no serious accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-remote="content"] h1')).toBeVisible();
    await expectAccessible(page, 'home');
    await page.goto('/damp-proofing');
    await expect(page.locator('[data-remote="catalog"] h1')).toBeVisible();
    await expectAccessible(page, 'category');
    const product = await simpleProduct(page);
    await page.goto(product.url);
    await expect(page.locator('[data-remote="catalog"] h1')).toHaveText(product.name);
    await expectAccessible(page, 'product');
  });
});
