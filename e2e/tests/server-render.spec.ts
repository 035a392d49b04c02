import { expect, test, type Page } from '../support/test';

// Pages arrive rendered: the page server renders the shell and the route's remote page with its
// data, the browser hydrates it without a second fetch of that data and without hydration errors.

const PRODUCT = '/hydrovault-cavity-drain-membrane-8mm';

/** Console errors and warnings, and the API calls the page makes, from the first byte on. */
function watch(page: Page) {
  const problems: string[] = [];
  const apiCalls: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(msg.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname + url.search);
  });
  return { problems, apiCalls };
}

/** Waits until React has hydrated the page (the shell marks nothing; the cookie banner appears only after hydration). */
async function hydrated(page: Page) {
  await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
}

const pages = [
  { path: '/', text: 'Shop by category', data: ['/api/content/cms-pages', '/api/products/featured', '/api/content/blog-posts', '/api/categories/'] },
  { path: '/damp-proofing', text: 'Damp Proofing', data: ['/api/categories/', '/api/url-rewrites/resolve', '/products?'] },
  // The product's own answer (related and upsell products below the fold load in the browser).
  { path: PRODUCT, text: 'Cavity Drain Membrane', data: ['/api/products/info/{id}', '/api/url-rewrites/resolve', '/api/categories/'] },
  { path: '/advice/planning-a-cellar-conversion', text: 'cellar', data: ['/api/content/blog-posts', '/api/content/authors', '/related-products/'] },
];

for (const { path, text, data } of pages) {
  test(`${path} arrives rendered and hydrates without errors or a second fetch of its data`, async ({ page }) => {
    // Warm the page server's remotes and API answers (a cold first render may fall back to the browser).
    await page.request.get(path);
    const resolved = (await (await page.request.get(`/api/url-rewrites/resolve?path=${encodeURIComponent(path.slice(1))}`)).json()) as { id?: number };
    const { problems, apiCalls } = watch(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const html = await response!.text();
    // The page's content and its data are in the HTML itself.
    expect(html).toContain('<script id="page-data" type="application/json">');
    expect(html.toLowerCase()).toContain(text.toLowerCase());
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    for (const call of data.map((c) => c.replace('{id}', `${resolved.id}$`))) expect(apiCalls.filter((c) => (call.endsWith('$') ? c === call.slice(0, -1) : c.includes(call))), `${call} fetched again: ${apiCalls.join(', ')}`).toEqual([]);
    expect(problems.filter((p) => /hydrat|did not match|Minified React error/i.test(p)), problems.join('\n')).toEqual([]);
  });
}

test('a client navigation after a server-rendered page still loads the next page', async ({ page }) => {
  await page.request.get('/');
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('region', { name: 'Cookie notice' }).getByRole('button', { name: 'Accept' }).click();
  const categoryLink = page.locator('[data-category] a').first();
  const href = await categoryLink.getAttribute('href');
  // The link is the content remote's, the router the shell's: one router (one react-router, shared
  // through @shop/shared/router) makes it a client navigation, with no new document.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await categoryLink.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.locator('[data-page="category"]')).toBeVisible();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("a product page shows the product's name and price, with its title, canonical link and structured data", async ({ page, request }) => {
    await request.get(PRODUCT);
    await page.goto(PRODUCT);
    await expect(page).toHaveTitle(/Cavity Drain Membrane/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${PRODUCT}$`));
    expect(await page.locator('script[type="application/ld+json"]').allTextContents()).toContainEqual(expect.stringContaining('"@type":"Product"'));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Cavity Drain Membrane');
    await expect(page.locator('[data-remote="catalog"]')).toContainText('£');
  });
});
