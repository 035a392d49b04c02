import sharp from 'sharp';
import { expect, test } from '../support/test';
import { screenshot, signedInStaffPage } from '../support/backoffice';
import { acceptCookies, remote } from '../support/shop';

/**
 * Product pictures in the back office: a `catalogue` staff member uploads a picture for a product
 * (resized by the API), moves it first with the keyboard, gives it alt text and saves; the
 * storefront's answer has it first within 2 s, and the product page's gallery shows it with that
 * alt text. The picture is removed again at the end (the suite's other journeys share this shop).
 */
const SKU = 'HV-JOINT-STRIP';
const ALT = 'Joint strip pressed into the angle between wall and floor';

test.describe('back office: product pictures', () => {
  test('a catalogue staff member uploads a picture, moves it first, sets its alt text, and the gallery shows it', async ({ page, browser, request, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const [product] = (await (await request.get(`/api/products/by-sku?skus=${SKU}`)).json()) as Array<{ id: number; name: string; url: string; type_id: string }>;
    expect(product!.type_id).toBe('simple');
    type Info = { media_gallery_entries: Array<{ file: string; label: string | null; position: number }>; attrs: { image: string | null } };
    const info = async () => (await (await request.get(`/api/products/info/${product!.id}`)).json()) as Info;
    const before = (await info()).media_gallery_entries.map((m) => m.file);
    expect(before.length).toBeGreaterThan(0);

    const { page: admin } = await signedInStaffPage(browser, 'catalogue', extraHTTPHeaders ?? {});
    await admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Products' }).click();
    await admin.getByLabel('Name or SKU').fill(SKU);
    await admin.getByRole('button', { name: 'Search' }).click();
    await admin.getByRole('link', { name: product!.name }).click();
    const section = admin.getByRole('region', { name: 'Pictures' });
    await expect(section.getByRole('listitem')).toHaveCount(before.length);

    // Not a picture (a text file named .png): refused under the field, nothing added.
    await section.getByLabel('Add a picture').setInputFiles({ name: 'roll.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
    await expect(section.getByText('This file is not an image we can use: upload a JPEG, PNG or WebP picture.')).toBeVisible();
    await expect(section.getByRole('listitem')).toHaveCount(before.length);

    // A wide photo: the API fits it into the storefront's 800 × 800 and adds it last.
    const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#b4462f' } }).jpeg().toBuffer();
    await section.getByLabel('Add a picture').setInputFiles({ name: 'corner.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(section.getByRole('status')).toContainText('Added corner.jpg.');
    await expect(section.getByRole('listitem')).toHaveCount(before.length + 1);
    const uploaded = (await section.getByRole('listitem').last().locator('img').getAttribute('src'))!.replace(/-160\.webp$/, '.webp');
    expect(uploaded).toMatch(/^\/media\/uploads\/products\/[0-9a-f]{24}\.webp$/);

    try {
      // Moved first with the keyboard: focus stays on the moved picture's button.
      await section.getByRole('button', { name: `Move picture ${before.length + 1} up` }).focus();
      for (let i = 0; i < before.length; i++) await admin.keyboard.press('Enter');
      const first = section.getByRole('listitem').first();
      await expect(first.getByText('Main image')).toBeVisible();
      await expect(first.locator('img')).toHaveAttribute('src', uploaded.replace(/\.webp$/, '-160.webp'));
      // The back office shows the picture itself (its server reads /media from the API): the 160 px thumbnail.
      await expect.poll(() => first.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
      await first.getByLabel('Alt text').fill(ALT);
      await screenshot(admin, 'product-pictures');
      await section.getByRole('button', { name: 'Update pictures' }).click();
      await expect(section.getByRole('status')).toContainText('Pictures saved');
      const saved = Date.now();

      // The storefront's answer within 2 s: first in the gallery, the main image.
      let current = await info();
      while (Date.now() - saved < 2000 && current.media_gallery_entries[0]?.file !== uploaded) current = await info();
      expect(Date.now() - saved).toBeLessThan(2000);
      expect(current.media_gallery_entries[0]).toMatchObject({ file: uploaded, label: ALT });
      expect(current.attrs.image).toBe(uploaded);

      // The product page's gallery shows it first, with its alt text, and its thumbnail.
      await acceptCookies(page);
      await page.goto(product!.url);
      const catalog = remote(page, 'catalog');
      const gallery = catalog.getByRole('region', { name: `Pictures of ${product!.name}` });
      const main = gallery.getByRole('img', { name: ALT });
      await expect(main).toBeVisible();
      await expect(main).toHaveAttribute('src', uploaded);
      expect(await main.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
      await expect(gallery.getByRole('button', { name: `Show picture 1 of ${before.length + 1}` }).locator('img')).toHaveAttribute('src', uploaded.replace(/\.webp$/, '-160.webp'));
    } finally {
      // Put back: the uploaded picture removed, the others in their order.
      await admin.bringToFront();
      const items = section.getByRole('listitem');
      const count = await items.count();
      for (let i = count; i >= 1; i--) {
        if ((await items.nth(i - 1).locator('img').getAttribute('src'))?.startsWith('/media/uploads/products/')) await section.getByRole('button', { name: `Remove picture ${i}` }).click();
      }
      await section.getByRole('button', { name: 'Update pictures' }).click();
      await expect(section.getByRole('status')).toContainText('Pictures saved');
      await expect.poll(async () => (await info()).media_gallery_entries.map((m) => m.file), { timeout: 2000 }).toEqual(before);
    }
  });

  test('a configurable product’s page lists its children with their option values; a grouped product’s its items', async ({ browser, request, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    type Info = { id: number; name: string; children?: Array<{ id: number; sku: string; name: string }>; product_links: Array<{ link_type: string; linked_product_sku: string }> };
    const bySku = async (sku: string) => {
      const [p] = (await (await request.get(`/api/products/by-sku?skus=${sku}`)).json()) as Array<{ id: number }>;
      return (await (await request.get(`/api/products/info/${p!.id}`)).json()) as Info;
    };
    const { page: admin } = await signedInStaffPage(browser, 'catalogue', extraHTTPHeaders ?? {});

    const parent = await bySku('HV-CDM8');
    await admin.goto(`/products/${parent.id}`);
    const children = admin.getByRole('region', { name: 'Children (variants)' });
    await expect(children.getByRole('row')).toHaveCount(parent.children!.length + 1);
    const child = parent.children![0]!;
    await expect(children.getByRole('link', { name: child.name })).toHaveAttribute('href', `/products/${child.id}`);
    await expect(children.getByRole('button', { name: 'Link the child' })).toBeVisible();
    await screenshot(admin, 'product-children');

    const group = await bySku('HV-KIT-SUMP');
    await admin.goto(`/products/${group.id}`);
    const items = admin.getByRole('region', { name: 'Products in this group' });
    const skus = group.product_links.filter((l) => l.link_type === 'associated').map((l) => l.linked_product_sku);
    await expect(items.getByRole('row')).toHaveCount(skus.length + 1);
    await expect(items.getByRole('row').nth(1)).toContainText(skus[0]!);
    await screenshot(admin, 'product-grouped');
  });
});
