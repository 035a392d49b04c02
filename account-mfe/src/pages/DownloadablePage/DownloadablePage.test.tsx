import { screen } from '@testing-library/react';
import { mockApi } from '@shop/shared/testing';
import { customer, renderPage } from '../../testing/renderPage';
import DownloadablePage from './DownloadablePage';

const path = '/downloadable/customer/products';
const item = (id: number, status: 'available' | 'pending', url: string | null) => ({
  id,
  order_id: 40 + id,
  order_increment_id: `NM-1000${id}`,
  title: `Installation guide ${id}`,
  file_name: `guide-${id}.pdf`,
  created_at: '2026-11-20T10:00:00.000Z',
  downloads_remaining: id === 1 ? null : 3,
  status,
  url,
});

describe('DownloadablePage (and the account lists)', () => {
  it('links each paid file and names the ones waiting for payment', async () => {
    mockApi({
      '/customer/downloadable-products': {
        body: { status: 'success', data: { items: [item(1, 'available', '/api/customer/downloads/1?token=t'), item(2, 'pending', null)], totalCount: 2 } },
      },
    });
    renderPage(<DownloadablePage />, { path, token: 'tok', me: customer });
    expect(screen.getByText('Loading your downloadable products...')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Installation guide 1' });
    expect(link).toHaveAttribute('href', '/api/customer/downloads/1?token=t');
    expect(link.closest('tr')).toHaveTextContent('Unlimited');
    expect(screen.queryByRole('link', { name: 'Installation guide 2' })).not.toBeInTheDocument();
    expect(screen.getByText('Installation guide 2').closest('tr')).toHaveTextContent('Pending payment');
    expect(screen.getByRole('link', { name: 'NM-10002' })).toHaveAttribute('href', '/sales/order/view/order_id/42');
  });

  it('says so plainly when there is nothing, and when the list fails', async () => {
    mockApi({ '/customer/downloadable-products': { body: { status: 'success', data: { items: [], totalCount: 0 } } } });
    const first = renderPage(<DownloadablePage />, { path, token: 'tok', me: customer });
    expect(await screen.findByText('You have not purchased any downloadable products yet.')).toBeInTheDocument();
    first.view.unmount();
    mockApi({ '/customer/downloadable-products': { status: 500, body: {} } });
    renderPage(<DownloadablePage />, { path, token: 'tok', me: customer });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your downloadable products. Please try again.');
  });
});
