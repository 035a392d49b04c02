import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from '@shop/shared/router';
import { authTokenAtom, cartAtom, cartIdAtom, emptyCart, meAtom } from '@shop/shared';
import { resetPaymentConfig } from '../../payment/config';
import { scriptApi, type Handler } from '../../test/api';
import { basket, nextDay, paymentMethod, placed, standard, stepAnswer, testConfig, totals } from '../../test/fixtures';
import CheckoutPage from './CheckoutPage';
import { billingAddressAtom, successOrderIdAtom } from '../../checkout/checkoutState';

function Where() {
  const l = useLocation();
  return <span data-testid="where">{l.pathname + l.search}</span>;
}

function renderCheckout(store = createStore()) {
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/checkout']}>
        <Routes>
          <Route path="/checkout" element={<CheckoutPage />} />
          <Route path="*" element={<h1>Elsewhere</h1>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

function api(handlers: Record<string, Handler> = {}) {
  return scriptApi({
    '/payment/config': { body: testConfig },
    '/cart': { body: basket },
    '/cart/estimate-shipping-methods': { body: [standard, nextDay] },
    '/cart/save-shipping-info': { body: stepAnswer() },
    '/cart/save-payment-info': { body: stepAnswer() },
    '/payment/test/payment-methods': { body: paymentMethod },
    '/cart/confirm-order': { body: placed() },
    ...handlers,
  });
}

const guest = () => {
  const store = createStore();
  store.set(cartIdAtom, 'guest-1');
  return store;
};

const shippingGroup = () => screen.getByRole('group', { name: 'Shipping address' });

function fillAddress(group: HTMLElement) {
  const g = within(group);
  fireEvent.change(g.getByLabelText(/First Name/), { target: { value: 'Jo' } });
  fireEvent.change(g.getByLabelText(/Last Name/), { target: { value: 'Bloggs' } });
  fireEvent.change(g.getByLabelText(/Street Address \(Line 1\)/), { target: { value: '12 Canal Wharf' } });
  fireEvent.change(g.getByLabelText(/^City/), { target: { value: 'Leeds' } });
  fireEvent.change(g.getByLabelText(/County\/State\/Province/), { target: { value: 'west yorkshire' } });
  fireEvent.change(g.getByLabelText(/Postal Code/), { target: { value: 'ls11 5ab' } });
  fireEvent.change(g.getByLabelText(/Phone Number/), { target: { value: '0113 496 0000' } });
}

function fillCard(number = '4242 4242 4242 4242') {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '1230' } });
  fireEvent.change(screen.getByLabelText('Security code'), { target: { value: '123' } });
}

async function readyToPay() {
  await screen.findByRole('radio', { name: /Standard Delivery/ });
  fireEvent.change(screen.getByLabelText(/Email Address/), { target: { value: 'jo@example.co.uk' } });
  fillAddress(shippingGroup());
  fillCard();
}

