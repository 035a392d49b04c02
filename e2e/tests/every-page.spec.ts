import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { acceptCookies, guestBasket, registerCustomer, saveDefaultAddress, signIn, tokenOf } from '../support/shop';

// Every page type, as a shopper's first visit (a full page load: the server's HTML, then the
// browser hydrating it): no hydration warning and no console error on any. And the server's first
// HTML of every route has the page's status, title, description and main content.

const PRODUCT = '/hydrovault-cavity-drain-membrane-8mm';
const ARTICLE = '/advice/planning-a-cellar-conversion';
const DEFAULT_TITLE = /<title[^>]*>Northgate Membranes \| [^<]*<\/title>/;

/**
 * Console errors and warnings and uncaught errors, from the first byte on. `expected` names the
 * failed loads a test causes on purpose (Chromium logs every 4xx answer), by URL and status.
 */
async function watch(page: Page, expected: Array<{ url: RegExp; status: number }> = []) {
  // Hosts outside the shop (the video thumbnails) are not reachable from the test machine.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>' }),
  );
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error' && msg.type() !== 'warning') return;
    const failedLoad = /Failed to load resource: the server responded with a status of (\d+)/.exec(msg.text());
    if (failedLoad) {
      const status = Number(failedLoad[1]);
      const url = msg.location().url;
      // The not-found page's own document answers 404 on purpose.
      if (status === 404 && url === page.url()) return;
      if (expected.some((e) => e.status === status && e.url.test(url))) return;
    }
    problems.push(`${page.url()}: ${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: uncaught: ${error.message}`));
  return problems;
}

/** Loads `path` as a new document and lets it hydrate, load its remotes and settle. */
async function visit(page: Page, path: string, expectStatus = 200) {
  // Warm the page server's remotes and API answers: a cold first render may leave a region to the browser.
  await page.request.get(path);
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(expectStatus);
  await page.waitForLoadState('networkidle');
  // Hydration finishes with the remotes' chunks; a beat for effects that report after it.
  await page.waitForTimeout(300);
}

async function placeOrderAfterADecline(page: Page, request: APIRequestContext) {
  await guestBasket(page, request);
  await page.goto('/checkout');
  const c = page.locator('[data-remote="checkout"]');
  await expect(c.getByRole('radio', { name: /Standard Delivery/ })).toBeChecked({ timeout: 30_000 });
  await c.getByLabel('Email Address').fill('jo.bloggs@example.co.uk');
  const ship = c.getByRole('group', { name: 'Shipping address' });
  await ship.getByLabel('First Name').fill('Jo');
  await ship.getByLabel('Last Name').fill('Bloggs');
  await ship.getByLabel('Street Address (Line 1)').fill('12 Canal Wharf');
  await ship.getByLabel('City').fill('Leeds');
  await ship.getByLabel('County/State/Province').fill('West Yorkshire');
  await ship.getByLabel('Postal Code').fill('LS11 5AB');
  await ship.getByLabel('Phone Number').fill('0113 496 0000');
  const card = async (number: string) => {
    await c.getByLabel('Card number').fill(number);
    await c.getByLabel('Expiry date').fill('12 / 30');
    await c.getByLabel('Security code').fill('123');
  };
  await card('4000 0000 0000 0002');
  await c.getByRole('button', { name: 'Place Order' }).click();
  await expect(c.getByRole('alert')).toHaveText('Your card was declined.');
  await card('4242 4242 4242 4242');
  await c.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  await expect(c.getByTestId('order-number')).toHaveText(/^\d{9}$/);
}

