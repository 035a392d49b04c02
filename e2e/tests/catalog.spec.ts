import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../support/test';
import { urls } from '../support/ports';
import { acceptCookies } from '../support/shop';

/** The header's basket button says how many items the basket holds. */
const basketButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^My Basket/ });
const catalog = (page: Page) => page.locator('[data-remote="catalog"]');

/** After an add: the 'Added to Basket' modal, then the header count; a reload proves the server kept it. */
async function expectBasketCount(page: Page, count: number, name: RegExp) {
  const modal = page.getByRole('dialog', { name: 'Added to Basket' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(name);
  await modal.getByRole('button', { name: 'Continue Shopping' }).click();
  await expect(basketButton(page)).toHaveAccessibleName(`My Basket ${count} ${count === 1 ? 'item' : 'items'}`);
  await page.reload();
  await expect(basketButton(page)).toHaveAccessibleName(`My Basket ${count} ${count === 1 ? 'item' : 'items'}`);
}

async function seriousViolations(page: Page, region: string) {
  const results = await new AxeBuilder({ page }).include(region).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
}

test.describe('the catalogue remote', () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
  });

  test('buys a configurable product: Add waits for every option, then the variant goes in the basket', async ({ page }) => {
    await page.goto('/hydrovault-cavity-drain-membrane-8mm');
    const buy = catalog(page).locator('[data-buy-box]');
    await expect(catalog(page).getByRole('heading', { level: 1 })).toHaveText('Hydrovault Cavity Drain Membrane 8mm');
    const add = buy.getByRole('button', { name: 'Add to Basket' });
    await expect(add).toHaveAttribute('aria-disabled', 'true');
    // aria-disabled (not disabled): still focusable and clickable, so the shopper is told why.
    await add.click({ force: true });
    await expect(buy.getByRole('alert')).toHaveText('Please select all product options before adding to basket.');

    await buy.getByLabel(/Roll Size/).selectOption({ label: '2.0m x 20m (40m²)' });
    await expect(add).not.toHaveAttribute('aria-disabled');
    await expect(buy.locator('[data-sku-shown]')).toHaveText('HV-CDM8-2020');
    await expect(buy).toContainText('£179.00');
    await expect(buy).toContainText('£214.80');

    // The coverage calculator puts the number of rolls for the area in the basket in one click.
    await buy.getByLabel('Area to cover (m²)').fill('70');
    await expect(buy.getByRole('status').filter({ hasText: 'You need' })).toContainText('You need 2 rolls');
    await buy.getByRole('button', { name: 'Add 2 rolls to basket' }).click();
    await expectBasketCount(page, 2, /Hydrovault Cavity Drain Membrane 8mm/);

    // The basket line carries base sku, hyphen, option sku.
    await basketButton(page).click();
    await expect(page.getByRole('dialog', { name: 'Shopping cart' })).toContainText('2.0m x 20m');
  });

  test('buys one item of a grouped product', async ({ page }) => {
    await page.goto('/hydrovault-basement-waterproofing-starter-kit');
    const buy = catalog(page).locator('[data-buy-box]');
    await buy.getByRole('button', { name: 'Add to Basket' }).click({ force: true });
    await expect(buy.getByRole('alert')).toHaveText('Please choose an item to add to the basket.');
    const items = buy.getByRole('group', { name: /Choose an item/ });
    await items.getByRole('radio', { name: /Double-Sided Butyl Tape/ }).check();
    await expect(buy.getByLabel('Qty')).toHaveValue('2');
    await buy.getByRole('button', { name: 'Add to Basket' }).click();
    await expectBasketCount(page, 2, /Butyl Tape/);
  });

  // The server's page is on screen before its scripts have loaded: a tap on its controls then is
  // held and handled once React listens, once however many times the shopper tapped meanwhile.
  // (The buy box's form controls are disabled until then, so nothing is sent by the browser itself.)
  test('taps on the page before its scripts have started are handled once they have, each once', async ({ page }) => {
    // The shell's start-up chunks (React DOM among them) arrive 1.5 s late; main.js itself does not.
    await page.route(/\/\d+\.[0-9a-f]{8}\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/hydrovault-basement-waterproofing-starter-kit', { waitUntil: 'domcontentloaded' });
    const region = catalog(page);
    const next = region.getByRole('button', { name: 'Next picture' });
    await next.click();
    await next.click(); // impatience: the same control again
    await region.getByRole('tab', { name: 'Specification' }).click();

    await expect(region.getByRole('tab', { name: 'Specification' })).toHaveAttribute('aria-selected', 'true', { timeout: 15_000 });
    await expect(region.getByRole('button', { name: 'Show picture 2 of 3' })).toHaveAttribute('aria-current', 'true');
    await expect(region.getByRole('button', { name: 'Show picture 3 of 3' })).not.toHaveAttribute('aria-current', 'true');
  });

  test("buys a product with required options after 'This is a required field.'", async ({ page }) => {
    await page.goto('/hydrovault-twin-sump-pump-system');
    const buy = catalog(page).locator('[data-buy-box]');
    await buy.getByRole('button', { name: 'Add to Basket' }).click();
    await expect(buy.getByText('This is a required field.')).toHaveCount(2);
    await expect(buy.getByLabel(/Discharge hose/)).toHaveAttribute('aria-invalid', 'true');
    await expect(buy.getByRole('radio', { name: /Standard panel with alarm/ })).toBeFocused();

    await buy.getByRole('radio', { name: /Dial-out panel/ }).check();
    await buy.getByLabel(/Discharge hose/).selectOption({ label: '25m of 32mm hose + £28.00' });
    await expect(buy.getByText('This is a required field.')).toHaveCount(0);
    // 895 + 145 + 28 ex VAT.
    await expect(buy).toContainText('£1,068.00');
    await buy.getByRole('button', { name: 'Add to Basket' }).click();
    await expectBasketCount(page, 1, /Twin Sump Pump System/);
  });

  test("a disabled product's URL is not found (HTTP 404)", async ({ page }) => {
    const rewrite = await page.goto('/hydrovault-8mm-clear-inspection-membrane');
    expect(rewrite?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Sorry, we couldn't find that page");

    const byId = await page.goto('/catalog/product/view/id/9');
    expect(byId?.status()).toBe(404);
    await expect(catalog(page).getByRole('heading', { level: 1 })).toHaveText("Sorry, we couldn't find that page");
    await expect(catalog(page).getByRole('link', { name: 'Sump Pumps' })).toBeVisible();
    // The first HTML of a remote's page with nothing there is already that remote's not-found page, not a spinner.
    for (const [url, remote] of [['/catalog/product/view/id/999999', 'catalog'], ['/catalog/category/view/id/999999', 'catalog'], ['/advice/no-such-article', 'content']] as const) {
      const first = await page.request.get(url);
      expect(first.status()).toBe(404);
      expect(await first.text()).toMatch(new RegExp(`data-remote="${remote}"[\\s\\S]*Sorry, we couldn&#x27;t find that page`));
    }
    // Not in search results either.
    const search = await (await page.request.get('/api/products/search?q=clear%20inspection%20membrane&limit=50')).json();
    expect(search.items.map((i: { sku: string }) => i.sku)).not.toContain('HV-CDM8-CLEAR');
  });

  test('a category page: count, grid, sort, best sellers and More Information', async ({ page }) => {
    await page.goto('/damp-proofing');
    await expect(catalog(page).getByRole('heading', { level: 1 })).toHaveText('Damp Proofing');
    await expect(page).toHaveTitle(/Damp Proofing Products/);
    await expect(catalog(page)).toContainText('13 products');
    const grid = catalog(page).getByRole('list', { name: 'Damp Proofing products' });
    await expect(grid.getByRole('listitem')).toHaveCount(13);
    await catalog(page).getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await expect(page).toHaveURL(/\?sort=price$/);
    await expect(grid.getByRole('listitem').first()).toContainText('£6.50');
    await expect(catalog(page).getByRole('region', { name: 'Best Sellers' })).toBeVisible();

    const more = catalog(page).getByRole('region', { name: 'More Information on Damp Proofing' });
    const body = more.locator('[data-collapsed]');
    expect((await body.boundingBox())!.height).toBeLessThanOrEqual(8 * 16 + 1);
    await more.getByRole('button', { name: 'More' }).click();
    expect((await body.boundingBox())!.height).toBeGreaterThan(8 * 16);
    await expect(more.getByRole('button', { name: 'Less' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('product tabs follow the hash; the gallery lightbox moves with the arrow keys', async ({ page }) => {
    await page.goto('/hydrovault-cavity-drain-membrane-8mm#specification');
    await expect(catalog(page).getByRole('tab', { name: 'Specification' })).toHaveAttribute('aria-selected', 'true');
    const spec = catalog(page).getByRole('tabpanel', { name: 'Specification' });
    await expect(spec.getByRole('row', { name: /Manufacturer/ })).toContainText('Hydrovault');
    await expect(spec.getByRole('row', { name: /Country of Manufacture/ })).toContainText('Germany');
    await expect(spec.getByRole('row', { name: /BBA Certificate/ })).toContainText('19/5687');
    await catalog(page).getByRole('tab', { name: 'Downloads' }).click();
    await expect(page).toHaveURL(/#downloads$/);

    await catalog(page).getByRole('button', { name: 'Open picture 1 of 5 full screen' }).click();
    const lightbox = page.getByRole('dialog', { name: /picture 1 of 5/ });
    await expect(lightbox).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: /picture 2 of 5/ })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('dialog', { name: /picture 5 of 5/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('search results: a grid with the count, or No products found for "{term}"', async ({ page }) => {
    await page.goto('/search?q=sump');
    await expect(catalog(page).getByRole('heading', { level: 1 })).toHaveText('Search results for "sump"');
    await expect(catalog(page)).toContainText(/\d+ products found for “sump”/);
    await expect(catalog(page).getByRole('link', { name: 'Hydrovault Twin Sump Pump System' })).toBeVisible();
    await page.goto('/search?q=zzqxv');
    await expect(catalog(page)).toContainText('No products found for "zzqxv"');
  });

  test('no serious or critical accessibility problems on a category and a product page', async ({ page }) => {
    await page.goto('/basement-waterproofing');
    await expect(catalog(page).getByRole('list', { name: 'Basement Waterproofing products' })).toBeVisible();
    expect(await seriousViolations(page, '[data-remote="catalog"]')).toEqual([]);

    await page.goto('/hydrovault-twin-sump-pump-system');
    await expect(catalog(page).locator('[data-buy-box]')).toBeVisible();
    // The buy box's button (related products have their own 'Add to Basket: <name>').
    await catalog(page).locator('[data-buy-box]').getByRole('button', { name: 'Add to Basket', exact: true }).click();
    await expect(catalog(page).getByText('This is a required field.').first()).toBeVisible();
    expect(await seriousViolations(page, '[data-remote="catalog"]')).toEqual([]);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/hydrovault-cavity-drain-membrane-8mm');
    await expect(catalog(page).locator('[data-tabs="accordion"]')).toBeVisible();
    expect(await seriousViolations(page, '[data-remote="catalog"]')).toEqual([]);
  });

  test('the catalogue remote runs standalone from its own build, on its own host', async ({ page }) => {
    // catalog-mfe/dist served by a plain static host (see playwright.config.ts). The standalone host
    // calls /api and /media on its own origin, as its dev server proxies them; here the test does.
    await page.route(`${urls.catalogElsewhere}/{api,media}/**`, async (route) => {
      const url = new URL(route.request().url());
      const response = await route.fetch({ url: `${urls.shop}${url.pathname}${url.search}` });
      await route.fulfill({ response });
    });
    const scripts: string[] = [];
    page.on('response', (res) => res.request().resourceType() === 'script' && scripts.push(res.url()));

    await page.goto(`${urls.catalogElsewhere}/standalone/index.html`);
    await expect(page.getByText('remote running standalone')).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0); // no shell
    await page.getByRole('link', { name: 'Sump Pumps' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sump Pumps');
    await page.getByRole('link', { name: 'Hydrovault Single Sump Pump System' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hydrovault Single Sump Pump System');
    await expect(page.locator('[data-buy-box]')).toContainText('Special offer');
    await page.getByRole('button', { name: 'Add to Basket', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Add to Basket', exact: true })).not.toHaveAttribute('aria-disabled');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cartId'))).not.toBeNull();
    expect(scripts.every((u) => u.startsWith(urls.catalogElsewhere))).toBe(true);
    // Calls still in flight when the test ends must not fail the next test in this worker.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
