import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { expect, test } from '../support/test';
import { screenshot, signedInStaffPage } from '../support/backoffice';
import { acceptCookies, registerCustomer, remote } from '../support/shop';

/**
 * Content in the back office: a `content` staff member edits a CMS page (a script in its body is
 * removed; the storefront's page shows the new text within 2 s) and approves a review a customer
 * wrote, which waited unseen until then and now shows on its product's page. The page's words
 * are put back at the end (the suite's other journeys share this shop). Then a new advice post with
 * an uploaded hero image (resized by the API) shows on its article page, and is unpublished again.
 */
const PAGE = 'delivery-and-returns';
const SKU = 'HV-ALARM';

test.describe('back office: content', () => {
  test('a content staff member edits a CMS page and approves a review', async ({ page, browser, request, extraHTTPHeaders }) => {
    test.setTimeout(150_000);
    const { items } = (await (await request.get('/api/content/cms-pages')).json()) as { items: Array<{ identifier: string; title: string; content: string; url: string }> };
    const cms = items.find((p) => p.identifier === PAGE)!;
    const stamp = Date.now().toString(36);
    const newText = `Orders placed by 1pm ship the same day (${stamp}).`;

    const { page: admin } = await signedInStaffPage(browser, 'content', extraHTTPHeaders ?? {});
    const menu = admin.getByRole('navigation', { name: 'Back office' });
    await expect(menu.getByRole('link', { name: 'Products' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Orders' })).toHaveCount(0);
    await menu.getByRole('link', { name: 'CMS pages' }).click();
    await admin.getByRole('link', { name: cms.title }).click();
    await expect(admin.getByRole('heading', { name: cms.title })).toBeVisible();
    const body = admin.getByLabel('Content', { exact: true });
    await expect(body).toHaveValue(cms.content);

    try {
      // An empty title is refused under its field; nothing is saved.
      await admin.getByLabel('Title', { exact: true }).fill('');
      await admin.getByRole('button', { name: 'Save' }).click();
      await expect(admin.getByText('Enter the page title.')).toBeVisible();
      await admin.getByLabel('Title', { exact: true }).fill(cms.title);

      await body.fill(`<p>${newText}</p><script>window.__injected = true</script><img src="/media/x.png" onerror="window.__injected = true">${cms.content}`);
      await admin.getByRole('button', { name: 'Preview' }).click();
      const preview = admin.getByRole('region', { name: 'Preview as the shop will show it' });
      await expect(preview).toContainText(newText);
      expect(await preview.innerHTML()).not.toMatch(/<script|onerror/);
      await admin.getByRole('button', { name: 'Save' }).click();
      await expect(admin.getByRole('status')).toContainText('Saved');
      const saved = Date.now();
      // Stored as the storefront's sanitiser leaves it: the form shows what was saved.
      await expect(body).not.toHaveValue(/<script|onerror/);
      await expect(body).toHaveValue(new RegExp(`^<p>${newText.replace(/[()]/g, '\\$&')}</p><img src="/media/x.png">`));
      await screenshot(admin, 'cms-page-saved');

      // The page as the server serves it has the new text within 2 s, and no script.
      let html = '';
      while (Date.now() - saved < 2000 && !html.includes(newText)) html = await (await request.get(cms.url)).text();
      expect(html).toContain(newText);
      expect(Date.now() - saved).toBeLessThan(2000);
      expect(html).not.toContain('__injected');

      await acceptCookies(page);
      await page.goto(cms.url);
      await expect(remote(page, 'content').getByText(newText)).toBeVisible();
      expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
    } finally {
      await body.fill(cms.content);
      await admin.getByLabel('Title', { exact: true }).fill(cms.title);
      await admin.getByRole('button', { name: 'Save' }).click();
      await expect(admin.getByRole('status')).toContainText('Saved');
    }

    // A customer writes a review: it waits, unseen.
    const customer = await registerCustomer(request);
    const login = (await (await request.post('/api/login', { data: { username: customer.email, password: customer.password } })).json()) as { data: { token: string } };
    const title = `Loud and clear ${stamp}`;
    const added = await request.post('/api/customer/reviews/add', { data: { customerToken: login.data.token, sku: SKU, title, detail: 'Went off the first time the sump filled. Easy to fit.', rating: 5 } });
    expect(added.ok(), await added.text()).toBe(true);
    const approvedBefore = ((await (await request.get(`/api/reviews/products/${SKU}`)).json()) as { count: number }).count;
    const [product] = (await (await request.get(`/api/products/by-sku?skus=${SKU}`)).json()) as Array<{ url: string; name: string }>;

    await menu.getByRole('link', { name: 'Reviews' }).click();
    const card = admin.getByRole('article', { name: `Review: ${title}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText(product!.name);
    await screenshot(admin, 'reviews-pending');
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(card.getByRole('status')).toContainText('Approved');

    // On the product's page: in its Reviews tab, counted in its rating.
    await page.goto(product!.url);
    const catalog = remote(page, 'catalog');
    await expect(catalog.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
    const tab = catalog.getByRole('tab', { name: `Reviews (${approvedBefore + 1})` });
    await tab.click();
    await expect(catalog.getByText(title)).toBeVisible();
  });

  test('a content staff member writes an advice post with an uploaded hero image', async ({ page, browser, request, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const { page: admin } = await signedInStaffPage(browser, 'content', extraHTTPHeaders ?? {});
    await admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Advice posts' }).click();
    await admin.getByRole('link', { name: 'New post' }).click();
    const key = `sealing-a-sump-lid-${Date.now().toString(36)}`;
    await admin.getByLabel('Name', { exact: true }).fill('Sealing a sump lid');
    await admin.getByLabel('URL key (its address: /advice/url-key)').fill(key);
    await admin.getByLabel('Body', { exact: true }).fill('<p>Use the gasket that came with the chamber.</p><iframe src="https://evil.example"></iframe>');
    // Nothing chosen for the hero: refused under its field.
    await admin.getByRole('button', { name: 'Create post' }).click();
    await expect(admin.getByText('Upload a hero image, or enter a video link.')).toBeVisible();

    // A photo-like 2400 × 1600 picture of a few MB (larger than the page needs): resized by the API.
    const picture = await sharp(randomBytes(2400 * 1600 * 3), { raw: { width: 2400, height: 1600, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
    expect(picture.length).toBeGreaterThan(2 * 1024 * 1024);
    await admin.getByLabel(/Upload a hero image/).setInputFiles({ name: 'sump.jpg', mimeType: 'image/jpeg', buffer: picture });
    await expect(admin.getByLabel('Hero image (its address under /media/)')).toHaveValue(/^\/media\/uploads\/posts\/[0-9a-f]+\.webp$/);
    const image = await admin.getByLabel('Hero image (its address under /media/)').inputValue();
    await admin.getByRole('checkbox', { name: /Published/ }).check();
    await admin.getByRole('button', { name: 'Create post' }).click();
    await expect(admin.getByRole('heading', { name: 'Sealing a sump lid' })).toBeVisible();
    await expect(admin.getByText(`/advice/${key}`)).toBeVisible();
    await screenshot(admin, 'post-saved');

    try {
      await acceptCookies(page);
      await page.goto(`/advice/${key}`);
      const article = remote(page, 'content');
      await expect(article.getByRole('heading', { level: 1, name: 'Sealing a sump lid' })).toBeVisible();
      await expect(article.getByText('Use the gasket that came with the chamber.')).toBeVisible();
      await expect(article.locator('iframe')).toHaveCount(0);
      const hero = article.locator(`img[src="${image}"]`);
      await expect(hero).toBeVisible();
      expect(await hero.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([1200, 400]);
      const served = await request.get(image);
      expect(served.headers()['content-type']).toBe('image/webp');
    } finally {
      await admin.getByRole('button', { name: 'Unpublish' }).click();
      await expect(admin.getByRole('status')).toContainText('Saved');
    }
  });
});
