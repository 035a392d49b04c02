import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '../support/test';
import { dataDir, screenshot, signedInStaffPage } from '../support/backoffice';
import { ports } from '../support/ports';
import { acceptCookies, guestBasket, remote } from '../support/shop';

/**
 * Products and stock as CSV: a catalogue staff member imports a file in the back office (its
 * problems by row and column first, nothing changed; then a good file applied, with its progress),
 * downloads the export, and the storefront shows the new price; `npm run catalog` sets a product's
 * stock to zero while the shop runs, and a shopper whose basket already holds it is told why at
 * checkout and cannot buy it. Each product is put back at the end (the suite shares this shop).
 */
const root = path.resolve(__dirname, '..', '..');
const IMPORTED = 'HV-SALT';
const EMPTIED = 'HV-DRILL-BIT';

/** `npm run catalog -- …` with the running shop's settings (on PGlite it goes through the running API). */
function catalogCli(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'api/src/backoffice/cli-catalog.ts', ...args], {
    cwd: root,
    env: { ...process.env, PORT: String(ports.shop), DATA_DIR: dataDir, INIT_CWD: root },
    encoding: 'utf8',
  });
}
function csvFile(name: string, text: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-csv-')), name);
  fs.writeFileSync(file, text);
  return file;
}
const chooseFile = (page: Page, name: string, text: string) => page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

