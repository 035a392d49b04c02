import { render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from '@shop/shared/router';
import { authTokenAtom } from '@shop/shared';
import { saveLastOrder } from '../../checkout/lastOrder';
import { scriptApi } from '../../test/api';
import { successOrder } from '../../test/fixtures';
import OrderSuccessPage from './OrderSuccessPage';
import { emptyCheckoutAddress, successOrderIdAtom } from '../../checkout/checkoutState';

const REF = 'REF1234567890abcdefREF';

function renderPage(store = createStore()) {
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/order/success']}>
        <OrderSuccessPage />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('OrderSuccessPage', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the order reference, what was bought, delivery, totals and the email; a guest can shop on or create an account', async () => {
    const calls = scriptApi({ [`/order/${REF}`]: { body: { status: 'success', data: successOrder } } });
    const store = createStore();
    store.set(successOrderIdAtom, REF);
    renderPage(store);
    expect(await screen.findByTestId('order-number')).toHaveTextContent('100000042');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Thank you for your order, Jo');
    expect(document.title).toBe('Thank you for your order | Northgate Membranes');
    expect(screen.getByText('j***@example.co.uk')).toBeInTheDocument();
    const items = screen.getByRole('region', { name: 'What you ordered' });
    expect(within(items).getByText('Hydrovault Double-Sided Butyl Tape 50mm x 15m')).toBeInTheDocument();
    expect(within(items).getByText('£58.74')).toBeInTheDocument();
    expect(within(items).getByText('£9.79')).toBeInTheDocument();
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(delivery).toHaveTextContent('Leeds');
    expect(delivery).toHaveTextContent('LS11');
    expect(delivery).toHaveTextContent('United Kingdom');
    expect(delivery).toHaveTextContent('Courier - Standard Delivery (1-3 working days)');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Create an Account' })).toHaveAttribute('href', '/customer/account/create');
    expect(screen.queryByRole('link', { name: 'View Order' })).toBeNull();
    expect(calls.paths()).toEqual([`/order/${REF}`]);
  });

  it('in the tab that placed the order, shows the full delivery address and email typed', async () => {
    scriptApi({ [`/order/${REF}`]: { body: { status: 'success', data: successOrder } } });
    saveLastOrder({
      reference: REF,
      email: 'jo@example.co.uk',
      shippingAddress: { ...emptyCheckoutAddress, firstname: 'Jo', lastname: 'Bloggs', street: ['12 Canal Wharf'], city: 'Leeds', postcode: 'LS11 5AB' },
    });
    const store = createStore();
    store.set(successOrderIdAtom, REF);
    renderPage(store);
    const delivery = await screen.findByRole('region', { name: 'Delivery' });
    expect(delivery).toHaveTextContent('Jo Bloggs');
    expect(delivery).toHaveTextContent('12 Canal Wharf');
    expect(screen.getByText('jo@example.co.uk')).toBeInTheDocument();
  });

  it("a customer gets a link to the order in their account", async () => {
    const calls = scriptApi({
      [`/order/${REF}`]: { body: { status: 'success', data: successOrder } },
      '/orders/list': {
        body: {
          status: 'success',
          data: {
            items: [{ entity_id: 57, increment_id: '100000042', created_at: '', status: 'processing', status_label: 'Processing', grand_total: 58.74, currency: 'GBP', total_qty: 2, ship_to: 'Jo' }],
            totalCount: 1,
            page: 1,
            pageSize: 20,
          },
        },
      },
    });
    const store = createStore();
    store.set(successOrderIdAtom, REF);
    store.set(authTokenAtom, 'token-1');
    renderPage(store);
    await waitFor(() => expect(screen.getByRole('link', { name: 'View Order' })).toHaveAttribute('href', '/sales/order/view/order_id/57'));
    expect(screen.queryByRole('link', { name: 'Create an Account' })).toBeNull();
    expect(calls.calls.find((c) => c.path === '/orders/list')!.body).toMatchObject({ customerToken: 'token-1' });
  });

  it('without a recent order says so', () => {
    scriptApi({});
    renderPage();
    expect(screen.getByText('There is no recent order to show in this browser tab.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });
});
