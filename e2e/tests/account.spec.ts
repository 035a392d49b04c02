import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { ports } from '../support/ports';
import { expect, test, type Page } from '../support/test';
import { acceptCookies, basketButton, guestBasket, openAccountMenu, registerCustomer, remote, saveDefaultAddress, seriousViolations, signIn, tokenOf } from '../support/shop';

/**
 * The account remote against the production build: registration with a guest basket, sign out and
 * in, password reset through the mail outbox, the address book (and checkout offering it), orders,
 * someone else's order, the guard, and axe on the main account pages.
 */

/** The API draws every captcha with this code in the e2e run (CAPTCHA_TEST_CODE, playwright.config.ts). */
const CAPTCHA = 'E2eTst';

const account = (page: Page) => remote(page, 'account');

/** A reset link on the address `npm start` serves the e2e shop at (PORT, so http://localhost:PORT). */
const SHOP_LINK = new RegExp(`http://localhost:${ports.shop}(/customer/account/createpassword\\?id=\\d+&token=[A-Za-z0-9_%.-]+)`);

/** The reset link of the newest reset mail to `email` in the outbox (DATA_DIR/mail, one .eml each). */
async function resetLinkFor(email: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail');
  let link: string | undefined;
  await expect
    .poll(() => {
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort() : [];
      for (const file of files.reverse()) {
        // Quoted-printable: soft line breaks and =XX escapes.
        const raw = fs
          .readFileSync(path.join(dir, file), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        if (!raw.includes(email)) continue;
        link = SHOP_LINK.exec(raw)?.[1];
        if (link) return true;
      }
      return false;
    }, { timeout: 15_000 })
    .toBe(true);
  // The link is on the shop's own address (npm start hands it to the API as SHOP_URL); the test
  // follows its path on the address the suite uses.
  return link!;
}

test.describe('account', () => {
  test.beforeEach(async ({ page }) => {
    // Long journeys across three remotes: triple the time on a busy 2-core machine.
    test.slow();
    await acceptCookies(page);
  });

  test('signed out, the account area redirects to login', async ({ page }) => {
    for (const url of ['/customer/account', '/customer/account/index', '/customer/address', '/sales/order/history', '/sales/order/view/order_id/1', '/customer/account/edit']) {
      await page.goto(url);
      await expect(page).toHaveURL(/\/customer\/account\/login$/);
      await expect(account(page).getByRole('heading', { level: 1 })).toHaveText('Customer Login');
    }
    // Email Notifications opens without a login only from a mail's signed link.
    await page.goto('/aw_followupemail2/unsubscribe');
    await expect(page).toHaveURL(/\/customer\/account\/login$/);
  });

  test('register with a guest basket: signed in, basket merged; sign out; sign in again', async ({ page, request }) => {
    await guestBasket(page, request, [['HV-TAPE-BUTYL', 2]]);
    const email = `e2e-${randomUUID().slice(0, 8)}@example.co.uk`;
    await page.goto('/customer/account/login');
    await expect(account(page).getByRole('heading', { name: 'New Here?' })).toBeVisible();
    expect(await seriousViolations(page, '[data-remote="account"]')).toEqual([]);
    await account(page).getByRole('link', { name: 'Create an Account' }).click();
    await expect(page).toHaveURL(/\/customer\/account\/create$/);
    await expect(page).toHaveTitle(/^Create an Account \|/);
    await expect(basketButton(page)).toHaveAccessibleName(/My Basket 2/);

    const form = account(page);
    await form.getByRole('button', { name: 'Create an Account' }).click();
    await expect(form.getByText('First Name is required')).toBeVisible();
    expect(await seriousViolations(page, '[data-remote="account"]')).toEqual([]);
    await form.getByLabel('First Name').fill('Pat');
    await form.getByLabel('Last Name').fill('Tester');
    await form.getByLabel('Company').fill('Tester Builders Ltd');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill('Membrane2026');
    await expect(form.getByText(/Password Strength/)).toContainText('Strong');
    await form.getByLabel('Confirm Password').fill('Membrane2026');
    await form.getByRole('button', { name: 'Create an Account' }).click();

    await expect(page).toHaveURL(/\/customer\/account\/index$/);
    await expect(page).toHaveTitle(/^My Account \|/);
    await expect(form.getByRole('link', { name: 'Account Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(form.getByRole('region', { name: 'Account Information' })).toContainText(email);
    await expect(form.getByRole('region', { name: 'Account Information' })).toContainText('Tester Builders Ltd');
    // The guest basket became the customer's.
    await expect(basketButton(page)).toHaveAccessibleName(/My Basket 2/);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cartId') ?? 'null'))).toBeNull();
    const basket = await (await request.post('/api/cart', { data: { customerToken: await tokenOf(page) } })).json();
    expect(basket.items).toEqual([expect.objectContaining({ sku: 'HV-TAPE-BUTYL', qty: 2 })]);
    expect(await seriousViolations(page, '[data-remote="account"]')).toEqual([]);

    await openAccountMenu(page);
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await tokenOf(page)).toBeNull();
    await expect(basketButton(page)).toHaveAccessibleName(/My Basket 0/);

    // Wrong password first: the message and red outlines.
    await page.goto('/customer/account/login');
    await account(page).getByLabel('Email').fill(email);
    await account(page).getByLabel('Password', { exact: true }).fill('Wrong-pass1');
    await account(page).getByRole('button', { name: 'Sign In' }).click();
    await expect(account(page).getByRole('alert')).toHaveText('Invalid login credentials. Please check and try again.');
    await signIn(page, email, 'Membrane2026');
    await expect(basketButton(page)).toHaveAccessibleName(/My Basket 2/);
  });

  test('forgot password: a wrong captcha sends nothing; the mailed link sets a new password to sign in with', async ({ page, request }) => {
    const { email } = await registerCustomer(request);
    await page.goto('/customer/account/login');
    await account(page).getByRole('link', { name: 'Forgot Your Password?' }).click();
    await expect(page).toHaveTitle(/^Forgot Password \|/);
    const form = account(page);
    const image = form.getByRole('img', { name: /Captcha/ });
    await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/);
    const first = await image.getAttribute('src');
    await form.getByRole('button', { name: 'Reload captcha' }).click();
    await expect(image).not.toHaveAttribute('src', first!);
    expect(await seriousViolations(page, '[data-remote="account"]')).toEqual([]);

    const sent: string[] = [];
    page.on('request', (r) => r.url().includes('/api/customer/forgot-password') && sent.push(r.url()));
    await form.getByLabel('Email').fill(email);
    // Case-sensitive: the right letters in the wrong case are a mismatch.
    await form.getByLabel(/Please type the letters/).fill(CAPTCHA.toLowerCase());
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('Invalid Captcha.')).toBeVisible();
    expect(sent).toEqual([]);

    await form.getByLabel(/Please type the letters/).fill(CAPTCHA);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/customer\/account\/login$/);
    await expect(account(page).getByRole('status')).toHaveText(
      `If there is an account associated with ${email} you will receive an email with a link to reset your password.`,
    );
    expect(sent).toHaveLength(1);

    const link = await resetLinkFor(email);
    await page.goto(link);
    await expect(page).toHaveTitle(/^Set a New Password \|/);
    await account(page).getByLabel('New Password', { exact: true }).fill('Renewed2027');
    await account(page).getByLabel('Confirm New Password').fill('Renewed2027');
    await account(page).getByRole('button', { name: 'Set a New Password' }).click();
    await expect(page).toHaveURL(/\/customer\/account\/login$/);
    await expect(account(page).getByRole('status')).toHaveText('You updated your password.');

    // The link is single-use.
    await page.goto(link);
    await expect(page).toHaveURL(/\/customer\/account\/login$/);
    await expect(account(page).getByRole('alert')).toHaveText('Your reset token is invalid.');

    await signIn(page, email, 'Renewed2027');
  });

  test('add, edit and default-flag addresses; the checkout offers them', async ({ page, request }) => {
    const { email, password } = await registerCustomer(request);
    await signIn(page, email, password);
    await page.goto('/customer/address');
    const book = account(page);
    await expect(book.getByText('You have no saved addresses.')).toBeVisible();
    expect(await seriousViolations(page, '[data-remote="account"]')).toEqual([]);

    await book.getByRole('button', { name: 'Add New Address' }).click();
    await expect(book.getByRole('heading', { name: 'Add New Address' })).toBeVisible();
    // The phone field keeps digits, spaces, brackets, hyphens and + only: 'call 123' is ' 123', too short.
    await book.getByLabel('Phone Number').fill('call 123');
    await expect(book.getByLabel('Phone Number')).toHaveValue(' 123');
    await book.getByLabel('Postal Code').fill('XX');
    await book.getByRole('button', { name: 'Save Address' }).click();
    await expect(book.getByText('Please enter a valid phone number')).toBeVisible();
    await expect(book.getByText('Please enter a valid UK postcode')).toBeVisible();
    await expect(book.getByText('Street Address (Line 1) is required')).toBeVisible();
    expect(await seriousViolations(page, '[data-remote="account"]')).toEqual([]);

    await book.getByLabel('Phone Number').fill('0161 496 0000');
    await book.getByLabel('Street Address (Line 1)').fill('4 Mill Lane');
    await book.getByLabel('City').fill('Manchester');
    await book.getByLabel('Postal Code').fill('M1 1AE');
    await book.getByLabel('County/State/Province').selectOption({ label: 'Greater Manchester' });
    await book.getByLabel('Address Label').fill('Yard');
    await book.getByRole('checkbox', { name: 'Use as my default shipping address' }).check();
    await book.getByRole('button', { name: 'Save Address' }).click();
    await expect(book.getByText('You saved the address.')).toBeVisible();
    const yard = book.getByRole('listitem', { name: 'Yard' });
    await expect(yard).toContainText('4 Mill Lane');
    await expect(yard).toContainText('Greater Manchester');
    await expect(yard.getByText('Default Shipping')).toBeVisible();
    // The first address is the billing default too, ticked or not.
    await expect(yard.getByText('Default Billing')).toBeVisible();

    await book.getByRole('button', { name: 'Add New Address' }).click();
    await book.getByLabel('Company').fill('Tester Builders Ltd');
    await book.getByLabel('Phone Number').fill('0113 496 0000');
    await book.getByLabel('Street Address (Line 1)').fill('12 Canal Wharf');
    await book.getByLabel('City').fill('Leeds');
    await book.getByLabel('Postal Code').fill('LS11 5AB');
    await book.getByLabel('County/State/Province').selectOption({ label: 'West Yorkshire' });
    await book.getByRole('checkbox', { name: 'Use as my default billing address' }).check();
    await book.getByRole('button', { name: 'Save Address' }).click();
    await expect(book.getByText('You saved the address.')).toBeVisible();
    const office = book.getByRole('listitem', { name: 'Pat Tester' });
    await expect(office.getByText('Default Billing')).toBeVisible();
    await expect(yard.getByText('Default Billing')).toHaveCount(0);
    await expect(yard.getByText('Default Shipping')).toBeVisible();

    // Edit: the yard becomes the billing default too, and moves street.
    await yard.getByRole('button', { name: /Edit/ }).click();
    await expect(book.getByRole('heading', { name: 'Edit Address' })).toBeVisible();
    await expect(book.getByLabel('Street Address (Line 1)')).toHaveValue('4 Mill Lane');
    await book.getByLabel('Street Address (Line 1)').fill('6 Mill Lane');
    await book.getByRole('checkbox', { name: 'Use as my default billing address' }).check();
    await book.getByRole('button', { name: 'Save Changes' }).click();
    await expect(book.getByText('You saved the changes to the address.')).toBeVisible();
    await expect(yard).toContainText('6 Mill Lane');
    await expect(yard.getByText('Default Billing')).toBeVisible();
    await expect(office.getByText('Default Billing')).toHaveCount(0);

    // The dashboard shows the defaults; the checkout offers both addresses and fills the default.
    await page.goto('/customer/account');
    await expect(account(page).getByRole('link', { name: 'Account Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(account(page).getByRole('region', { name: 'Address Book' })).toContainText('6 Mill Lane');
    const token = await tokenOf(page);
    const added = await request.post('/api/cart/add', { data: { customerToken: token, productSku: 'HV-PRIMER', quantity: 1 } });
    expect(added.ok(), await added.text()).toBe(true);
    await page.goto('/checkout');
    const ship = page.locator('[data-remote="checkout"]').getByRole('group', { name: 'Shipping address' });
    await expect(ship.getByLabel('Street Address (Line 1)')).toHaveValue('6 Mill Lane');
    const saved = ship.getByLabel('Choose a saved address');
    await expect(saved.locator('option', { hasText: 'Yard: Pat Tester, 6 Mill Lane, Manchester, M1 1AE' })).toHaveCount(1);
    await expect(saved.locator('option', { hasText: 'Pat Tester, 12 Canal Wharf, Leeds, LS11 5AB' })).toHaveCount(1);
  });

  test("an order placed in checkout is in My Orders and its detail; another customer's order is not shown", async ({ page, request }) => {
    const { email, password } = await registerCustomer(request);
    await signIn(page, email, password);
    const token = await tokenOf(page);
    await saveDefaultAddress(request, token);
    await page.goto('/sales/order/history');
    await expect(account(page).getByText('You have placed no orders.')).toBeVisible();

    const added = await request.post('/api/cart/add', { data: { customerToken: token, productSku: 'HV-PRIMER', quantity: 3 } });
    expect(added.ok(), await added.text()).toBe(true);
    await page.goto('/checkout');
    const c = page.locator('[data-remote="checkout"]');
    await expect(c.getByRole('group', { name: 'Shipping address' }).getByLabel('Street Address (Line 1)')).toHaveValue('4 Mill Lane');
    await c.getByLabel('Card number').fill('4242 4242 4242 4242');
    await c.getByLabel('Expiry date').fill('12 / 30');
    await c.getByLabel('Security code').fill('123');
    // As a shopper does: the delivery method and its price are shown before Place Order (clicking
    // sooner, with no earlier choice, shows the options and places nothing: CheckoutPage.test.tsx).
    await expect(c.getByRole('radio', { name: /Standard Delivery/ })).toBeChecked();
    await c.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order\/success$/, { timeout: 60_000 });
    const number = (await c.getByTestId('order-number').textContent())!;

    await page.goto('/sales/order/history');
    await expect(page).toHaveTitle(/^My Orders \|/);
    const row = account(page).getByRole('row').filter({ hasText: number });
    await expect(row).toContainText('Pat Tester');
    await expect(row).toContainText('Processing');
    await row.getByRole('link', { name: `View Order ${number}` }).click();
    await expect(page).toHaveURL(/\/sales\/order\/view\/order_id\/\d+$/);
    const detail = account(page);
    await expect(detail.getByRole('heading', { level: 1 })).toHaveText(`Order # ${number}`);
    await expect(detail.getByRole('link', { name: 'My Orders', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(detail.getByRole('row').filter({ hasText: 'HV-PRIMER' })).toContainText('3');
    await expect(detail.getByRole('region', { name: 'Shipping Address' })).toContainText('4 Mill Lane');
    await expect(detail.getByRole('region', { name: 'Payment Method' })).toContainText('Credit / debit card');
    await expect(detail.getByLabel('Order totals')).toContainText('VAT (20%)');
    await expect(detail.getByLabel('Order totals')).toContainText('Order Total (inc VAT)');
    await expect(detail.getByRole('button', { name: 'Print Order' })).toBeVisible();
    expect(await seriousViolations(page, '[data-remote="account"]')).toEqual([]);
    const orderUrl = page.url();

    // Printed: the order alone, without the account menu.
    await page.emulateMedia({ media: 'print' });
    await expect(detail.getByRole('navigation', { name: 'My Account' })).toBeHidden();
    await expect(detail.getByRole('button', { name: 'Print Order' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    // Someone else opens that order's address.
    await openAccountMenu(page);
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    const other = await registerCustomer(request);
    await signIn(page, other.email, other.password);
    await page.goto(orderUrl);
    await expect(account(page).getByRole('alert')).toHaveText("Order not found or you're not authorized to view it.");
    await expect(account(page)).not.toContainText(number);
  });
});
