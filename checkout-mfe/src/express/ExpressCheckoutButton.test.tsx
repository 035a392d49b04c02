import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from '@shop/shared/router';
import { addedToBasketAtom, basketOpenAtom, cartAtom, cartIdAtom } from '@shop/shared';
import { resetPaymentConfig } from '../payment/config';
import { scriptApi, type Handler } from '../test/api';
import {
  basket,
  nextDay,
  paymentMethod,
  placed,
  standard,
  stepAnswer,
  stripeConfig,
  tape,
  testConfig,
  totals,
} from '../test/fixtures';
import ExpressCheckoutButton from './ExpressCheckoutButton';
import { successOrderIdAtom } from '../checkout/checkoutState';

const mockStripe = { createPaymentMethod: jest.fn(), handleNextAction: jest.fn() };
const mockElements = { submit: jest.fn(), update: jest.fn() };
const mockExpress: { props: any; elementsOptions: any } = { props: null, elementsOptions: null };

jest.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: unknown }) => {
    mockExpress.elementsOptions = options;
    return <div>{children}</div>;
  },
  PaymentElement: () => null,
  ExpressCheckoutElement: (props: any) => {
    mockExpress.props = props;
    return <div data-testid="express-checkout-element" />;
  },
  useStripe: () => mockStripe,
  useElements: () => mockElements,
}));
jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: jest.fn(async () => mockStripe) }));

const primerLine = { sku: 'HV-PRIMER', lineSku: 'HV-PRIMER', name: 'Hydrovault Butyl Primer 1 Litre', price: 22, qty: 1, image: '/media/primer.svg', productOptions: null };
const primer = { item_id: 12, sku: 'HV-PRIMER', name: 'Hydrovault Butyl Primer 1 Litre', price: 22, qty: 1, row_total: 22 };
const withPrimer = { items: [tape, primer], total: 61, totals: totals({ subtotal: 61, subtotal_incl_tax: 73.2, tax: 12.2, grand_total: 73.2 }) };

function Where() {
  const l = useLocation();
  return <span data-testid="where">{l.pathname}</span>;
}

function api(config: unknown, handlers: Record<string, Handler> = {}) {
  return scriptApi({
    '/payment/config': { body: config },
    '/cart': { body: basket },
    '/cart/add': { body: withPrimer },
    '/cart/estimate-shipping-methods': { body: [standard, nextDay] },
    '/cart/save-shipping-info': { body: stepAnswer() },
    '/cart/save-payment-info': { body: stepAnswer() },
    '/payment/test/payment-methods': { body: paymentMethod },
    '/cart/confirm-order': { body: placed() },
    ...handlers,
  });
}

