import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '../support/test';
import { ports } from '../support/ports';
import { adminPage, dataDir, screenshot, setUpAndSignIn, staffCli } from '../support/backoffice';
import { acceptCookies, registerCustomer, remote, saveDefaultAddress, signIn, tokenOf } from '../support/shop';

/**
 * The back office on its own origin, against the shop `npm start` serves: the first owner made
 * with `npm run staff` while the shop runs (embedded database), set up with a password and an
 * authenticator code; an order placed in the storefront found, shipped with a tracking number,
 * seen by the customer, mailed through the outbox, and in the activity log; a `content` member
 * cannot reach orders.
 */

/** A customer's order placed through the storefront's checkout with the test card. */
async function placeOrder(page: Page, request: Parameters<typeof registerCustomer>[0]) {
  await acceptCookies(page);
  const { email, password: customerPassword } = await registerCustomer(request);
  await signIn(page, email, customerPassword);
  const token = await tokenOf(page);
  await saveDefaultAddress(request, token);
  const added = await request.post('/api/cart/add', { data: { customerToken: token, productSku: 'HV-PRIMER', quantity: 2 } });
  expect(added.ok(), await added.text()).toBe(true);
  await page.goto('/checkout');
  const c = remote(page, 'checkout');
  await expect(c.getByLabel('Email Address')).toHaveValue(email);
  // The delivery rates for the saved address have arrived (a shopper sees them before paying).
  await expect(c.getByRole('radio', { name: /Standard Delivery/ })).toBeChecked();
  await c.getByLabel('Card number').fill('4242 4242 4242 4242');
  await c.getByLabel('Expiry date').fill('12 / 30');
  await c.getByLabel('Security code').fill('123');
  await c.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  const number = (await c.getByTestId('order-number').textContent())!.trim();
  // The link names the order once the page knows the customer (before that, My Orders).
  await expect(c.getByRole('link', { name: 'View Order' })).toHaveAttribute('href', /\/sales\/order\/view\/order_id\/\d+$/);
  const orderHref = (await c.getByRole('link', { name: 'View Order' }).getAttribute('href'))!;
  return { email, number, orderHref };
}