test.describe('every page type hydrates without a warning or an error', () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
  });

  test('as a guest: content, catalogue, search, basket, checkout, success, payment complete, login, not-found', async ({ page, request }) => {
    test.setTimeout(180_000);
    // The unknown product id's page asks the API for it, which answers 404.
    const problems = await watch(page, [{ url: /\/api\/products\/info\/999999$/, status: 404 }]);
    for (const path of ['/', '/about', '/advice', ARTICLE, '/damp-proofing', '/damp-proofing?sort=price_desc', PRODUCT, '/search?q=membrane', '/customer/account/login', '/customer/account/create', '/customer/account/forgotpassword']) {
      await visit(page, path);
    }
    await visit(page, '/no-such-page', 404);
    await visit(page, '/catalog/product/view/id/999999', 404);
    await visit(page, '/payment-complete');
    await visit(page, '/order/success');

    // The basket (the header's slide-over) and the checkout with a basket.
    await guestBasket(page, request);
    await visit(page, PRODUCT);
    await page.getByRole('banner').getByRole('button', { name: /^My Basket/ }).click();
    await expect(page.getByRole('dialog', { name: 'Shopping cart' })).toContainText('Butyl');
    await visit(page, '/checkout');
    await expect(page.locator('[data-remote="checkout"]').getByLabel('Card number')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('the order success page, loaded again after a declined card then a paid retry in the same tab', async ({ page, request }) => {
    // The declined card's answer is a 402, as the API means it.
    const problems = await watch(page, [{ url: /\/api\/cart\/confirm-order$/, status: 402 }]);
    await placeOrderAfterADecline(page, request);
    const number = await page.getByTestId('order-number').textContent();
    // A new document of the success page in the same tab (a reload, or the shopper coming back to it).
    await visit(page, '/order/success');
    await expect(page.getByTestId('order-number')).toHaveText(number!);
    await expect(page.getByRole('region', { name: 'Delivery' })).toContainText('12 Canal Wharf');
    expect(problems).toEqual([]);
  });

  test('as a customer: every account page', async ({ page, request }) => {
    test.setTimeout(180_000);
    const { email, password } = await registerCustomer(request);
    await signIn(page, email, password);
    await saveDefaultAddress(request, await tokenOf(page));
    const problems = await watch(page);
    for (const path of [
      '/customer/account',
      '/customer/account/index',
      '/customer/account/edit',
      '/customer/account/newsletter',
      '/customer/address',
      '/sales/order/history',
      '/review/customer',
      '/stripe/customer/subscriptions',
      '/paypal/billing_agreement',
      '/downloadable/customer/products',
      '/checkout',
    ]) {
      await visit(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    expect(problems).toEqual([]);
  });
});

test.describe("the server's first HTML is the page", () => {
  const routes: Array<{ path: string; status?: number; title: string; h1?: RegExp }> = [
    { path: '/', title: 'Northgate Membranes', h1: /./ },
    { path: '/about', title: 'About', h1: /About/ },
    { path: '/advice', title: 'Resources | Northgate Membranes', h1: /Installation videos and advice/ },
    { path: ARTICLE, title: 'Cellar Conversion', h1: /cellar/i },
    { path: '/damp-proofing', title: 'Damp Proofing', h1: /Damp Proofing/ },
    { path: PRODUCT, title: 'Cavity Drain Membrane', h1: /Cavity Drain Membrane/ },
    { path: '/search?q=membrane', title: 'Search results for &quot;membrane&quot; | Northgate Membranes', h1: /Search results for &quot;membrane&quot;/ },
    { path: '/customer/account/login', title: 'Login or Create an Account | Northgate Membranes', h1: /Customer Login/ },
    { path: '/customer/account/create', title: 'Create an Account | Northgate Membranes', h1: /Create New Customer Account/ },
    { path: '/customer/account/forgotpassword', title: 'Forgot Password | Northgate Membranes', h1: /Forgot Your Password/ },
    { path: '/customer/account', title: 'My Account | Northgate Membranes' },
    { path: '/customer/address', title: 'My Addresses | Northgate Membranes' },
    { path: '/sales/order/history', title: 'My Orders | Northgate Membranes' },
    { path: '/customer/account/edit', title: 'Account Information | Northgate Membranes' },
    { path: '/checkout', title: 'Checkout | Northgate Membranes', h1: /Checkout/ },
    { path: '/order/success', title: 'Thank you for your order | Northgate Membranes', h1: /Thank you for your order/ },
    { path: '/payment-complete', title: 'Payment complete | Northgate Membranes', h1: /Payment/ },
    { path: '/no-such-page', status: 404, title: 'Page not found | Northgate Membranes', h1: /Sorry, we couldn&#x27;t find that page/ },
  ];

  for (const { path, status = 200, title, h1 } of routes) {
    test(`${path}: status ${status}, its own title and description${h1 ? ', its heading' : ''}`, async ({ request }) => {
      await request.get(path); // warm the page server's remotes and answers
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status()).toBe(status);
      const html = await res.text();
      const head = html.slice(0, html.indexOf('</head>'));
      const titles = head.match(/<title[^>]*>[^<]*<\/title>/g) ?? [];
      expect(titles, 'one title').toHaveLength(1);
      expect(titles[0]).toContain(title);
      if (path !== '/') expect(titles[0]).not.toMatch(DEFAULT_TITLE);
      expect(head.match(/<meta[^>]*name="?description"?[^>]*content=("[^"]+"|[^\s">]+)/g) ?? [], 'one description').toHaveLength(1);
      const body = html.slice(html.indexOf('<div id="root">'));
      if (h1) expect(body).toMatch(new RegExp(`<h1[^>]*>(?:(?!</h1>)[\\s\\S])*${h1.source}`, h1.flags));
      else expect(body).toMatch(/Loading your account/);
    });
  }
});
