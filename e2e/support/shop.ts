import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** A new customer account, made through the API. */
export async function registerCustomer(request: APIRequestContext) {
  const email = `e2e-${randomUUID().slice(0, 8)}@example.co.uk`;
  const password = 'Membrane2026';
  const res = await request.post('/api/register', {
    data: { firstname: 'Pat', lastname: 'Tester', company: 'Tester Builders Ltd', email, password, newsletter: false },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { email, password };
}

/** Skips the cookie banner for tests about something else. */
export async function acceptCookies(page: Page) {
  await page.addInitScript(() => localStorage.setItem('cookiesAccepted', 'true'));
}

/** Opens the header's account menu (desktop). */
export async function openAccountMenu(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: /Account/ }).click();
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/customer/account/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/customer\/account\/index$/);
}

/** The part of the page a remote rendered (the shell marks each with data-remote). */
export const remote = (page: Page, name: 'catalog' | 'content' | 'account' | 'checkout') => page.locator(`[data-remote="${name}"]`);

/** The header's basket button; its name says how many items the basket holds. */
export const basketButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^My Basket/ });

/** The signed-in customer's token as the shop keeps it (localStorage authToken), or null. */
export const tokenOf = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('authToken') ?? 'null') as string | null);

/** A guest basket made through the API, handed to the browser as the shop keeps it (localStorage cartId). */
export async function guestBasket(page: Page, request: APIRequestContext, lines: Array<[string, number]> = [['HV-TAPE-BUTYL', 2]]) {
  const { cartId } = await (await request.post('/api/cart/guest/create', { data: {} })).json();
  for (const [productSku, quantity] of lines) {
    const res = await request.post('/api/cart/add', { data: { cartId, productSku, quantity } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await page.addInitScript((id) => {
    if (!sessionStorage.getItem('e2e-basket')) {
      localStorage.setItem('cartId', JSON.stringify(id));
      sessionStorage.setItem('e2e-basket', '1');
    }
  }, cartId);
  return cartId as string;
}

/** Saves a default shipping and billing address (Pat Tester, Manchester) in a customer's address book. */
export async function saveDefaultAddress(request: APIRequestContext, customerToken: string | null) {
  const saved = await request.post('/api/customer/me/add-address', {
    data: {
      customerToken,
      address: {
        firstname: 'Pat',
        lastname: 'Tester',
        telephone: '0161 496 0000',
        street: ['4 Mill Lane'],
        city: 'Manchester',
        postcode: 'M1 1AE',
        country_id: 'GB',
        region_id: 5003,
        default_shipping: true,
        default_billing: true,
      },
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/** axe's serious and critical violations within `region` (all of axe's rules), one line each. */
export async function seriousViolations(page: Page, region: string) {
  const results = await new AxeBuilder({ page }).include(region).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
}
