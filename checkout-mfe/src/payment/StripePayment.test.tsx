import type { ReactNode } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from '@shop/shared/router';
import { cartIdAtom } from '@shop/shared';
import CheckoutPage from '../pages/CheckoutPage/CheckoutPage';
import { scriptApi, type Handler } from '../test/api';
import { basket, nextDay, placed, standard, stepAnswer, stripeConfig } from '../test/fixtures';
import { resetPaymentConfig } from './config';
import { successOrderIdAtom } from '../checkout/checkoutState';

// Stripe.js and its React pieces, mocked: the shop's side of the Stripe path is what is tested.
const mockStripe = {
  createPaymentMethod: jest.fn(),
  handleNextAction: jest.fn(),
};
const mockElements = { submit: jest.fn(), update: jest.fn() };
const mockSeen: { elementsOptions: any[]; paymentElementOptions: any; stripe: unknown[] } = { elementsOptions: [], paymentElementOptions: null, stripe: [] };

jest.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options, stripe }: { children: ReactNode; options: unknown; stripe: unknown }) => {
    mockSeen.elementsOptions.push(options);
    mockSeen.stripe.push(stripe);
    return <div data-testid="stripe-elements">{children}</div>;
  },
  PaymentElement: ({ options }: { options: unknown }) => {
    mockSeen.paymentElementOptions = options;
    return <div data-testid="payment-element" />;
  },
  ExpressCheckoutElement: () => <div data-testid="express-checkout-element" />,
  useStripe: () => mockStripe,
  useElements: () => mockElements,
}));
jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: jest.fn(async () => mockStripe) }));

function Where() {
  const l = useLocation();
  return <span data-testid="where">{l.pathname}</span>;
}

function api(handlers: Record<string, Handler> = {}) {
  return scriptApi({
    '/payment/config': { body: stripeConfig },
    '/cart': { body: basket },
    '/cart/estimate-shipping-methods': { body: [standard, nextDay] },
    '/cart/save-shipping-info': { body: stepAnswer() },
    '/cart/save-payment-info': { body: stepAnswer() },
    '/cart/confirm-order': { body: placed({ provider: 'stripe', paymentIntentId: 'pi_3Abc' }) },
    '/payment/complete': { body: placed({ provider: 'stripe', paymentIntentId: 'pi_3Abc' }) },
    '/payment/cancel-payment-intent': { body: { status: 'canceled', paymentIntentId: 'pi_3Abc', message: 'The payment was cancelled. Your basket is as you left it.', orderId: null } },
    ...handlers,
  });
}

async function renderAndFill() {
  const store = createStore();
  store.set(cartIdAtom, 'guest-1');
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
  await screen.findByTestId('payment-element');
  await screen.findByRole('radio', { name: /Standard Delivery/ });
  fireEvent.change(screen.getByLabelText(/Email Address/), { target: { value: 'jo@example.co.uk' } });
  const g = within(screen.getByRole('group', { name: 'Shipping address' }));
  fireEvent.change(g.getByLabelText(/First Name/), { target: { value: 'Jo' } });
  fireEvent.change(g.getByLabelText(/Last Name/), { target: { value: 'Bloggs' } });
  fireEvent.change(g.getByLabelText(/Street Address \(Line 1\)/), { target: { value: '12 Canal Wharf' } });
  fireEvent.change(g.getByLabelText(/^City/), { target: { value: 'Leeds' } });
  fireEvent.change(g.getByLabelText(/County\/State\/Province/), { target: { value: '5002' } });
  fireEvent.change(g.getByLabelText(/Postal Code/), { target: { value: 'LS11 5AB' } });
  fireEvent.change(g.getByLabelText(/Phone Number/), { target: { value: '0113 496 0000' } });
  // The page's own (debounced) delivery estimate for the typed postcode has been made.
  await waitFor(() =>
    expect((globalThis.fetch as jest.Mock).mock.calls.some(([url, init]) => String(url).endsWith('/estimate-shipping-methods') && String(init?.body).includes('LS11 5AB'))).toBe(true),
  );
  await screen.findByRole('radio', { name: /Standard Delivery/ });
  return store;
}

