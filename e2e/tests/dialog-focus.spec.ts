import { expect, test, type Locator, type Page } from '../support/test';
import { acceptCookies, guestBasket } from '../support/shop';

// Every modal dialog of the shop is the shared Dialog of @shop/shared: while one is open, Tab and
// Shift+Tab go round its own controls (a modal <dialog> alone lets focus leave for the browser's
// UI, seen as focus on <body>), and closing it gives focus back to the control that opened it.

const PRODUCT = '/hydrovault-cavity-drain-membrane-8mm';

/** A short description of the focused element, or where focus is when not in an open dialog. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'OUTSIDE: body';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    const where = el.closest('dialog[open]') ? '' : 'OUTSIDE: ';
    return `${where}${el.tagName.toLowerCase()} ${name}`;
  });

/**
 * Presses Tab (or Shift+Tab) more times than the dialog has controls: focus never leaves the
 * dialog, and comes round to where it started.
 */
async function expectFocusCycles(page: Page, dialog: Locator, key: 'Tab' | 'Shift+Tab') {
  await expect(dialog).toBeVisible();
  const stops = await dialog.evaluate((d) => d.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]), select, textarea, iframe, summary').length);
  const seen: string[] = [await focused(page)];
  for (let i = 0; i < stops * 2 + 2; i++) {
    await page.keyboard.press(key);
    seen.push(await focused(page));
  }
  expect(seen.filter((s) => s.startsWith('OUTSIDE')), `${key}: ${seen.join(' → ')}`).toEqual([]);
  // It went round: the first stop came back after the others.
  expect(seen.slice(1).filter((s) => s === seen[1]).length, `${key}: ${seen.join(' → ')}`).toBeGreaterThan(1);
}

test.describe('focus in dialogs', () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
  });

  test('the product lightbox keeps focus inside and gives it back to the picture', async ({ page }) => {
    await page.goto(PRODUCT);
    const opener = page.getByRole('button', { name: 'Open picture 1 of 5 full screen' });
    await opener.click();
    const lightbox = page.getByRole('dialog', { name: /picture 1 of 5/ });
    await expectFocusCycles(page, lightbox, 'Tab');
    await expectFocusCycles(page, lightbox, 'Shift+Tab');
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('the Added-to-Basket modal keeps focus inside and gives it back to Add to Basket', async ({ page }) => {
    await page.goto('/hydrovault-double-sided-butyl-tape-50mm');
    const add = page.locator('[data-remote="catalog"]').getByRole('button', { name: 'Add to Basket', exact: true });
    await add.click();
    const modal = page.getByRole('dialog', { name: 'Added to Basket' });
    await expectFocusCycles(page, modal, 'Tab');
    await expectFocusCycles(page, modal, 'Shift+Tab');
    await modal.getByRole('button', { name: 'Continue Shopping' }).click();
    await expect(modal).toBeHidden();
    await expect(add).toBeFocused();
  });

  test('the video modal keeps focus inside, its player included, and gives it back to Play', async ({ page }) => {
    // The player's host is not reachable here: an empty page stands in for it.
    await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><button>Play</button>' }));
    await page.goto('/advice');
    const play = page.locator('[data-remote="content"]').getByRole('button', { name: /^Play video/ }).first();
    await play.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('iframe')).toBeVisible();
    await expectFocusCycles(page, dialog, 'Tab');
    await expectFocusCycles(page, dialog, 'Shift+Tab');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(play).toBeFocused();
  });

  test('the express wallet sheet keeps focus inside', async ({ page }) => {
    await page.goto('/hydrovault-double-sided-butyl-tape-50mm');
    const express = page.getByRole('button', { name: /Express Checkout/ });
    await express.click();
    const sheet = page.getByRole('dialog', { name: 'Express Checkout' });
    await expect(sheet.getByRole('radio', { name: /Standard Delivery/ })).toBeChecked();
    await expectFocusCycles(page, sheet, 'Tab');
    await expectFocusCycles(page, sheet, 'Shift+Tab');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(express).toBeFocused();
  });

  test('the basket slide-over and, on a phone, the menu keep focus inside', async ({ page, request }) => {
    await guestBasket(page, request);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expectFocusCycles(page, menu, 'Tab');
    await expectFocusCycles(page, menu, 'Shift+Tab');
    await page.keyboard.press('Escape');
    await expect(menuButton).toBeFocused();

    const basketButton = page.getByRole('banner').getByRole('button', { name: /^My Basket/ });
    await basketButton.click();
    const basket = page.getByRole('dialog', { name: 'Shopping cart' });
    await expect(basket).toContainText('Butyl');
    await expectFocusCycles(page, basket, 'Tab');
    await expectFocusCycles(page, basket, 'Shift+Tab');
    await page.keyboard.press('Escape');
    await expect(basketButton).toBeFocused();
  });
});