function renderButton(props: Record<string, unknown>, store = createStore()) {
  if (!store.get(cartIdAtom)) store.set(cartIdAtom, 'guest-1');
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/product']}>
        <Routes>
          <Route path="/product" element={<ExpressCheckoutButton {...props} />} />
          <Route path="*" element={<h1>Elsewhere</h1>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('ExpressCheckoutButton', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    resetPaymentConfig();
    mockExpress.props = null;
    mockStripe.createPaymentMethod.mockReset().mockResolvedValue({ paymentMethod: { id: 'pm_1Wallet', type: 'card' } });
    mockElements.submit.mockReset().mockResolvedValue({});
    mockElements.update.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  describe('with the test provider: the wallet sheet', () => {
    it('adds the product, opens the sheet with the rates, line items and total; fails without the details; pays with them', async () => {
      const calls = api(testConfig);
      const store = renderButton({ line: primerLine, context: 'product' });
      store.set(cartAtom, basket);
      fireEvent.click(await screen.findByRole('button', { name: /Express Checkout/ }));
      const sheet = await screen.findByRole('dialog', { name: 'Express Checkout' });
      expect(calls.paths()).toEqual(['/payment/config', '/cart/add', '/cart/estimate-shipping-methods']);
      // No 'Added to Basket' modal over the wallet.
      expect(store.get(addedToBasketAtom)).toBeNull();
      expect(within(sheet).getByRole('radio', { name: /Standard Delivery/ })).toBeChecked();
      expect(within(sheet).getByText('Hydrovault Butyl Primer 1 Litre')).toBeInTheDocument();
      expect(within(sheet).getByRole('button', { name: 'Pay £85.14' })).toBeInTheDocument();

      fireEvent.click(within(sheet).getByRole('button', { name: 'Pay £85.14' }));
      expect(await within(sheet).findByRole('alert')).toHaveTextContent('Unable able to proceed with payment due to missing information');
      expect(calls.paths()).not.toContain('/cart/confirm-order');

      fireEvent.change(within(sheet).getByLabelText('Email'), { target: { value: 'sam@example.co.uk' } });
      // As the checkout's phone field: letters are dropped as they are typed.
      fireEvent.change(within(sheet).getByLabelText('Phone'), { target: { value: 'tel 07700 900123' } });
      expect(within(sheet).getByLabelText('Phone')).toHaveValue(' 07700 900123');
      const ship = within(within(sheet).getByRole('group', { name: 'Shipping address' }));
      fireEvent.change(ship.getByLabelText('Full name'), { target: { value: 'Sam Reed' } });
      fireEvent.change(ship.getByLabelText('Address line 1'), { target: { value: '4 Mill Lane' } });
      fireEvent.change(ship.getByLabelText('Town or city'), { target: { value: 'Manchester' } });
      fireEvent.change(ship.getByLabelText('Postcode'), { target: { value: 'M1 1AE' } });
      fireEvent.blur(ship.getByLabelText('Postcode'));
      await waitFor(() => expect(calls.calls.filter((c) => c.path === '/cart/estimate-shipping-methods').at(-1)!.body.address.postcode).toBe('M1 1AE'));
      fireEvent.click(within(sheet).getByRole('radio', { name: /Next Working Day/ }));
      await waitFor(() => expect(within(sheet).getByRole('radio', { name: /Next Working Day/ })).toBeChecked());

      fireEvent.click(within(sheet).getByRole('button', { name: /^Pay/ }));
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/order/success'));
      const body = (path: string) => calls.calls.find((c) => c.path === path)!.body;
      expect(body('/cart/save-shipping-info')).toMatchObject({ shippingMethod: { carrierCode: 'courier', methodCode: 'nextday' }, address: { firstname: 'Sam', lastname: 'Reed', city: 'Manchester' } });
      expect(body('/payment/test/payment-methods')).toMatchObject({ card: { number: '4242424242424242' } });
      expect(body('/cart/confirm-order')).toMatchObject({ payment: { piPaymentMethodId: 'pm_test_abc' } });
      expect(store.get(successOrderIdAtom)).toBe('REF1234567890abcdefREF');
      expect(store.get(basketOpenAtom)).toBe(false);
    });

    it('is disabled, saying why, while the product page has no complete choice', async () => {
      api(testConfig);
      renderButton({ line: null, context: 'product' });
      const button = await screen.findByRole('button', { name: /Express Checkout/ });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('Choose your options above to use Express Checkout.');
    });

    it('shows nothing on an empty basket, and buys the basket from the slide-over', async () => {
      const calls = api(testConfig);
      const store = renderButton({ context: 'basket' });
      await act(async () => undefined);
      expect(screen.queryByRole('button', { name: /Express Checkout/ })).toBeNull();
      act(() => store.set(cartAtom, basket));
      fireEvent.click(await screen.findByRole('button', { name: /Express Checkout/ }));
      await screen.findByRole('dialog', { name: 'Express Checkout' });
      expect(calls.paths()).not.toContain('/cart/add');
    });

    it('says why the wallet cannot open', async () => {
      api(testConfig, { '/cart/estimate-shipping-methods': { status: 500, body: { message: 'boom' } } });
      const store = renderButton({ context: 'basket' });
      store.set(cartAtom, basket);
      fireEvent.click(await screen.findByRole('button', { name: /Express Checkout/ }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Express Checkout is not available just now. Please try again, or check out from your basket.');
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  describe('with Stripe: the Express Checkout Element (Stripe mocked)', () => {
    async function stripeButton() {
      const calls = api(stripeConfig);
      const store = renderButton({ line: primerLine, context: 'product' });
      store.set(cartAtom, basket);
      await screen.findByTestId('express-checkout-element');
      return { calls, store, props: () => mockExpress.props };
    }

    it('shows Apple Pay and Google Pay (automatic), never Link, in pence', async () => {
      const { props } = await stripeButton();
      expect(props().options.paymentMethods).toMatchObject({ applePay: 'auto', googlePay: 'auto', link: 'never' });
      // The basket (£46.80 inc VAT) plus the product (£22 + VAT).
      expect(mockExpress.elementsOptions).toMatchObject({ mode: 'payment', currency: 'gbp', amount: 4680 + 2640, paymentMethodCreation: 'manual' });
    });

    it('click: adds the product, estimates, and resolves the sheet with rates and line items', async () => {
      const { props, calls } = await stripeButton();
      const resolve = jest.fn();
      act(() => props().onClick({ resolve, reject: jest.fn(), expressPaymentType: 'apple_pay', elementType: 'expressCheckout' }));
      await waitFor(() => expect(resolve).toHaveBeenCalled());
      expect(calls.paths()).toEqual(['/payment/config', '/cart/add', '/cart/estimate-shipping-methods']);
      expect(resolve.mock.calls[0][0]).toMatchObject({
        emailRequired: true,
        phoneNumberRequired: true,
        shippingAddressRequired: true,
        billingAddressRequired: true,
        allowedShippingCountries: ['GB', 'US'],
        shippingRates: [
          { id: 'courier_standard', amount: 995, displayName: 'Courier - Standard Delivery (1-3 working days)' },
          { id: 'courier_nextday', amount: 1495, displayName: 'Courier - Next Working Day Delivery (order by 12 noon)' },
        ],
      });
      expect(mockElements.update).toHaveBeenCalledWith({ amount: 8514 });

      const addressResolve = jest.fn();
      act(() => props().onShippingAddressChange({ name: 'Sam', address: { city: 'Leeds', state: '', postal_code: 'LS11 5AB', country: 'GB' }, resolve: addressResolve, reject: jest.fn() }));
      await waitFor(() => expect(addressResolve).toHaveBeenCalled());
      expect(calls.calls.at(-1)!.body.address).toMatchObject({ postcode: 'LS11 5AB' });

      const rateResolve = jest.fn();
      act(() => props().onShippingRateChange({ shippingRate: { id: 'courier_nextday', amount: 1495, displayName: 'x' }, resolve: rateResolve, reject: jest.fn() }));
      await waitFor(() => expect(rateResolve).toHaveBeenCalled());
      expect(rateResolve.mock.calls[0][0].lineItems).toContainEqual({ name: 'Delivery: Courier - Next Working Day Delivery (order by 12 noon)', amount: 1495 });
      expect(mockElements.update).toHaveBeenLastCalledWith({ amount: 3900 + 2200 + 1495 + 1220 + 299 });
    });

    it('confirm without the details fails the sheet with the spec’s message', async () => {
      const { props, calls } = await stripeButton();
      const paymentFailed = jest.fn();
      await act(async () => props().onConfirm({ paymentFailed, expressPaymentType: 'apple_pay', billingDetails: { name: 'Sam', email: '', phone: '', address: null } }));
      expect(paymentFailed).toHaveBeenCalledWith({ reason: 'fail', message: 'Unable able to proceed with payment due to missing information' });
      expect(screen.getByRole('alert')).toHaveTextContent('Unable able to proceed with payment due to missing information');
      expect(calls.paths()).not.toContain('/cart/confirm-order');
    });

    it('confirm: submits the wallet, creates the payment method with Stripe.js, places the order and goes to the success page', async () => {
      const { props, calls, store } = await stripeButton();
      const address = { line1: '4 Mill Lane', line2: null, city: 'Manchester', state: '', postal_code: 'M1 1AE', country: 'GB' };
      await act(async () =>
        props().onConfirm({
          paymentFailed: jest.fn(),
          expressPaymentType: 'apple_pay',
          billingDetails: { name: 'Sam Reed', email: 'sam@example.co.uk', phone: '+44 7700 900123', address },
          shippingAddress: { name: 'Sam Reed', address },
          shippingRate: { id: 'courier_standard', amount: 995, displayName: 'x' },
        }),
      );
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/order/success'));
      expect(mockElements.submit).toHaveBeenCalled();
      expect(mockStripe.createPaymentMethod).toHaveBeenCalledWith({
        elements: mockElements,
        params: { billing_details: { name: 'Sam Reed', email: 'sam@example.co.uk', phone: '+44 7700 900123' } },
      });
      expect(calls.calls.find((c) => c.path === '/cart/confirm-order')!.body).toMatchObject({
        payment: { piPaymentMethodId: 'pm_1Wallet', paymentMethodType: 'apple_pay' },
      });
      expect(store.get(successOrderIdAtom)).toBe('REF1234567890abcdefREF');
    });
  });
});