describe('the Stripe payment path (Stripe mocked)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    resetPaymentConfig();
    mockSeen.elementsOptions = [];
    mockSeen.paymentElementOptions = null;
    mockStripe.createPaymentMethod.mockReset().mockResolvedValue({ paymentMethod: { id: 'pm_1Stripe', type: 'card' } });
    mockStripe.handleNextAction.mockReset().mockResolvedValue({ paymentIntent: { id: 'pi_3Abc', status: 'succeeded' } });
    mockElements.submit.mockReset().mockResolvedValue({});
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the Payment Element: accordion layout, Link disabled, Apple Pay and Google Pay automatic, amount in pence', async () => {
    api();
    await renderAndFill();
    expect(mockSeen.paymentElementOptions).toMatchObject({
      layout: 'accordion',
      wallets: { applePay: 'auto', googlePay: 'auto', link: 'never' },
    });
    // £39 + £9.95 delivery + £9.79 VAT = £58.74 -> 5874 pence.
    expect(mockSeen.elementsOptions.at(-1)).toMatchObject({ mode: 'payment', amount: 5874, currency: 'gbp', paymentMethodCreation: 'manual' });
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('places the order with a payment method made by Stripe.js', async () => {
    const calls = api();
    const store = await renderAndFill();
    calls.calls.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/order/success'));
    expect(mockElements.submit).toHaveBeenCalledTimes(1);
    expect(mockStripe.createPaymentMethod).toHaveBeenCalledWith({
      elements: mockElements,
      params: {
        billing_details: {
          name: 'Jo Bloggs',
          email: 'jo@example.co.uk',
          phone: '0113 496 0000',
          address: { line1: '12 Canal Wharf', line2: '', city: 'Leeds', state: 'West Yorkshire', postal_code: 'LS11 5AB', country: 'GB' },
        },
      },
    });
    expect(calls.paths()).toEqual([
      '/cart/estimate-shipping-methods',
      '/cart/save-shipping-info',
      '/cart/save-payment-info',
      '/cart/confirm-order',
    ]);
    expect(calls.calls.find((c) => c.path === '/cart/confirm-order')!.body).toMatchObject({
      payment: { method: 'stripe_payments', piPaymentMethodId: 'pm_1Stripe', paymentMethodType: 'card' },
      returnUrl: 'http://localhost/payment-complete',
    });
    expect(store.get(successOrderIdAtom)).toBe('REF1234567890abcdefREF');
  });

  it('stops at the Payment Element when it reports a problem (nothing is saved)', async () => {
    mockElements.submit.mockResolvedValue({ error: { type: 'validation_error', message: 'Your card number is incomplete.' } });
    const calls = api();
    await renderAndFill();
    calls.calls.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(mockElements.submit).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());
    expect(calls.paths()).toEqual([]);
    expect(mockStripe.createPaymentMethod).not.toHaveBeenCalled();
  });

  it('runs 3-D Secure with stripe.handleNextAction, then completes the payment', async () => {
    const calls = api({
      '/cart/confirm-order': { body: placed({ status: 'requires_action', provider: 'stripe', paymentIntentId: 'pi_3Abc', clientSecret: 'pi_3Abc_secret_x' }) },
    });
    await renderAndFill();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/order/success'));
    expect(mockStripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_3Abc_secret_x' });
    expect(calls.calls.find((c) => c.path === '/payment/complete')!.body).toMatchObject({ paymentIntentId: 'pi_3Abc', cartId: 'guest-1' });
  });

  it('a failed 3-D Secure check cancels the payment, gives the basket back and says why', async () => {
    mockStripe.handleNextAction.mockResolvedValue({
      error: { type: 'card_error', message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.' },
    });
    const calls = api({
      '/cart/confirm-order': { body: placed({ status: 'requires_action', provider: 'stripe', paymentIntentId: 'pi_3Abc', clientSecret: 'pi_3Abc_secret_x' }) },
    });
    await renderAndFill();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We are unable to authenticate your payment method.');
    expect(calls.paths()).toContain('/payment/cancel-payment-intent');
    expect(screen.getByTestId('where')).toHaveTextContent('/checkout');
  });

  it('shows Stripe’s own words when the card cannot be used', async () => {
    mockStripe.createPaymentMethod.mockResolvedValue({ error: { type: 'card_error', message: 'Your card has expired.' } });
    const calls = api();
    await renderAndFill();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card has expired.');
    expect(calls.paths()).not.toContain('/cart/confirm-order');
  });
});