describe('CheckoutPage', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    resetPaymentConfig();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('has the Checkout heading and page title', async () => {
    api();
    renderCheckout(guest());
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Checkout');
    expect(document.title).toMatch(/^Checkout \| Northgate Membranes$/);
  });

  it('says the basket is empty and links back to shopping', async () => {
    api({ '/cart': { body: emptyCart } });
    renderCheckout(guest());
    expect(await screen.findByText('Your basket is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
  });

  it('shows the basket lines and totals, estimates delivery with the free-delivery message, and adds the chosen rate', async () => {
    const calls = api();
    renderCheckout(guest());
    const summary = await screen.findByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByText('Hydrovault Double-Sided Butyl Tape 50mm x 15m')).toBeInTheDocument();
    expect(within(summary).getByText('Qty 2')).toBeInTheDocument();
    expect(await screen.findByText('Spend £250 ex VAT for Free 1-3 day Delivery')).toBeInTheDocument();
    const standardRate = await screen.findByRole('radio', { name: /Standard Delivery/ });
    expect(standardRate).toBeChecked();
    expect(calls.calls.find((c) => c.path === '/cart/estimate-shipping-methods')!.body).toMatchObject({ cartId: 'guest-1', address: { country_id: 'GB', postcode: '*' } });
    expect(within(summary).getByText('£39.00', { selector: 'dd' })).toBeInTheDocument();
    expect(within(summary).getByText('£9.95')).toBeInTheDocument();
    expect(within(summary).getByText('£9.79')).toBeInTheDocument();
    expect(within(summary).getByText('£58.74')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: /Next Working Day/ }));
    expect(within(summary).getByText('£14.95')).toBeInTheDocument();
    expect(within(summary).getByText(`£${(39 + 14.95 + 7.8 + 2.99).toFixed(2)}`)).toBeInTheDocument();
  });

  it('re-estimates delivery when the postcode changes', async () => {
    const calls = api();
    renderCheckout(guest());
    await screen.findByRole('radio', { name: /Standard Delivery/ });
    fireEvent.change(within(shippingGroup()).getByLabelText(/Postal Code/), { target: { value: 'BT7 1NN' } });
    await waitFor(() =>
      expect(calls.calls.filter((c) => c.path === '/cart/estimate-shipping-methods').map((c) => c.body.address.postcode)).toEqual(['*', 'BT7 1NN']),
    );
  });

  it("shows the address form's messages (spec section 5) and places nothing", async () => {
    const calls = api();
    renderCheckout(guest());
    await screen.findByRole('radio', { name: /Standard Delivery/ });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    const group = shippingGroup();
    for (const message of [
      'First Name is required',
      'Last Name is required',
      'Phone Number is required',
      'Street Address (Line 1) is required',
      'City is required',
      'Postal Code is required',
      'County/State/Province is required for the selected country',
    ]) {
      expect(await within(group).findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByText('This is a required field.')).toBeInTheDocument();
    expect(within(group).getByLabelText(/First Name/)).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(within(group).getByLabelText(/Postal Code/), { target: { value: 'NOT A CODE' } });
    // The phone field keeps digits, spaces, brackets, hyphens and + only: 'call 123' is ' 123', too short.
    fireEvent.change(within(group).getByLabelText(/Phone Number/), { target: { value: 'call 123' } });
    expect(within(group).getByLabelText(/Phone Number/)).toHaveValue(' 123');
    fireEvent.change(screen.getByLabelText(/Email Address/), { target: { value: 'jo@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await within(group).findByText('Please enter a valid UK postcode')).toBeInTheDocument();
    expect(within(group).getByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();

    // The US has no regions: no county to choose, and any postcode shape.
    fireEvent.change(within(group).getByLabelText(/Country/), { target: { value: 'US' } });
    expect(within(group).queryByLabelText(/County\/State\/Province/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(within(group).queryByText('Please enter a valid UK postcode')).toBeNull());
    expect(calls.paths()).not.toContain('/cart/confirm-order');
  });

  it('offers every UK county, found by typing; words that name none are refused', async () => {
    const calls = api();
    renderCheckout(guest());
    await readyToPay();
    const county = within(shippingGroup()).getByLabelText(/County\/State\/Province/);
    // Devon, Derbyshire and Highland were not among the 15 counties before.
    const offered = [...document.querySelectorAll(`#${county.getAttribute('list')} option`)].map((o) => o.getAttribute('value'));
    expect(offered).toHaveLength(108);
    expect(offered).toEqual(expect.arrayContaining(['Devon', 'Derbyshire', 'Highland', 'County Tyrone', 'Powys']));

    fireEvent.change(county, { target: { value: 'Devn' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await within(shippingGroup()).findByText('Please choose a County/State/Province from the list')).toBeInTheDocument();
    expect(calls.paths()).not.toContain('/cart/confirm-order');

    fireEvent.change(county, { target: { value: 'devon' } });
    fireEvent.blur(county);
    expect(county).toHaveValue('Devon');
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/order/success'));
    const devon = calls.calls.find((c) => c.path === '/cart/save-shipping-info')!.body.address;
    expect(devon).toMatchObject({ region_id: 5026, region: 'Devon' });
  });

  it('keeps what was typed when the shopper leaves the checkout and comes back', async () => {
    api();
    const store = guest();
    const first = render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/checkout']}>
          <CheckoutPage />
        </MemoryRouter>
      </Provider>,
    );
    await readyToPay();
    fireEvent.click(await screen.findByRole('radio', { name: /Next Working Day/ }));
    fireEvent.change(screen.getByLabelText(/Anything the driver should know/), { target: { value: 'Side gate' } });
    first.unmount();

    renderCheckout(store);
    expect(await screen.findByRole('radio', { name: /Next Working Day/ })).toBeChecked();
    expect(screen.getByLabelText(/Email Address/)).toHaveValue('jo@example.co.uk');
    const group = within(shippingGroup());
    expect(group.getByLabelText(/Street Address \(Line 1\)/)).toHaveValue('12 Canal Wharf');
    expect(group.getByLabelText(/County\/State\/Province/)).toHaveValue('West Yorkshire');
    expect(group.getByLabelText(/Postal Code/)).toHaveValue('LS11 5AB');
    expect(screen.getByLabelText(/Anything the driver should know/)).toHaveValue('Side gate');
    // The card is never kept.
    expect(screen.getByLabelText('Card number')).toHaveValue('');
  });

  it('a shopper quicker than the delivery estimate orders with the delivery they chose earlier', async () => {
    api();
    const store = guest();
    const first = render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/checkout']}>
          <CheckoutPage />
        </MemoryRouter>
      </Provider>,
    );
    await readyToPay();
    fireEvent.click(await screen.findByRole('radio', { name: /Next Working Day/ }));
    first.unmount();

    // Back on the checkout: Place Order before the delivery estimate has answered.
    let answer!: () => void;
    const slow = new Promise<void>((r) => (answer = r));
    const calls = api({
      '/cart/estimate-shipping-methods': async () => {
        await slow;
        return { body: [standard, nextDay] };
      },
    });
    renderCheckout(store);
    await screen.findByLabelText('Card number');
    expect(screen.queryByRole('radio')).toBeNull();
    fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(calls.paths()).toContain('/cart/estimate-shipping-methods'));
    await act(async () => answer());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/order/success'));
    expect(screen.queryByText('Please choose a delivery method.')).toBeNull();
    expect(calls.calls.find((c) => c.path === '/cart/save-shipping-info')!.body).toMatchObject({
      shippingMethod: { carrierCode: 'courier', methodCode: 'nextday' },
    });
  });

  it('without an earlier choice, Place Order before the estimate shows the options and places nothing', async () => {
    let answer!: () => void;
    const slow = new Promise<void>((r) => (answer = r));
    const calls = api({
      '/cart/estimate-shipping-methods': async () => {
        await slow;
        return { body: [standard, nextDay] };
      },
    });
    renderCheckout(guest());
    await screen.findByLabelText('Card number');
    fireEvent.change(screen.getByLabelText(/Email Address/), { target: { value: 'jo@example.co.uk' } });
    fillAddress(shippingGroup());
    fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(calls.paths()).toContain('/cart/estimate-shipping-methods'));
    await act(async () => answer());
    expect(await screen.findByText('Please choose a delivery method.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Standard Delivery/ })).toBeChecked();
    expect(calls.paths()).not.toContain('/cart/save-shipping-info');
    expect(screen.getByTestId('where')).toHaveTextContent('/checkout');
  });

  it('checks a separate billing address with the same rules', async () => {
    api();
    renderCheckout(guest());
    await readyToPay();
    const same = screen.getByRole('checkbox', { name: 'My billing and shipping address are the same' });
    expect(same).toBeChecked();
    fireEvent.click(same);
    const billing = screen.getByRole('group', { name: 'Billing address' });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await within(billing).findByText('First Name is required')).toBeInTheDocument();
    expect(within(shippingGroup()).queryByText('First Name is required')).toBeNull();
  });

  it('checks the card like Stripe.js before anything is sent', async () => {
    const calls = api();
    renderCheckout(guest());
    await readyToPay();
    fillCard('4242 4242 4242 4241');
    fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '0120' } });
    fireEvent.change(screen.getByLabelText('Security code'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Your card number is invalid.')).toBeInTheDocument();
    expect(screen.getByText("Your card's expiration year is in the past.")).toBeInTheDocument();
    expect(screen.getByText("Your card's security code is incomplete.")).toBeInTheDocument();
    expect(calls.paths()).not.toContain('/cart/save-shipping-info');
  });

  it('places the order: estimate, save shipping, save payment method, confirm; then clears the billing address and goes to the success page', async () => {
    const calls = api();
    const store = renderCheckout(guest());
    await readyToPay();
    fireEvent.change(screen.getByLabelText(/Anything the driver should know/), { target: { value: 'Side gate' } });
    expect(JSON.parse(localStorage.getItem('billingAddress')!)).toMatchObject({ firstname: 'Jo', postcode: 'LS11 5AB' });
    calls.calls.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/order/success'));
    expect(calls.paths()).toEqual([
      '/cart/estimate-shipping-methods',
      '/cart/save-shipping-info',
      '/cart/save-payment-info',
      '/payment/test/payment-methods',
      '/cart/confirm-order',
    ]);
    const body = (path: string) => calls.calls.find((c) => c.path === path)!.body;
    expect(body('/cart/save-shipping-info')).toMatchObject({
      cartId: 'guest-1',
      shippingMethod: { carrierCode: 'courier', methodCode: 'standard' },
      comment: 'Side gate',
      address: { firstname: 'Jo', street: ['12 Canal Wharf'], postcode: 'LS11 5AB', region_id: 5002, telephone: '0113 496 0000', email: 'jo@example.co.uk' },
    });
    expect(body('/cart/save-payment-info')).toMatchObject({ paymentMethod: 'stripe_payments', email: 'jo@example.co.uk' });
    expect(body('/payment/test/payment-methods')).toMatchObject({ card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } });
    expect(body('/cart/confirm-order')).toMatchObject({
      cartId: 'guest-1',
      payment: { method: 'stripe_payments', piPaymentMethodId: 'pm_test_abc', paymentMethodType: 'card' },
      billingAddress: { firstname: 'Jo', email: 'jo@example.co.uk' },
    });
    expect(localStorage.getItem('billingAddress')).toBeNull();
    expect(store.get(successOrderIdAtom)).toBe('REF1234567890abcdefREF');
    expect(store.get(cartAtom)).toEqual(emptyCart);
    // No basket is made after the order: the guest's next add makes one.
    expect(store.get(cartIdAtom)).toBeNull();
  });

  it('Place Order cannot submit twice', async () => {
    let release!: () => void;
    const wait = new Promise<void>((r) => (release = r));
    const calls = api({
      '/cart/confirm-order': async () => {
        await wait;
        return { body: placed() };
      },
    });
    renderCheckout(guest());
    await readyToPay();
    const button = screen.getByRole('button', { name: 'Place Order' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(calls.paths()).toContain('/cart/confirm-order'));
    expect(screen.getByText('Placing your order…')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Placing your order/ }));
    expect(screen.getByRole('button', { name: /Placing your order/ })).toBeDisabled();
    await act(async () => release());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/order/success'));
    expect(calls.paths().filter((p) => p === '/cart/confirm-order')).toHaveLength(1);
    expect(calls.paths().filter((p) => p === '/cart/save-shipping-info')).toHaveLength(1);
  });

  it('a declined card shows the message, keeps the basket and the form, and can be tried again', async () => {
    const calls = api({ '/cart/confirm-order': { status: 402, body: { error: 'Payment Required', message: 'Your card was declined.' } } });
    const store = renderCheckout(guest());
    await readyToPay();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getByTestId('where')).toHaveTextContent('/checkout');
    expect(store.get(cartIdAtom)).toBe('guest-1');
    expect(store.get(cartAtom).items).toHaveLength(1);
    expect(store.get(successOrderIdAtom)).toBeNull();
    expect(store.get(billingAddressAtom).firstname).toBe('Jo');
    expect(within(shippingGroup()).getByLabelText(/First Name/)).toHaveValue('Jo');
    const button = screen.getByRole('button', { name: 'Place Order' });
    expect(button).toBeEnabled();
    fireEvent.click(button);
    await waitFor(() => expect(calls.paths().filter((p) => p === '/cart/confirm-order')).toHaveLength(2));
  });

  it('shows a clear message when the shop cannot be reached, or a step fails', async () => {
    api({ '/cart/save-shipping-info': { status: 400, body: { error: 'Bad Request', message: 'address.postcode: Please enter a valid UK postcode', field: 'address.postcode' } } });
    renderCheckout(guest());
    await readyToPay();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Please enter a valid UK postcode$/);

    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('We could not reach the shop. Please check your connection and try again.'));
  });

  it('goes to the bank page for an extra confirmation step (test provider)', async () => {
    api({ '/cart/confirm-order': { body: placed({ status: 'requires_action', redirectUrl: '/payment-complete?payment_intent=pi_test_1&test_authentication=required' }) } });
    const store = renderCheckout(guest());
    await readyToPay();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/payment-complete?payment_intent=pi_test_1&test_authentication=required'));
    expect(store.get(successOrderIdAtom)).toBeNull();
  });

  it("prefills a signed-in customer's email and default address, and offers their saved addresses", async () => {
    const calls = api();
    const store = createStore();
    store.set(authTokenAtom, 'token-1');
    store.set(meAtom, {
      id: 7,
      firstname: 'Sam',
      lastname: 'Reed',
      email: 'sam@example.co.uk',
      group_id: 1,
      addresses: [
        { id: 1, firstname: 'Sam', lastname: 'Reed', telephone: '0161 496 0000', street: ['4 Mill Lane'], city: 'Manchester', postcode: 'M1 1AE', country_id: 'GB', region_id: 5003, default_shipping: true },
        { id: 2, firstname: 'Sam', lastname: 'Reed', telephone: '0113 496 0000', street: ['1 Site Road'], city: 'Leeds', postcode: 'LS11 5AB', country_id: 'GB', region_id: 5002, custom_attributes: [{ attribute_code: 'address_label', value: 'Site' }] },
      ],
    });
    renderCheckout(store);
    await screen.findByRole('radio', { name: /Standard Delivery/ });
    expect(screen.getByLabelText(/Email Address/)).toHaveValue('sam@example.co.uk');
    const group = shippingGroup();
    expect(within(group).getByLabelText(/Street Address \(Line 1\)/)).toHaveValue('4 Mill Lane');
    expect(screen.queryByText(/Already have an account/)).toBeNull();
    fireEvent.change(within(group).getByLabelText('Choose a saved address'), { target: { value: '2' } });
    expect(within(group).getByLabelText(/Street Address \(Line 1\)/)).toHaveValue('1 Site Road');
    expect(within(group).getByLabelText(/County\/State\/Province/)).toHaveValue('West Yorkshire');
    expect(within(group).getByRole('option', { name: 'Site: Sam Reed, 1 Site Road, Leeds, LS11 5AB' })).toBeInTheDocument();
    await waitFor(() => expect(calls.calls.filter((c) => c.path === '/cart/estimate-shipping-methods').at(-1)!.body).toMatchObject({ customerToken: 'token-1', address: { postcode: 'LS11 5AB' } }));
  });

  it('says free delivery applies once the basket reaches £250 ex VAT', async () => {
    api({ '/cart': { body: { ...basket, totals: totals({ free_delivery: { threshold: 250, remaining: 0, qualifies: true, message: 'Spend £250 ex VAT for Free 1-3 day Delivery' } }) } } });
    renderCheckout(guest());
    expect(await screen.findByText('Your order qualifies for Free 1-3 day Delivery.')).toBeInTheDocument();
  });
});
