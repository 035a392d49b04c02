import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from '@shop/shared/router';
import { cartIdAtom } from '@shop/shared';
import { scriptApi, type Handler } from '../../test/api';
import { basket, placed } from '../../test/fixtures';
import PaymentCompletePage from './PaymentCompletePage';
import { shippingAddressAtom, successOrderIdAtom, emptyCheckoutAddress, billingAddressAtom } from '../../checkout/checkoutState';

function Where() {
  const l = useLocation();
  return <span data-testid="where">{l.pathname + l.search}</span>;
}

function renderAt(url: string, store = createStore()) {
  store.set(cartIdAtom, 'guest-1');
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/payment-complete" element={<PaymentCompletePage />} />
          <Route path="*" element={<h1>Elsewhere</h1>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const api = (handlers: Record<string, Handler>) =>
  scriptApi({ '/cart': { body: basket }, ...handlers });

describe('PaymentCompletePage', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it("says 'Confirming payment...' while the order is finished, then goes to the success page", async () => {
    let release!: () => void;
    const wait = new Promise<void>((r) => (release = r));
    const calls = api({
      '/payment/complete': async () => {
        await wait;
        return { body: placed() };
      },
    });
    const store = createStore();
    store.set(billingAddressAtom, { ...emptyCheckoutAddress, firstname: 'Jo' });
    store.set(shippingAddressAtom, { ...emptyCheckoutAddress, firstname: 'Jo', street: ['1 High St'] });
    renderAt('/payment-complete?payment_intent=pi_test_1&redirect_status=succeeded', store);
    expect(await screen.findByText('Confirming payment...')).toBeInTheDocument();
    await act(async () => release());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/order\/success$/));
    expect(calls.calls.find((c) => c.path === '/payment/complete')!.body).toEqual({ paymentIntentId: 'pi_test_1', customerToken: null, cartId: 'guest-1' });
    expect(store.get(successOrderIdAtom)).toBe('REF1234567890abcdefREF');
    expect(localStorage.getItem('billingAddress')).toBeNull();
    expect(calls.paths().filter((p) => p === '/payment/complete')).toHaveLength(1);
  });

  it('a failed step says why and leads back to the checkout with the basket given back', async () => {
    api({
      '/payment/complete': {
        status: 402,
        body: { message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.' },
      },
    });
    const store = renderAt('/payment-complete?payment_intent=pi_test_1&redirect_status=failed');
    expect(await screen.findByRole('alert')).toHaveTextContent('We are unable to authenticate your payment method.');
    expect(screen.getByRole('link', { name: 'Return to checkout' })).toHaveAttribute('href', '/checkout');
    expect(store.get(successOrderIdAtom)).toBeNull();
  });

  it("shows the test provider's bank page, and completing it comes back to confirm", async () => {
    const calls = api({
      '/payment/test/authenticate': { body: { paymentIntentId: 'pi_test_1', status: 'succeeded', returnUrl: '/payment-complete?payment_intent=pi_test_1&redirect_status=succeeded' } },
      '/payment/complete': { body: placed() },
    });
    renderAt('/payment-complete?payment_intent=pi_test_1&payment_intent_client_secret=s&test_authentication=required');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Confirm your payment');
    expect(calls.paths()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Complete authentication' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/order\/success$/));
    expect(calls.paths()).toEqual(['/payment/test/authenticate', '/payment/complete']);
    expect(calls.calls[0]!.body).toEqual({ paymentIntentId: 'pi_test_1', outcome: 'complete' });
  });

  it('cancelling the step gives the basket back', async () => {
    const calls = api({
      '/payment/cancel-payment-intent': { body: { status: 'canceled', paymentIntentId: 'pi_test_1', message: 'The payment was cancelled. Your basket is as you left it.', orderId: null } },
    });
    renderAt('/payment-complete?payment_intent=pi_test_1&test_authentication=required');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The payment was cancelled. Your basket is as you left it.');
    expect(calls.calls[0]).toMatchObject({ path: '/payment/cancel-payment-intent', body: { paymentIntentId: 'pi_test_1', cartId: 'guest-1' } });
  });

  it('without a payment says there is nothing to confirm', () => {
    api({});
    renderAt('/payment-complete');
    expect(screen.getByText('There is no payment to confirm here.')).toBeInTheDocument();
  });
});
