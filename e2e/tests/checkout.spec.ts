import { expect, test, type Page } from '../support/test';
import { acceptCookies, basketButton, guestBasket, registerCustomer, remote, saveDefaultAddress, seriousViolations, signIn, tokenOf } from '../support/shop';

/**
 * The checkout remote against the production build with the offline test provider (no Stripe
 * keys): card checkout, declined card, double click, 3-D Secure, express wallet, customer orders.
 */

const checkout = (page: Page) => remote(page, 'checkout');

async function fillCheckout(page: Page, { email = 'jo.bloggs@example.co.uk', card = '4242 4242 4242 4242' } = {}) {
  const c = checkout(page);
  await expect(c.getByRole('radio', { name: /Standard Delivery/ })).toBeChecked();
  await c.getByLabel('Email Address').fill(email);
  const ship = c.getByRole('group', { name: 'Shipping address' });
  await ship.getByLabel('First Name').fill('Jo');
  await ship.getByLabel('Last Name').fill('Bloggs');
  await ship.getByLabel('Street Address (Line 1)').fill('12 Canal Wharf');
  await ship.getByLabel('City').fill('Leeds');
  await ship.getByLabel('County/State/Province').fill('West Yorkshire');
  await ship.getByLabel('Postal Code').fill('LS11 5AB');
  await ship.getByLabel('Phone Number').fill('0113 496 0000');
  await fillCard(page, card);
}

async function fillCard(page: Page, card: string) {
  const c = checkout(page);
  await c.getByLabel('Card number').fill(card);
  await c.getByLabel('Expiry date').fill('12 / 30');
  await c.getByLabel('Security code').fill('123');
}

/** The order reference the success page reads (sessionStorage successOrderId). */
const successReference = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('successOrderId') ?? 'null') as string | null);

