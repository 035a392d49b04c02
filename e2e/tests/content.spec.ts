import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { acceptCookies } from '../support/shop';

interface Post {
  id: number;
  url_key: string;
  name: string;
  is_video: boolean;
}
interface ListItem {
  id: number;
  sku: string;
  name: string;
  type_id: string;
  is_in_stock: boolean;
}

/** No serious or critical accessibility violations on the page as it stands. */
async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label}: ${v.id} (${v.nodes.length}) ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function posts(request: APIRequestContext): Promise<Post[]> {
  return ((await (await request.get('/api/content/blog-posts')).json()) as { items: Post[] }).items;
}

/** An article (not a video) recommending a simple product in stock with no required option, and that product. */
async function articleWithSimpleProduct(request: APIRequestContext) {
  for (const post of (await posts(request)).filter((p) => !p.is_video)) {
    const related = (await (await request.get(`/api/content/blog-post/related-products/${post.id}`)).json()) as ListItem[];
    for (const product of related.filter((p) => p.type_id === 'simple' && p.is_in_stock)) {
      const info = (await (await request.get(`/api/products/info/${product.id}`)).json()) as { options: { is_require: boolean }[] };
      if (!info.options.some((o) => o.is_require)) return { post, product };
    }
  }
  throw new Error('no article recommends a simple product in stock without required options');
}

/** The dev mail folder of the shop the suite started (see playwright.config.ts). */
const mailDir = () => path.join(process.env.E2E_DATA_DIR!, 'mail');
function mailContaining(text: string): string | undefined {
  if (!fs.existsSync(mailDir())) return undefined;
  return fs
    .readdirSync(mailDir())
    .map((f) => fs.readFileSync(path.join(mailDir(), f), 'utf8').replace(/=\r?\n/g, ''))
    .find((m) => m.includes(text));
}

test.describe('content pages', () => {
  // Several axe passes per journey: slow on a busy two-core machine.
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
    // No network to YouTube in tests: thumbnails and the player are answered locally.
    await page.route('https://img.youtube.com/**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.route('https://i.ytimg.com/**', (route) => route.fulfill({ status: 404, body: '' }));
  });

  test('home shows category tiles, featured products and store reviews, titled from the CMS', async ({ page, request }) => {
    const { items } = (await (await request.get('/api/content/cms-pages')).json()) as { items: { identifier: string; title: string; meta_title: string | null }[] };
    const home = items.find((p) => p.identifier === 'home')!;
    const response = await page.goto('/');
    expect(response!.status()).toBe(200);
    const content = page.locator('[data-remote="content"]');
    const tiles = content.getByRole('region', { name: 'Shop by category' });
    await expect(tiles.getByRole('link', { name: 'Shop Now for Damp Proofing' })).toHaveAttribute('href', '/damp-proofing');
    const tileCount = await tiles.getByRole('listitem').count();
    expect(tileCount).toBeGreaterThanOrEqual(7);
    await expect(tiles.getByRole('link', { name: /^Shop Now/ })).toHaveCount(tileCount);
    const featured = content.getByRole('region', { name: 'Featured products' });
    await expect(featured.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expect(content.getByRole('region', { name: 'What our customers say' }).getByRole('listitem').first()).toBeVisible();
    await expect(content.getByRole('region', { name: 'Latest advice' }).getByRole('heading', { level: 3 })).toHaveCount(4);
    await expect(page).toHaveTitle(home.meta_title || home.title);
    // Only the hero picture is loaded eagerly.
    await expect(content.locator('img:not([loading="lazy"])')).toHaveCount(1);
    await expectAccessible(page, 'home');
  });

  test('a video loads nothing until opened, plays from the privacy-enhanced host and closes with Escape', async ({ page }) => {
    const player: string[] = [];
    await page.route('https://www.youtube-nocookie.com/**', (route) => {
      player.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><p>player</p>' });
    });
    await page.goto('/advice');
    const content = page.locator('[data-remote="content"]');
    await expect(content.getByRole('heading', { level: 1 })).toHaveText('Installation videos and advice');
    await expect(content.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Resources');
    const play = content.getByRole('button', { name: /^Play video/ }).first();
    await expect(play).toBeVisible();
    await expect(content.getByRole('link', { name: /^Read more/ }).first()).toBeVisible();
    expect(await page.locator('iframe').count()).toBe(0);
    expect(player).toEqual([]);

    await play.click();
    const dialog = page.getByRole('dialog');
    const frame = dialog.locator('iframe');
    await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?/);
    await expect.poll(() => player.length).toBeGreaterThan(0);
    await expectAccessible(page, '/advice with the video open');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(play).toBeFocused();
    await expect(content.getByRole('region', { name: 'What our customers say' })).toBeVisible();
    await expectAccessible(page, '/advice');
  });

  test("an article's related product goes into the basket", async ({ page, request }) => {
    const { post, product } = await articleWithSimpleProduct(request);
    await page.goto(`/advice/${post.url_key}`);
    const content = page.locator('[data-remote="content"]');
    await expect(content.getByRole('heading', { level: 1 })).toHaveText(post.name);
    await expect(content.getByRole('navigation', { name: 'Recent Articles' }).getByRole('link')).toHaveCount((await posts(request)).length - 1);
    const related = content.getByRole('region', { name: 'Related Products' });
    await expectAccessible(page, 'article');
    await related.getByRole('spinbutton', { name: `Quantity of ${product.name}` }).fill('2');
    await related.getByRole('button', { name: `Add to Basket: ${product.name}` }).click();
    const modal = page.getByRole('dialog', { name: 'Added to Basket' });
    await expect(modal).toContainText(product.name);
    await modal.getByRole('button', { name: 'Continue Shopping' }).click();
    await expect(page.getByTestId('basket-count')).toHaveText('2');
  });

  test('the contact form validates, thanks the shopper and its message arrives in the outbox', async ({ page }) => {
    await page.goto('/contact');
    const content = page.locator('[data-remote="content"]');
    await expect(content.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    await expectAccessible(page, '/contact');
    await content.getByRole('button', { name: 'Send Message' }).click();
    await expect(content.getByText('Name is required')).toBeVisible();
    await expect(content.getByText('Email is required')).toBeVisible();
    await expect(content.getByText('Message is required')).toBeVisible();
    await content.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await content.getByRole('button', { name: 'Send Message' }).click();
    await expect(content.getByText('Please enter a valid email address.')).toBeVisible();

    const marker = `Quote for 40 m2 of cavity drain membrane, ref ${Date.now()}`;
    await content.getByRole('textbox', { name: 'Name' }).fill('Sam Hart');
    await content.getByRole('textbox', { name: 'Email' }).fill('sam.hart@example.co.uk');
    await content.getByRole('textbox', { name: 'Phone (optional)' }).fill('0113 496 0000');
    await content.getByRole('textbox', { name: 'Message' }).fill(marker);
    await content.getByRole('button', { name: 'Send Message' }).click();
    await expect(content.getByRole('status')).toContainText("Thank you for your message. We'll reply by email within one working day.");
    await expect.poll(() => mailContaining(marker), { timeout: 15_000 }).toBeTruthy();
    const mail = mailContaining(marker)!;
    expect(mail).toContain('To: info@northgate-membranes.co.uk');
    expect(mail).toContain('sam.hart@example.co.uk');
  });

  test('an unknown article is a 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/advice/no-such-article-here');
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Sorry, we couldn't find that page");
  });
});
