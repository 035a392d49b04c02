import { randomUUID } from 'node:crypto';
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