test.describe('checkout (test payment provider)', () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
  });

  test('a guest pays with 4242 4242 4242 4242, reaches the success page, and the order exists', async ({ page, request }) => {
    const cartId = await guestBasket(page, request);
    await page.goto('/checkout');
    const c = checkout(page);
    await expect(c.getByRole('heading', { level: 1 })).toHaveText('Checkout');
    await expect(c).toContainText('Spend £250 ex VAT for Free 1-3 day Delivery');
    expect(await seriousViolations(page, '[data-remote="checkout"]')).toEqual([]);
    await fillCheckout(page);
    await c.getByRole('radio', { name: /Next Working Day/ }).check();
    await c.getByLabel(/Anything the driver should know/).fill('Please use the side gate.');
    await c.getByRole('button', { name: 'Place Order' }).click();

    await expect(page).toHaveURL(/\/order\/success$/);
    await expect(c.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order, Jo');
    const number = (await c.getByTestId('order-number').textContent())!;
    expect(number).toMatch(/^\d{9}$/);
    await expect(c).toContainText('jo.bloggs@example.co.uk');
    await expect(c.getByRole('region', { name: 'Delivery' })).toContainText('12 Canal Wharf');
    await expect(c.getByRole('region', { name: 'Delivery' })).toContainText('Next Working Day Delivery');
    await expect(c.getByRole('link', { name: 'Create an Account' })).toHaveAttribute('href', '/customer/account/create');
    await expect(basketButton(page)).toHaveAccessibleName(/My Basket 0/);
    expect(await seriousViolations(page, '[data-remote="checkout"]')).toEqual([]);

    // The order exists in the API, as placed; the billing address is no longer stored.
    const reference = await successReference(page);
    const order = await (await request.get(`/api/order/${reference}`)).json();
    expect(order.data).toMatchObject({ increment_id: number, status: 'processing', shipping_amount: 14.95, subtotal: 39, email_masked: 'j***@example.co.uk' });
    expect(order.data.items).toEqual([expect.objectContaining({ sku: 'HV-TAPE-BUTYL', qty_ordered: 2 })]);
    expect(await page.evaluate(() => localStorage.getItem('billingAddress'))).toBeNull();
    // The ordered basket is closed; the shopper has a fresh one.
    expect((await request.post('/api/cart', { data: { cartId } })).status()).toBe(404);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cartId') ?? 'null'))).not.toBe(cartId);
  });

  test('a declined card shows the message and keeps the basket', async ({ page, request }) => {
    const cartId = await guestBasket(page, request);
    await page.goto('/checkout');
    await fillCheckout(page, { card: '4000 0000 0000 0002' });
    await checkout(page).getByRole('button', { name: 'Place Order' }).click();
    await expect(checkout(page).getByRole('alert')).toHaveText('Your card was declined.');
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(basketButton(page)).toHaveAccessibleName(/My Basket 2/);
    const basket = await (await request.post('/api/cart', { data: { cartId } })).json();
    expect(basket.items).toEqual([expect.objectContaining({ sku: 'HV-TAPE-BUTYL', qty: 2 })]);

    // Another card works on the same basket.
    await fillCard(page, '4242 4242 4242 4242');
    await checkout(page).getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order\/success$/);
  });

  test('a card that needs 3-D Secure goes through the bank page and "Confirming payment..."', async ({ page, request }) => {
    await guestBasket(page, request);
    await page.goto('/checkout');
    await fillCheckout(page, { card: '4000 0025 0000 3155' });
    await checkout(page).getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/payment-complete\?payment_intent=pi_test_/);
    await expect(checkout(page).getByRole('heading', { level: 1 })).toHaveText('Confirm your payment');
    // Slow the confirmation down enough to see what the shopper sees meanwhile.
    await page.route('**/api/payment/complete', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await checkout(page).getByRole('button', { name: 'Complete authentication' }).click();
    await expect(checkout(page).getByText('Confirming payment...')).toBeVisible();
    await expect(page).toHaveURL(/\/order\/success$/);
    const reference = await successReference(page);
    expect((await request.get(`/api/order/${reference}`)).ok()).toBe(true);
  });

  test('an empty basket says so and links back to shopping', async ({ page }) => {
    await page.goto('/checkout');
    await expect(checkout(page)).toContainText('Your basket is empty.');
    await checkout(page).getByRole('link', { name: 'Continue Shopping' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("double-clicking Place Order makes one order; the customer's order is in their order list", async ({ page, request }) => {
    const { email, password } = await registerCustomer(request);
    await signIn(page, email, password);
    const token = await tokenOf(page);
    // A saved default address: the checkout fills it in.
    await saveDefaultAddress(request, token);
    const added = await request.post('/api/cart/add', { data: { customerToken: token, productSku: 'HV-PRIMER', quantity: 3 } });
    expect(added.ok(), await added.text()).toBe(true);

    await page.goto('/checkout');
    const c = checkout(page);
    await expect(c.getByLabel('Email Address')).toHaveValue(email);
    const ship = c.getByRole('group', { name: 'Shipping address' });
    await expect(ship.getByLabel('Street Address (Line 1)')).toHaveValue('4 Mill Lane');
    await expect(c.getByRole('radio', { name: /Standard Delivery/ })).toBeChecked();
    await fillCard(page, '4242 4242 4242 4242');
    await c.getByRole('button', { name: 'Place Order' }).dblclick();

    await expect(page).toHaveURL(/\/order\/success$/);
    const number = (await c.getByTestId('order-number').textContent())!;
    await expect(c.getByRole('link', { name: 'View Order' })).toHaveAttribute('href', /\/sales\/order\/view\/order_id\/\d+$/);

    const list = await (await request.post('/api/orders/list', { data: { customerToken: token } })).json();
    expect(list.data.totalCount).toBe(1);
    expect(list.data.items[0]).toMatchObject({ increment_id: number, total_qty: 3 });
  });

  test('the express wallet on a product page completes an order', async ({ page, request }) => {
    await page.goto('/hydrovault-double-sided-butyl-tape-50mm');
    const express = page.getByRole('button', { name: /Express Checkout/ });
    await express.click();
    const sheet = page.getByRole('dialog', { name: 'Express Checkout' });
    await expect(sheet.getByRole('radio', { name: /Standard Delivery/ })).toBeChecked();
    await expect(sheet).toContainText('Hydrovault Double-Sided Butyl Tape 50mm x 15m');
    // The product went into the basket, without the 'Added to Basket' modal.
    await expect(basketButton(page)).toHaveAccessibleName(/My Basket 1/);
    await expect(page.getByRole('dialog', { name: 'Added to Basket' })).toHaveCount(0);

    await sheet.getByRole('button', { name: /^Pay/ }).click();
    await expect(sheet.getByRole('alert')).toHaveText('Unable able to proceed with payment due to missing information');
    expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);

    await sheet.getByLabel('Email').fill('wallet@example.co.uk');
    await sheet.getByLabel('Phone').fill('07700 900123');
    const ship = sheet.getByRole('group', { name: 'Shipping address' });
    await ship.getByLabel('Full name').fill('Sam Reed');
    await ship.getByLabel('Address line 1').fill('4 Mill Lane');
    await ship.getByLabel('Town or city').fill('Manchester');
    await ship.getByLabel('Postcode').fill('M1 1AE');
    await ship.getByLabel('Postcode').blur();
    await sheet.getByRole('radio', { name: /Next Working Day/ }).check();
    await expect(sheet.getByRole('radio', { name: /Next Working Day/ })).toBeChecked();
    await expect(sheet.getByRole('button', { name: /^Pay/ })).toHaveText(/Pay £41\.34/);
    await sheet.getByRole('button', { name: /^Pay/ }).click();

    await expect(page).toHaveURL(/\/order\/success$/);
    await expect(checkout(page).getByRole('heading', { level: 1 })).toHaveText('Thank you for your order, Sam');
    await expect(checkout(page)).toContainText('wallet@example.co.uk');
    const reference = await successReference(page);
    const order = await (await request.get(`/api/order/${reference}`)).json();
    expect(order.data).toMatchObject({ grand_total: 41.34, shipping_description: expect.stringContaining('Next Working Day'), delivery: { city: 'Manchester', postcode_outward: 'M1' } });
    await expect(basketButton(page)).toHaveAccessibleName(/My Basket 0/);
  });
});
