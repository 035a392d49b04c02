import { screen, within } from '@testing-library/react';
import { mockApi } from '@shop/shared/testing';
import { customer, renderPage } from '../../testing/renderPage';
import OrderViewPage from './OrderViewPage';

const address = {
  firstname: 'Jo',
  lastname: 'Bloggs',
  company: null,
  street: ['12 Canal Wharf'],
  city: 'Leeds',
  region: 'West Yorkshire',
  region_id: 5002,
  region_code: 'WYK',
  postcode: 'LS11 5AB',
  country_id: 'GB',
  telephone: '0113 496 0000',
};
const order = {
  entity_id: 5,
  increment_id: 'NM-100005',
  status: 'processing',
  status_label: 'Processing',
  created_at: '2026-11-20T10:00:00.000Z',
  customer_email: 'jo@example.co.uk',
  customer_firstname: 'Jo',
  customer_lastname: 'Bloggs',
  currency: 'GBP',
  subtotal: 40,
  discount_amount: 0,
  shipping_amount: 8.95,
  tax_amount: 9.79,
  grand_total: 58.74,
  shipping_description: 'Courier - Standard Delivery',
  shipping_method: { carrier_code: 'courier', method_code: 'standard' },
  payment: { method: 'stripe_payments', title: 'Credit / debit card' },
  customer_note: null,
  items: [
    {
      item_id: 1,
      sku: 'HV-CDM8-20',
      name: 'Hydrovault CDM 8 Cavity Drain Membrane',
      qty_ordered: 2,
      price: 20,
      price_incl_tax: 24,
      tax_percent: 20,
      tax_amount: 8,
      row_total: 40,
      row_total_incl_tax: 48,
      options: [{ label: 'Roll Size', value: '2m x 20m' }],
    },
  ],
  shipping_address: address,
  billing_address: { ...address, street: ['1 Office Row'] },
  status_history: [],
};
const path = '/sales/order/view/order_id/5';
const route = '/sales/order/view/order_id/:orderId';

describe('OrderViewPage', () => {
  it('shows the lines with options, totals with delivery and VAT, addresses, payment and status', async () => {
    mockApi({ '/customer/order/5': { body: { status: 'success', data: order } } });
    renderPage(<OrderViewPage />, { path, route, token: 'tok', me: customer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order # NM-100005' })).toBeInTheDocument();
    expect(screen.getByText('Processing')).toBeInTheDocument();
    const line = screen.getByText('Hydrovault CDM 8 Cavity Drain Membrane').closest('tr')!;
    expect(line).toHaveTextContent('Roll Size');
    expect(line).toHaveTextContent('2m x 20m');
    expect(line).toHaveTextContent('£40.00');
    const totals = screen.getByLabelText('Order totals');
    expect(within(totals).getByText('Delivery (ex VAT)').nextSibling).toHaveTextContent('£8.95');
    expect(within(totals).getByText('VAT (20%)').nextSibling).toHaveTextContent('£9.79');
    expect(within(totals).getByText('Order Total (inc VAT)').nextSibling).toHaveTextContent('£58.74');
    expect(screen.getByRole('region', { name: 'Shipping Address' })).toHaveTextContent('12 Canal Wharf');
    expect(screen.getByRole('region', { name: 'Billing Address' })).toHaveTextContent('1 Office Row');
    expect(screen.getByRole('region', { name: 'Payment Method' })).toHaveTextContent('Credit / debit card');
    expect(screen.getByRole('button', { name: 'Print Order' })).toBeInTheDocument();
  });

  it('shows the parcels sent with their tracking numbers, and the messages from the shop', async () => {
    const shipped = {
      ...order,
      status: 'complete',
      status_label: 'Complete',
      shipments: [
        { carrier: 'DPD', tracking_number: '15501234567890', created_at: '2026-11-21T09:00:00.000Z', items: [{ sku: 'HV-CDM8-20', name: 'Hydrovault CDM 8 Cavity Drain Membrane', qty: 2 }] },
      ],
      comments: [{ comment: 'Your membrane leaves our warehouse today.', created_at: '2026-11-21T08:00:00.000Z' }],
    };
    mockApi({ '/customer/order/5': { body: { status: 'success', data: shipped } } });
    renderPage(<OrderViewPage />, { path, route, token: 'tok', me: customer });
    const parcels = await screen.findByRole('region', { name: 'Shipments' });
    expect(parcels).toHaveTextContent('DPD, tracking number 15501234567890');
    expect(parcels).toHaveTextContent('2 × Hydrovault CDM 8 Cavity Drain Membrane');
    expect(screen.getByRole('region', { name: 'Messages about this order' })).toHaveTextContent('Your membrane leaves our warehouse today.');
  });

  it('shows no shipments section before anything has shipped', async () => {
    mockApi({ '/customer/order/5': { body: { status: 'success', data: order } } });
    renderPage(<OrderViewPage />, { path, route, token: 'tok', me: customer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order # NM-100005' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Shipments' })).toBeNull();
  });

  it.each([403, 404])("says the order is not found or not theirs on %i", async (status) => {
    mockApi({ '/customer/order/5': { status, body: { message: 'Order not found' } } });
    renderPage(<OrderViewPage />, { path, route, token: 'tok', me: customer });
    expect(await screen.findByRole('alert')).toHaveTextContent("Order not found or you're not authorized to view it.");
  });

  it('names an answer of the wrong shape, and a server failure', async () => {
    mockApi({ '/customer/order/5': { body: { status: 'success', data: { id: 5 } } } });
    const first = renderPage(<OrderViewPage />, { path, route, token: 'tok', me: customer });
    expect(await screen.findByRole('alert')).toHaveTextContent('Order data not found in API response or invalid structure.');
    first.view.unmount();
    mockApi({ '/customer/order/5': { status: 502, body: {} } });
    renderPage(<OrderViewPage />, { path, route, token: 'tok', me: customer });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch order details from API.');
  });
});