test.describe('back office', () => {
  test('an order placed in the shop is found, shipped with tracking, partly refunded; the customer sees it, the mails are sent, the log shows both', async ({ page, browser, request, extraHTTPHeaders }) => {
    test.setTimeout(180_000);
    const ownerEmail = `owner.${Date.now()}@northgate.example`;
    const added = staffCli('add', ownerEmail, '--role', 'owner');
    const link = added.match(/http:\/\/localhost:\d+\/setup#[A-Za-z0-9_-]+/)?.[0];
    expect(link, added).toBeTruthy();
    expect(link!.startsWith(`http://localhost:${ports.admin}/setup#`)).toBe(true);
    expect(staffCli('list')).toMatch(new RegExp(`${ownerEmail.replace(/\./g, '\\.')}\\s+owner\\s+invited`));

    const { email, number, orderHref } = await placeOrder(page, request);

    const admin = await adminPage(browser, extraHTTPHeaders ?? {});
    await setUpAndSignIn(admin, link!.replace('localhost', '127.0.0.1'), ownerEmail);
    await screenshot(admin, 'dashboard');

    await admin.getByRole('link', { name: 'Orders' }).click();
    await admin.getByLabel('Order number, email, name or postcode').fill(email);
    await admin.getByRole('button', { name: 'Search' }).click();
    await expect(admin.getByRole('link', { name: number })).toBeVisible();
    await screenshot(admin, 'orders');
    await admin.getByRole('link', { name: number }).click();
    await expect(admin.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
    await admin.getByLabel('Carrier').fill('DPD');
    await admin.getByLabel('Tracking number').fill('15501234567890');
    await admin.getByRole('button', { name: 'Ship…' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Ship these items?' });
    await expect(dialog).toContainText('15501234567890');
    await screenshot(admin, 'order-ship-confirm');
    await dialog.getByRole('button', { name: 'Ship and email the customer' }).dblclick();
    await expect(admin.getByRole('status')).toContainText('Shipped');
    await expect(admin.getByText('complete', { exact: true }).first()).toBeVisible();
    await expect(admin.getByRole('listitem').filter({ hasText: 'tracking 15501234567890' })).toHaveCount(1);
    await screenshot(admin, 'order');

    // The customer's order page shows the parcel and its tracking number.
    await page.goto(orderHref);
    const shipments = remote(page, 'account').getByRole('region', { name: 'Shipments' });
    await expect(shipments).toContainText('DPD, tracking number 15501234567890');

    // The "on its way" mail went through the outbox (the development mailbox: DATA_DIR/mail).
    await expect
      .poll(() => {
        const dir = path.join(dataDir, 'mail');
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')) : [];
        return files.filter((m) => m.includes(`Subject: Your order ${number} is on its way`) && m.includes('15501234567890')).length;
      })
      .toBe(1);

    // A partial refund by amount, confirmed (a double click refunds once): shown in the payment
    // panel, mailed to the customer; the order stays open (not everything was refunded).
    await admin.getByLabel('Amount (£)').fill('5.00');
    await admin.getByLabel('Reason (sent to the customer)').fill('A damaged roll end');
    await admin.getByRole('button', { name: 'Refund…' }).click();
    const refund = admin.getByRole('dialog', { name: `Refund order ${number}?` });
    await expect(refund).toContainText('Refund £5.00 to the customer');
    await refund.getByRole('button', { name: 'Refund and email the customer' }).dblclick();
    await expect(admin.getByRole('status')).toContainText('Refunded; the customer has been emailed.');
    await expect(admin.getByRole('status')).not.toContainText('closed');
    await expect(admin.getByText(/refunded £5\.00/).first()).toBeVisible();
    await expect(admin.getByText(/£5\.00 · refunded/)).toHaveCount(1);
    // The form is empty again: no second refund by a stray click.
    await expect(admin.getByLabel('Amount (£)')).toHaveValue('');
    await screenshot(admin, 'order-refunded');
    await expect
      .poll(() => {
        const dir = path.join(dataDir, 'mail');
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')) : [];
        return files.filter((m) => m.includes(`Subject: A refund for your order ${number}`)).length;
      })
      .toBe(1);

    // The activity log: who shipped it, and who refunded what.
    await admin.getByRole('link', { name: 'Activity log' }).click();
    await admin.getByLabel('Order number or staff id').fill(number);
    await admin.getByRole('button', { name: 'Filter' }).click();
    const row = admin.getByRole('row').filter({ hasText: 'order.ship' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(ownerEmail);
    await expect(row).toContainText('15501234567890');
    const refunded = admin.getByRole('row').filter({ hasText: 'order.refund' });
    await expect(refunded).toHaveCount(1);
    await expect(refunded).toContainText(ownerEmail);
    await screenshot(admin, 'activity');
  });

  test('a content staff member cannot reach orders', async ({ browser, request, extraHTTPHeaders }) => {
    const contentEmail = `content.${Date.now()}@northgate.example`;
    const link = staffCli('add', contentEmail, '--role', 'content').match(/http:\/\/localhost:\d+\/setup#[A-Za-z0-9_-]+/)![0];
    const admin = await adminPage(browser, extraHTTPHeaders ?? {});
    await setUpAndSignIn(admin, link.replace('localhost', '127.0.0.1'), contentEmail);
    const menu = admin.getByRole('navigation', { name: 'Back office' });
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Orders' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Activity log' })).toHaveCount(0);
    await admin.goto('/orders');
    await expect(admin.getByRole('alert')).toHaveText('You do not have permission to do this.');
    await screenshot(admin, 'no-permission');
    const api = await admin.request.get('/admin-api/orders');
    expect(api.status()).toBe(403);
    expect((await api.json()).message).toBe('You do not have permission to do this.');

    // The storefront's origin does not lead to the back office's API.
    const viaShop = await request.get('/admin-api/orders', { headers: { cookie: (await admin.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ') } });
    expect(viaShop.headers()['content-type'] ?? '').not.toContain('application/json');
  });
});
