import { screen, waitFor } from '@testing-library/react';
import { mockApi } from '@shop/shared/testing';
import { bodyOf, customer, renderPage } from '../../testing/renderPage';
import OrdersPage from './OrdersPage';

const order = (n: number) => ({
  entity_id: n,
  increment_id: `NM-${100000 + n}`,
  created_at: '2026-11-20T10:00:00.000Z',
  status: 'processing',
  status_label: 'Processing',
  grand_total: 58.74,
  currency: 'GBP',
  total_qty: 3,
  ship_to: 'Jo Bloggs',
});
const list = (items: unknown[], totalCount: number, page = 1) => ({
  body: { status: 'success', data: { items, totalCount, page, pageSize: 10 } },
});
const signedIn = { token: 'tok', me: customer };

describe('OrdersPage', () => {
  it('says it is loading, then lists the orders with a link to each', async () => {
    mockApi({ '/orders/list': list([order(1), order(2)], 2) });
    renderPage(<OrdersPage />, { path: '/sales/order/history', ...signedIn });
    expect(screen.getByText('Loading your orders...')).toBeInTheDocument();
    const row = (await screen.findByText('NM-100001')).closest('tr')!;
    expect(row).toHaveTextContent('20/11/2026');
    expect(row).toHaveTextContent('£58.74');
    expect(row).toHaveTextContent('Processing');
    expect(screen.getByRole('link', { name: 'View Order NM-100001' })).toHaveAttribute('href', '/sales/order/view/order_id/1');
    expect(screen.queryByRole('navigation', { name: 'Order pages' })).toHaveTextContent('page 1 of 1');
  });

  it("shows each parcel's carrier and tracking number under the status, and a refunded order as Closed", async () => {
    const shipped = { ...order(3), status: 'complete', status_label: 'Complete', tracking: [{ carrier: 'DPD', tracking_number: '15501234567890' }, { carrier: 'Royal Mail', tracking_number: 'RM123456785GB' }] };
    const closed = { ...order(4), status: 'closed', status_label: 'Closed', tracking: [] };
    mockApi({ '/orders/list': list([shipped, closed], 2) });
    renderPage(<OrdersPage />, { path: '/sales/order/history', ...signedIn });
    const row = (await screen.findByText('NM-100003')).closest('tr')!;
    expect(row).toHaveTextContent('CompleteDPD, tracking number 15501234567890Royal Mail, tracking number RM123456785GB');
    expect(screen.getByText('NM-100004').closest('tr')).toHaveTextContent('Closed');
  });

  it('asks for 10 a page and pages through them', async () => {
    const { calls } = mockApi({ '/orders/list': list(Array.from({ length: 10 }, (_, i) => order(i + 11)), 23, 2) });
    renderPage(<OrdersPage />, { path: '/sales/order/history?p=2', ...signedIn });
    expect(await screen.findByText('23 orders, page 2 of 3')).toBeInTheDocument();
    expect(bodyOf(calls[0])).toEqual({ customerToken: 'tok', page: 2, pageSize: 10 });
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/sales/order/history?p=1');
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/sales/order/history?p=3');
  });

  it('says so plainly when there are no orders', async () => {
    mockApi({ '/orders/list': list([], 0) });
    renderPage(<OrdersPage />, { path: '/sales/order/history', ...signedIn });
    expect(await screen.findByText('You have placed no orders.')).toBeInTheDocument();
  });

  it('names an answer of the wrong shape', async () => {
    mockApi({ '/orders/list': { body: { status: 'success', data: { rows: [] } } } });
    renderPage(<OrdersPage />, { path: '/sales/order/history', ...signedIn });
    expect(await screen.findByRole('alert')).toHaveTextContent('Orders data not found or in unexpected format from API.');
  });

  it("says 'Could not retrieve your orders.' when the call fails, with no list", async () => {
    mockApi({ '/orders/list': { status: 500, body: {} } });
    renderPage(<OrdersPage />, { path: '/sales/order/history', ...signedIn });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not retrieve your orders.');
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
  });
});
