import { expect, test, type Page } from '../support/test';
import { acceptCookies, basketButton, guestBasket, remote } from '../support/shop';

/**
 * What shoppers tripped over (issue 14), each on the viewport where it was seen: where a new page
 * starts and where Back returns, the phone search panel and menu, a checkout that keeps what was
 * typed, every UK county, the whole search, the stock reason, VAT labels in the basket, and the
 * addresses that are not pages of their own.
 */

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const catalog = (page: Page) => remote(page, 'catalog');
const checkout = (page: Page) => remote(page, 'checkout');
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test.describe('what shoppers tripped over', () => {
  test.beforeEach(async ({ page }) => acceptCookies(page));

  test.describe('on a desktop', () => {
    test.use({ viewport: desktop });

    test('1. a new page starts at the top; Back returns to where the shopper was', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('[data-remote="content"]')).toBeVisible();
      await page.mouse.wheel(0, 700);
      await expect.poll(() => scrollY(page)).toBeGreaterThan(300);

      // Shop menu → a category: the top of the category page, not 364 px down.
      await page.getByRole('banner').getByRole('button', { name: 'Shop' }).click();
      await page.getByRole('banner').getByRole('link', { name: 'Basement Waterproofing', exact: true }).click();
      await expect(catalog(page).getByRole('heading', { level: 1 })).toHaveText('Basement Waterproofing');
      await expect.poll(() => scrollY(page)).toBe(0);

      // Down the category to 1200 px, into a product, and Back: 1200 px again (not 312).
      await expect(catalog(page).locator('article').first()).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 1200));
      await expect.poll(() => scrollY(page)).toBe(1200);
      const at = await scrollY(page);
      // A product link in view below the sticky header, followed as the shopper taps it (a
      // Playwright click would first scroll it clear of the header).
      const followed = await catalog(page)
        .locator('article h3 a')
        .evaluateAll((links) => {
          const link = (links as HTMLAnchorElement[]).find((a) => {
            const r = a.getBoundingClientRect();
            return r.top > 200 && r.bottom < window.innerHeight - 50;
          });
          link?.click();
          return link?.getAttribute('href') ?? null;
        });
      expect(followed).not.toBeNull();
      await expect(catalog(page).locator('[data-buy-box]')).toBeVisible();
      await expect.poll(() => scrollY(page)).toBe(0);
      await page.goBack();
      await expect(catalog(page).getByRole('heading', { level: 1 })).toHaveText('Basement Waterproofing');
      await expect.poll(() => scrollY(page)).toBe(at);
      // And Forward: the product page where it was (the top).
      await page.goForward();
      await expect(catalog(page).locator('[data-buy-box]')).toBeVisible();
      await expect.poll(() => scrollY(page)).toBe(0);

      // Footer links open their page at the top.
      await page.getByRole('contentinfo').getByRole('link', { name: 'Delivery & Returns' }).click();
      await expect(page).toHaveURL(/\/delivery-and-returns$/);
      await expect.poll(() => scrollY(page)).toBe(0);
    });

    test("1. the basket's Checkout opens the checkout at its top, email field in view", async ({ page, request }) => {
      await guestBasket(page, request);
      await page.goto('/about');
      await page.mouse.wheel(0, 2000);
      await expect.poll(() => scrollY(page)).toBeGreaterThan(100);
      await basketButton(page).click();
      await page.getByRole('dialog', { name: 'Shopping cart' }).getByRole('button', { name: 'Checkout', exact: true }).click();
      await expect(checkout(page).getByLabel('Email Address')).toBeInViewport();
      await expect.poll(() => scrollY(page)).toBe(0);
    });

    test('3 and 4. checkout keeps what was typed over a reload and a return from the basket; every county, found by typing', async ({ page, request }) => {
      await guestBasket(page, request);
      await page.goto('/checkout');
      const c = checkout(page);
      await expect(c.getByRole('radio', { name: /Standard Delivery/ })).toBeChecked();
      await c.getByLabel('Email Address').fill('devon.shopper@example.co.uk');
      const ship = c.getByRole('group', { name: 'Shipping address' });
      await ship.getByLabel('First Name').fill('Sam');
      await ship.getByLabel('Last Name').fill('Reed');
      await ship.getByLabel('Street Address (Line 1)').fill('3 Quay Hill');
      await ship.getByLabel('City').fill('Exeter');
      // Devon is offered (it was not among 15), found by typing part of it.
      const county = ship.getByLabel('County/State/Province');
      await county.fill('devo');
      await expect(ship.locator('datalist option[value="Devon"]')).toHaveCount(1);
      await county.fill('Devon');
      await ship.getByLabel('Postal Code').fill('EX1 1EE');
      await ship.getByLabel('Phone Number').fill('01392 496000');
      await c.getByRole('radio', { name: /Next Working Day/ }).check();
      await c.getByLabel(/Anything the driver should know/).fill('Ring the bell twice.');
      await c.getByLabel('Card number').fill('4242 4242 4242 4242');

      await page.reload();
      await expect(c.getByLabel('Email Address')).toHaveValue('devon.shopper@example.co.uk');
      await expect(ship.getByLabel('City')).toHaveValue('Exeter');
      await expect(ship.getByLabel('County/State/Province')).toHaveValue('Devon');
      await expect(ship.getByLabel('Postal Code')).toHaveValue('EX1 1EE');
      await expect(c.getByLabel(/Anything the driver should know/)).toHaveValue('Ring the bell twice.');
      await expect(c.getByRole('radio', { name: /Next Working Day/ })).toBeChecked();
      // Never the card.
      await expect(c.getByLabel('Card number')).toHaveValue('');
      expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))).not.toContain('4242');

      // Away to a product and back through the basket: still there.
      await page.goto('/hydrovault-single-sump-pump-system');
      await basketButton(page).click();
      await page.getByRole('dialog', { name: 'Shopping cart' }).getByRole('button', { name: 'Checkout', exact: true }).click();
      await expect(ship.getByLabel('Street Address (Line 1)')).toHaveValue('3 Quay Hill');
      await expect(c.getByLabel('Email Address')).toHaveValue('devon.shopper@example.co.uk');

      // Paid: the next checkout starts empty.
      await c.getByLabel('Card number').fill('4242 4242 4242 4242');
      await c.getByLabel('Expiry date').fill('12 / 30');
      await c.getByLabel('Security code').fill('123');
      await c.getByRole('button', { name: 'Place Order' }).click();
      await expect(page).toHaveURL(/\/order\/success$/);
      expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('checkout.')))).toEqual([]);
      expect(await page.evaluate(() => localStorage.getItem('billingAddress'))).toBeNull();
    });

    test('5. search shows the true count and pages to the last result; suggestions offer See all results', async ({ page, request }) => {
      const all = await (await request.get('/api/products/search?q=hydrovault&page=1&pageSize=48')).json();
      const total = all.totalCount as number;
      expect(total).toBeGreaterThan(50);

      const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
      await page.goto('/');
      await box.fill('hydrovault');
      const seeAll = page.getByRole('option', { name: 'See all results for "hydrovault"' });
      await expect(seeAll).toBeVisible();
      await seeAll.click();
      await expect(page).toHaveURL(/\/search\?q=hydrovault$/);
      await expect(catalog(page)).toContainText(`${total} products found for “hydrovault”`);

      const seen = new Set<string>();
      const pages = Math.ceil(total / 24);
      for (let p = 1; p <= pages; p += 1) {
        if (p > 1) await catalog(page).getByRole('button', { name: 'Next' }).click();
        await expect(catalog(page).getByRole('button', { name: `Page ${p}` })).toHaveAttribute('aria-current', 'page');
        await expect(catalog(page).locator('article').first()).toBeVisible();
        for (const sku of await catalog(page).locator('article').evaluateAll((els) => els.map((e) => e.getAttribute('data-sku')!))) seen.add(sku);
      }
      expect(seen.size).toBe(total);
      await expect(catalog(page).getByRole('button', { name: 'Next' })).toBeDisabled();
    });

    test("6. asking for more than is in stock keeps the spec's words and adds the server's reason", async ({ page }) => {
      await page.goto('/hydrovault-single-sump-pump-system');
      const buy = catalog(page).locator('[data-buy-box]');
      await buy.getByLabel('Qty').fill('99');
      await buy.getByRole('button', { name: 'Add to Basket' }).click();
      await expect(buy).toContainText('There was a problem adding the item to the basket.');
      await expect(buy).toContainText('Sorry, we only have 14 of Hydrovault Single Sump Pump System in stock.');
    });

    test('7. the basket labels prices ex and inc VAT like the rest of the shop', async ({ page, request }) => {
      await guestBasket(page, request, [['HV-TAPE-BUTYL', 2]]);
      await page.goto('/');
      await basketButton(page).click();
      const basket = page.getByRole('dialog', { name: 'Shopping cart' });
      // £19.50 a roll ex VAT, £23.40 inc; two of them.
      await expect(basket.getByRole('listitem')).toContainText('£19.50 ex VAT');
      await expect(basket.getByRole('listitem')).toContainText('£23.40 inc VAT');
      await expect(basket).toContainText(/Subtotal\s*£39\.00 ex VAT\s*£46\.80 inc VAT/);
    });

    test('9. a failed Remove tells the shopper; focus stays in the basket after a line goes', async ({ page, request }) => {
      await guestBasket(page, request, [
        ['HV-TAPE-BUTYL', 1],
        ['HV-SUMP-SINGLE', 1],
      ]);
      await page.goto('/');
      await basketButton(page).click();
      const basket = page.getByRole('dialog', { name: 'Shopping cart' });
      const removes = basket.getByRole('button', { name: /^Remove / });
      await expect(removes).toHaveCount(2);

      await page.route('**/api/cart/remove', (route) => route.fulfill({ status: 503, body: '{"message":"Service Unavailable"}' }));
      await removes.first().click();
      await expect(basket.getByRole('alert')).toContainText('There was a problem removing the item from the basket.');
      await expect(removes).toHaveCount(2);

      await page.unroute('**/api/cart/remove');
      await removes.first().click();
      await expect(removes).toHaveCount(1);
      await expect(removes.first()).toBeFocused();
    });

    test('9. a trailing slash and a variant address redirect (301); the gallery counter and From prices', async ({ page, request }) => {
      const slash = await request.get('/damp-proofing/', { maxRedirects: 0 });
      expect(slash.status()).toBe(301);
      expect(slash.headers().location).toBe('/damp-proofing');

      const parent = await (await request.get('/api/products/search?q=HV-CDM8&limit=1')).json();
      const info = await (await request.get(`/api/products/info/${parent.items[0].id}`)).json();
      const child = info.children[0];
      const variant = await request.get(`/catalog/product/view/id/${child.id}`, { maxRedirects: 0 });
      expect(variant.status()).toBe(301);
      expect(variant.headers().location).toBe(info.url);
      await page.goto(`/catalog/product/view/id/${child.id}`);
      await expect(page).toHaveURL(new RegExp(`${info.url}$`));
      await expect(catalog(page).getByRole('heading', { level: 1 })).toHaveText(info.name);

      // The gallery's "1 of n" counter keeps off the caption along the foot of each picture.
      const gallery = catalog(page).locator('[data-gallery]');
      const counter = gallery.getByText(/\d+ of \d+/);
      await expect(counter).toBeVisible();
      const picture = (await gallery.locator('img').first().boundingBox())!;
      const badge = (await counter.boundingBox())!;
      expect(badge.y + badge.height).toBeLessThan(picture.y + picture.height * 0.85);

      // Configurable products are priced "From" on cards as on their page.
      await page.goto('/basement-waterproofing');
      await expect(catalog(page).locator(`article[data-sku="${info.sku}"]`).first()).toContainText(/From\s*£98\.00/);
    });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: phone, hasTouch: true, isMobile: true });

    test('2. the search panel: focus in the box, whole prices, Escape closes it at once', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Search' });
      const box = dialog.getByRole('combobox', { name: 'Search products' });
      await expect(box).toBeFocused();
      await box.fill('sump');
      const option = dialog.getByRole('option', { name: /Twin Sump Pump/ });
      await expect(option).toContainText('£895.00');
      // Nothing sticks out of the panel or is cut off.
      const clipped = await dialog.evaluate((d) => {
        const panel = d.getBoundingClientRect();
        return [...d.querySelectorAll('[role="option"]')].flatMap((o) => {
          const r = o.getBoundingClientRect();
          const price = o.lastElementChild as HTMLElement | null;
          if (!price) return r.right > panel.right + 0.5 ? [o.textContent] : [];
          const p = price.getBoundingClientRect();
          return r.right > panel.right + 0.5 || p.right > panel.right + 0.5 || price.scrollWidth > price.clientWidth ? [o.textContent] : [];
        });
      });
      expect(clipped).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
      await expect(dialog.getByRole('option', { name: 'See all results for "sump"' })).toBeVisible();

      await box.press('Escape');
      await expect(dialog).toBeHidden();
    });

    test('8. the menu sections show that they open, and say so (aria-expanded)', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      const shop = menu.getByRole('button', { name: 'Shop by Category' });
      const resources = menu.getByRole('button', { name: 'Resources & Contact Us' });
      await expect(shop).toHaveAttribute('aria-expanded', 'true');
      await expect(resources).toHaveAttribute('aria-expanded', 'false');
      await expect(resources.locator('svg')).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Contact Us' })).toBeHidden();
      await resources.click();
      await expect(resources).toHaveAttribute('aria-expanded', 'true');
      await expect(menu.getByRole('link', { name: 'Contact Us' })).toBeVisible();
      await shop.click();
      await expect(shop).toHaveAttribute('aria-expanded', 'false');
      await expect(menu.getByRole('link', { name: 'Basement Waterproofing', exact: true })).toBeHidden();
    });
  });
});