test.describe('back office: CSV import and export', () => {
  test('a bad file lists its problems and changes nothing; a good one applies and the storefront shows it; the export has it', async ({ page, browser, request, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const [product] = (await (await request.get(`/api/products/by-sku?skus=${IMPORTED}`)).json()) as Array<{ id: number; url: string; price: number }>;
    const was = product!.price.toFixed(2);

    const { page: admin } = await signedInStaffPage(browser, 'catalogue', extraHTTPHeaders ?? {});
    await admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Products' }).click();
    await admin.getByRole('link', { name: 'Import and export (CSV)' }).click();
    await expect(admin.getByRole('heading', { name: 'Import and export' })).toBeVisible();

    await chooseFile(admin, 'bad.csv', `sku,price,qty\n${IMPORTED},-1,5\n${IMPORTED},3.00,\n`);
    const problems = admin.getByRole('table', { name: 'Problems' });
    await expect(problems.getByRole('row', { name: /^2 price The price cannot be below zero\.$/ })).toBeVisible();
    await expect(problems.getByRole('row', { name: /^3 sku This SKU is also in row 2/ })).toBeVisible();
    await expect(admin.getByRole('alert')).toContainText('bad.csv: 2 problems. Nothing was changed.');
    await expect(admin.getByRole('button', { name: 'Apply' })).toHaveCount(0);
    await screenshot(admin, 'import-problems');
    expect((await (await request.get(`/api/products/info/${product!.id}`)).json()).price.toFixed(2)).toBe(was);

    try {
      await chooseFile(admin, 'prices.csv', `sku,price\n${IMPORTED},19.95\n`);
      await expect(admin.getByRole('status')).toContainText('prices.csv: 1 row: 0 new, 1 changed, 0 unchanged. No problems.');
      // A progress bar shows while the file applies (recorded as it appears: a one-row file is quick).
      await admin.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { progressSeen: string[] }).progressSeen = seen;
        new MutationObserver(() => {
          const bar = document.querySelector('progress');
          if (bar) seen.push(`${bar.getAttribute('value') ?? ''}/${bar.getAttribute('max') ?? ''} ${bar.labels?.[0]?.textContent ?? ''}`);
        }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      });
      await admin.getByRole('button', { name: 'Apply' }).click();
      await expect(admin.getByRole('status')).toContainText('Applied prices.csv. 1 row: 0 new, 1 changed, 0 unchanged.');
      const applied = Date.now();
      expect(await admin.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen)).toContainEqual(expect.stringMatching(/Checking again and applying…|Applying: \d of 1 products/));
      await screenshot(admin, 'import-applied');

      // The storefront's served page carries the new price within 2 s.
      await expect
        .poll(async () => (await (await request.get(product!.url)).text()).includes('"price":"19.95"'), { intervals: [100], timeout: 10_000 })
        .toBe(true);
      expect(Date.now() - applied).toBeLessThan(2_000);
      await acceptCookies(page);
      await page.goto(product!.url);
      await expect(remote(page, 'catalog').getByText('£19.95 ex VAT').first()).toBeVisible();

      // The export has every product, this one at its new price.
      const download = admin.waitForEvent('download');
      await admin.getByRole('link', { name: 'Download products.csv' }).click();
      const file = await (await download).path();
      const text = fs.readFileSync(file, 'utf8');
      expect(text.split('\n')[0]).toBe('sku,name,price,special_price,special_price_from_date,special_price_to_date,qty,is_in_stock,status,url_key,meta_title,meta_description,product_type');
      expect(text.split('\n').find((l) => l.startsWith(`${IMPORTED},`))).toContain(',19.95,');
    } finally {
      catalogCli('import', csvFile('back.csv', `sku,price\n${IMPORTED},${was}\n`), '--apply');
    }
  });

  test('stock set to zero by `npm run catalog` while a basket holds the product: the shopper is told why at checkout and cannot buy it', async ({ page, request }) => {
    test.setTimeout(120_000);
    const [product] = (await (await request.get(`/api/products/by-sku?skus=${EMPTIED}`)).json()) as Array<{ id: number; name: string; stock: { qty: number } }>;
    const qty = product!.stock.qty;
    expect(qty).toBeGreaterThan(0);
    await acceptCookies(page);
    const cartId = await guestBasket(page, request, [[EMPTIED, 1]]);

    const dry = catalogCli('import', csvFile('empty.csv', `sku,qty\n${EMPTIED},0\n`));
    expect(dry).toContain('1 row: 0 new, 1 changed, 0 unchanged. No problems. Nothing was changed yet');
    try {
      expect(catalogCli('import', csvFile('empty.csv', `sku,qty\n${EMPTIED},0\n`), '--apply')).toContain('Applied.');
      await page.goto('/checkout');
      const c = remote(page, 'checkout');
      await expect(c.getByRole('heading', { level: 1 })).toHaveText('Checkout');
      // Said as the page opens, before the shopper types anything.
      await expect(c.getByRole('alert').first()).toContainText(`Sorry, ${product!.name} is out of stock.`);
      await screenshot(page, 'checkout-out-of-stock');

      // Placing the order anyway is refused by the stock claim, in the same words; no order, the basket kept.
      await c.getByLabel('Email Address').fill('jo.bloggs@example.co.uk');
      const ship = c.getByRole('group', { name: 'Shipping address' });
      await ship.getByLabel('First Name').fill('Jo');
      await ship.getByLabel('Last Name').fill('Bloggs');
      await ship.getByLabel('Street Address (Line 1)').fill('12 Canal Wharf');
      await ship.getByLabel('City').fill('Leeds');
      await ship.getByLabel('County/State/Province').fill('West Yorkshire');
      await ship.getByLabel('Postal Code').fill('LS11 5AB');
      await ship.getByLabel('Phone Number').fill('0113 496 0000');
      await expect(c.getByRole('radio', { name: /Standard Delivery/ })).toBeChecked();
      await c.getByLabel('Card number').fill('4242 4242 4242 4242');
      await c.getByLabel('Expiry date').fill('12 / 30');
      await c.getByLabel('Security code').fill('123');
      await c.getByRole('button', { name: 'Place Order' }).click();
      await expect(c.getByRole('alert').last()).toHaveText(`Sorry, ${product!.name} is out of stock.`);
      await expect(page).toHaveURL(/\/checkout$/);
      const basket = await (await request.post('/api/cart', { data: { cartId } })).json();
      expect(basket.items).toEqual([expect.objectContaining({ sku: EMPTIED, qty: 1 })]);
    } finally {
      catalogCli('import', csvFile('back.csv', `sku,qty\n${EMPTIED},${qty}\n`), '--apply');
    }
  });
});
