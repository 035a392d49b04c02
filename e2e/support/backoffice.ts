import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { generate } from 'otplib';
import { expect, type Browser, type Page } from './test';
import { ports, urls } from './ports';

/** The back office in the e2e suite: staff made with `npm run staff`, set up and signed in through its pages. */

const root = path.resolve(__dirname, '..', '..');
export const dataDir = process.env.E2E_DATA_DIR!;
const password = 'Backoffice2026';
const shots = process.env.E2E_SCREENSHOTS;

/** `npm run staff -- …` with the same settings as the running shop. */
export function staffCli(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'api/src/backoffice/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, PORT: String(ports.shop), ADMIN_PORT: String(ports.admin), DATA_DIR: dataDir, INIT_CWD: root },
    encoding: 'utf8',
  });
}

/** A code of the authenticator app, `steps` periods of 30 s from now. */
export const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

export async function screenshot(page: Page, name: string) {
  if (!shots) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Follows a set-up link: password, then the secret shown as text confirmed with a code; then signs in. */
export async function setUpAndSignIn(page: Page, link: string, email: string) {
  await page.goto(link);
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password again').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await screenshot(page, 'setup');
  await page.getByLabel('The 6-digit code the app shows').fill(await codeAt(secret));
  await page.getByRole('button', { name: 'Confirm and finish' }).click();
  await expect(page.getByRole('status')).toContainText('Your account is ready');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Code from your authenticator app').fill(await codeAt(secret, 1));
  await screenshot(page, 'sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  return secret;
}

export async function adminPage(browser: Browser, headers: Record<string, string>) {
  const context = await browser.newContext({ baseURL: urls.admin, extraHTTPHeaders: headers });
  return context.newPage();
}


/** A staff member of this role, added with `npm run staff`, set up and signed in on a page of their own. */
export async function signedInStaffPage(browser: Browser, role: 'owner' | 'orders' | 'catalogue' | 'content', headers: Record<string, string>) {
  const email = `${role}.${Date.now()}@northgate.example`;
  const added = staffCli('add', email, '--role', role);
  const link = added.match(/http:\/\/localhost:\d+\/setup#[A-Za-z0-9_-]+/)?.[0];
  expect(link, added).toBeTruthy();
  const page = await adminPage(browser, headers);
  await setUpAndSignIn(page, link!.replace('localhost', '127.0.0.1'), email);
  return { page, email };
}
