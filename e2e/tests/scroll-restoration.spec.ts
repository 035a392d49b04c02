import { expect, test, type Page } from '../support/test';
import { acceptCookies } from '../support/shop';

// Back and Forward return to where the shopper was on a page, within a few pixels, once the page
// has loaded its data again; a new page starts at the top. The steps: from the home page,
// Accessories & Fixings through the Shop menu (with and without "Price: high to low"), scroll down
// about 1,200 px, open the sixth product, Back.

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Scrolls as a shopper does (the wheel), to about `y`, and answers where the page came to rest. */
async function scrollTo(page: Page, y: number): Promise<number> {
  await page.mouse.move(640, 400);
  for (let i = 0; i < 40 && (await scrollY(page)) < y - 100; i++) await page.mouse.wheel(0, 100);
  // A wheel scroll still in flight would land after the exact placement below: wait until the page is still.
  await expect
    .poll(async () => {
      const before = await scrollY(page);
      await page.waitForTimeout(150);
      return (await scrollY(page)) === before;
    })
    .toBe(true);
  await page.evaluate((target) => window.scrollTo(0, target), y);
  await expect.poll(() => scrollY(page)).toBe(y);
  await page.waitForTimeout(200);
  return scrollY(page);
}

const sixthProduct = (page: Page) => page.locator('[data-page="category"] ul[aria-label$="products"] > li').nth(5).locator('h3 a');

for (const width of [390, 1280]) {
  for (const sorted of [false, true]) {
    test(`${width} px: Back to a category opened through the Shop menu${sorted ? ', sorted by Price: high to low,' : ''} returns to where the shopper was`, async ({ page }) => {
      await acceptCookies(page);
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      if (width < 800) {
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Accessories & Fixings' }).click();
      } else {
        await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Shop' }).click();
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Accessories & Fixings' }).click();
      }
      await expect(sixthProduct(page)).toBeAttached({ timeout: 30_000 });
      if (sorted) {
        await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
        await expect(page).toHaveURL(/sort=price_desc/);
      }
      await page.waitForLoadState('networkidle');
      // A new page starts at the top.
      expect(await scrollY(page)).toBe(0);
      const at = await scrollTo(page, 1200);
      // Followed as the shopper taps it (a Playwright click would first scroll it into view).
      const name = await sixthProduct(page).evaluate((a) => {
        (a as HTMLAnchorElement).click();
        return a.textContent!.trim();
      });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect.poll(() => scrollY(page), { message: 'a product page opens at the top' }).toBe(0);

      // Back: the category loads its products again (a shorter page meanwhile), then the place.
      await page.goBack();
      await expect(sixthProduct(page)).toBeAttached();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      expect(Math.abs((await scrollY(page)) - at), `back at ${await scrollY(page)}, left at ${at}`).toBeLessThanOrEqual(3);

      // Forward to the product: its own place (the top); Back again: the same place.
      await page.goForward();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await page.waitForLoadState('networkidle');
      expect(await scrollY(page)).toBe(0);
      await page.goBack();
      await expect(sixthProduct(page)).toBeAttached();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      expect(Math.abs((await scrollY(page)) - at), `back again at ${await scrollY(page)}, left at ${at}`).toBeLessThanOrEqual(3);
    });
  }
}

test('Back restores the position on every page type', async ({ page }) => {
  test.setTimeout(120_000);
  await acceptCookies(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const pages = ['/', '/about', '/advice', '/advice/planning-a-cellar-conversion', '/damp-proofing', '/hydrovault-cavity-drain-membrane-8mm', '/search?q=membrane'];
  for (const path of pages) {
    await page.goto(path);
    await page.waitForLoadState('load');
    // The page's remote has rendered (every page has its region), and a beat to settle.
    await expect(page.locator('[data-remote]').first()).toBeVisible();
    await page.waitForTimeout(1000);
    const max = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    const wanted = Math.min(700, Math.max(0, max - 10));
    const at = await scrollTo(page, wanted);
    // Leave by a link of the page, to another page type.
    await page.evaluate(() => {
      const a = document.querySelector<HTMLAnchorElement>('footer a[href="/contact"]');
      a!.click();
    });
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Contact');
    await expect.poll(() => scrollY(page), { message: `${path}: /contact opens at the top` }).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
    await page.waitForTimeout(1500);
    expect(Math.abs((await scrollY(page)) - at), `${path}: back at ${await scrollY(page)}, left at ${at}`).toBeLessThanOrEqual(3);
  }
});

test('a page scrolled before it has hydrated stays where the shopper scrolled it', async ({ page }) => {
  await acceptCookies(page);
  // The shell's start-up chunks arrive 1.5 s late: the shopper scrolls the server's page meanwhile.
  await page.route(/\/\d+\.[0-9a-f]{8}\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/damp-proofing', { waitUntil: 'domcontentloaded' });
  const at = await scrollTo(page, 900);
  expect(at).toBe(900);
  // React has taken the page over (its root is there), and the page has settled.
  await expect.poll(() => page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer'))), { timeout: 15_000 }).toBe(true);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  expect(await scrollY(page)).toBe(900);
});
