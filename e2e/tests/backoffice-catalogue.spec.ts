import { expect, test } from '../support/test';
import { screenshot, signedInStaffPage } from '../support/backoffice';
import { acceptCookies, remote } from '../support/shop';

/**
 * The catalogue in the back office: a `catalogue` staff member changes a product's price, and the
 * storefront's product page shows it (the page as served within 2 s of the save, then in
 * Chromium); a price below zero and a URL key another page has are refused under their fields; a
 * new URL key leaves the old address answering 301. Price and URL key are put back at the end
 * (the suite's other journeys share this shop).
 */
const SKU = 'NG-HYGROMETER';

test.describe('back office: catalogue', () => {
  test('a catalogue staff member changes a price and the product page shows it', async ({ page, browser, request, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const [product] = (await (await request.get(`/api/products/by-sku?skus=${SKU}`)).json()) as Array<{ id: number; name: string; url: string; price: number; attrs: { special_price: number | null } }>;
    expect(product!.attrs.special_price).toBeNull();
    const was = product!.price.toFixed(2);

    await acceptCookies(page);
    await page.goto(product!.url);
    const catalog = remote(page, 'catalog');
    await expect(catalog.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
    await expect(catalog.getByText(`£${was} ex VAT`).first()).toBeVisible();

    const { page: admin } = await signedInStaffPage(browser, 'catalogue', extraHTTPHeaders ?? {});
    const menu = admin.getByRole('navigation', { name: 'Back office' });
    await expect(menu.getByRole('link', { name: 'Orders' })).toHaveCount(0);
    await menu.getByRole('link', { name: 'Products' }).click();
    await admin.getByLabel('Name or SKU').fill(SKU);
    await admin.getByRole('button', { name: 'Search' }).click();
    await expect(admin.getByRole('row')).toHaveCount(2);
    await screenshot(admin, 'products');
    await admin.getByRole('link', { name: product!.name }).click();
    await expect(admin.getByRole('heading', { name: product!.name })).toBeVisible();
    await expect(admin.getByLabel('Price (£, ex VAT)')).toHaveValue(was);

    // Refused under the field; nothing saved.
    await admin.getByLabel('Price (£, ex VAT)').fill('-1');
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('The price cannot be below zero.')).toBeVisible();
    // The API's own refusal lands under its field too: a URL key another page has.
    await admin.getByLabel('Price (£, ex VAT)').fill(was);
    await admin.getByLabel('URL key', { exact: true }).fill('damp-proofing');
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('This URL key is already used by another page of the shop.')).toBeVisible();
    await screenshot(admin, 'product-refused');
    await admin.getByLabel('URL key', { exact: true }).fill(product!.url.slice(1));

    try {
      await admin.getByLabel('Price (£, ex VAT)').fill('17.25');
      await admin.getByRole('button', { name: 'Save' }).click();
      await expect(admin.getByRole('status')).toContainText('Saved');
      const saved = Date.now();
      await screenshot(admin, 'product-saved');

      // The page as the server serves it carries the new price within 2 s: its structured data
      // (always in the HTML; the rendered page and its data are left to the browser when the
      // render runs past its budget on a busy machine).
      const fresh = (html: string) => html.includes(`"sku":"${SKU}"`) && html.includes('"priceCurrency":"GBP","price":"17.25"');
      let html = '';
      while (Date.now() - saved < 2000 && !fresh(html)) {
        html = await (await request.get(product!.url)).text();
      }
      expect(fresh(html)).toBe(true);
      expect(Date.now() - saved).toBeLessThan(2000);

      // And the shopper's page in the browser.
      await page.goto(product!.url);
      await expect(catalog.getByText('£17.25 ex VAT').first()).toBeVisible();
      await expect(catalog.getByText('£20.70 inc VAT').first()).toBeVisible();
      await expect(catalog.getByText(`£${was} ex VAT`)).toHaveCount(0);

      // A new URL key: the old address answers 301 to the new one (the page server's redirect),
      // within 2 s as every change (the page server reuses an API answer for up to 1 s, and the
      // page above was just served: on a fast machine the save lands inside that second).
      const key = product!.url.slice(1);
      await admin.getByLabel('URL key', { exact: true }).fill(`${key}-v2`);
      await admin.getByRole('button', { name: 'Save' }).click();
      const keySaved = Date.now();
      await expect(admin.getByText(`Old addresses redirecting here: /${key}`)).toBeVisible();
      let moved = await request.get(product!.url, { maxRedirects: 0 });
      while (moved.status() !== 301 && Date.now() - keySaved < 2000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        moved = await request.get(product!.url, { maxRedirects: 0 });
      }
      expect(moved.status()).toBe(301);
      expect(Date.now() - keySaved).toBeLessThan(2000);
      expect(moved.headers().location).toBe(`/${key}-v2`);
      await page.goto(product!.url);
      await expect(page).toHaveURL(new RegExp(`/${key}-v2$`));
      await expect(catalog.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
    } finally {
      await admin.getByLabel('URL key', { exact: true }).fill(product!.url.slice(1));
      await admin.getByLabel('Price (£, ex VAT)').fill(was);
      await admin.getByRole('button', { name: 'Save' }).click();
      await expect(admin.getByRole('status')).toContainText('Saved');
    }
  });

  test('a catalogue staff member sets a description, a tier price and a related product, and the product page shows them', async ({ page, browser, request, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const MAIN = 'HV-SEAL-ROPE';
    const RELATED = 'HV-PRIMER';
    type Info = { id: number; name: string; url: string; price: number; tier_prices: unknown[]; product_links: Array<{ link_type: string; linked_product_sku: string }>; attrs: { description: string | null } };
    const [main, related] = (await (await request.get(`/api/products/by-sku?skus=${MAIN},${RELATED}`)).json()) as Info[];
    expect(main!.product_links.filter((l) => l.link_type === 'related').map((l) => l.linked_product_sku)).not.toContain(RELATED);
    const hadTiers = main!.tier_prices.length;
    const tierPrice = (Math.floor(main!.price * 80) / 100).toFixed(2);

    const { page: admin } = await signedInStaffPage(browser, 'catalogue', extraHTTPHeaders ?? {});
    await admin.goto(`/products/${main!.id}`);
    await expect(admin.getByRole('heading', { name: main!.name })).toBeVisible();
    const description = admin.getByLabel('Description', { exact: true });
    const was = await description.inputValue();

    // Refused under the row: a quantity-1 tier for every group is the price itself.
    await admin.getByRole('button', { name: 'Add a tier price' }).click();
    const group = admin.getByLabel('Customer group').last();
    await group.selectOption({ label: 'All groups' });
    await admin.getByLabel('Tier price (£, ex VAT)').last().fill(tierPrice);
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('For quantity 1 and all groups, change the price instead.')).toBeVisible();

    try {
      await admin.getByLabel('From quantity').last().fill('10');
      await description.fill('<p>Butyl rope for <strong>every joint</strong> of the membrane.</p><script>document.title = "hacked"</script>');
      await admin.getByRole('button', { name: 'Add a product' }).first().click();
      const sku = admin.getByLabel('Related products: SKU', { exact: false }).last();
      await sku.fill(RELATED);
      await screenshot(admin, 'product-form-lists');
      await admin.getByRole('button', { name: 'Save' }).click();
      await expect(admin.getByRole('status')).toContainText('Saved');
      // Stored as the storefront's sanitiser leaves it: the script is gone.
      await expect(description).toHaveValue('<p>Butyl rope for <strong>every joint</strong> of the membrane.</p>');
      await screenshot(admin, 'product-form-saved');

      await acceptCookies(page);
      await page.goto(main!.url);
      const catalog = remote(page, 'catalog');
      await expect(catalog.getByRole('heading', { level: 1, name: main!.name })).toBeVisible();
      await expect(catalog.getByText('Butyl rope for every joint of the membrane.')).toBeVisible();
      await expect(page).not.toHaveTitle('hacked');
      const breaks = catalog.getByRole('table', { name: 'Buy more, pay less' });
      await expect(breaks.getByRole('row', { name: new RegExp(`^10\\+ £${tierPrice.replace('.', '\\.')}`) })).toBeVisible();
      const sidebar = catalog.getByRole('complementary', { name: 'Related Products' });
      await expect(sidebar.getByRole('link', { name: related!.name })).toBeVisible();
    } finally {
      await description.fill(was);
      await admin.getByRole('button', { name: `Remove tier price ${hadTiers + 1}` }).click();
      const rows = admin.getByRole('list', { name: 'Related products' }).getByRole('listitem');
      const n = await rows.count();
      if (n > 0) await admin.getByRole('button', { name: `Remove related products ${n}` }).click();
      await admin.getByRole('button', { name: 'Save' }).click();
      await expect(admin.getByRole('status')).toContainText('Saved');
    }
  });
});

