import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { AdminReview } from '@shop/shared/backoffice';
import { ReviewsPage } from './ReviewsPage';

const review = (id: number, title: string): AdminReview => ({
  id,
  kind: 'product',
  state: 'pending',
  nickname: 'Jane',
  title,
  detail: 'Fitted in an afternoon.',
  rating: 4,
  created_at: '2026-11-27T07:00:00.000Z',
  product: { id: 7, sku: 'HV-CDM20', name: 'Hydrovault CDM 20', url: '/hydrovault-cdm-20' },
  location: null,
  customer_id: 12,
  moderation_reason: null,
  moderated_by: null,
  moderated_at: null,
});

const answer = (body: unknown, status = 200) => Promise.resolve({ ok: status >= 200 && status < 300, status, json: async () => body } as Response);
let fetchMock: jest.Mock;
beforeEach(() => {
  fetchMock = jest.fn((url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    if (path.startsWith('/admin-api/reviews?')) return answer({ items: [review(1, 'Easy to fit'), review(2, 'Rubbish')], totalCount: 2, page: 1, pageSize: 25 });
    const moderated = path.match(/^\/admin-api\/reviews\/product\/(\d)$/);
    if (moderated && init?.method === 'POST') {
      const { decision, reason } = JSON.parse(init.body as string) as { decision: string; reason?: string };
      const id = Number(moderated[1]);
      return answer({ done: true, review: { ...review(id, id === 1 ? 'Easy to fit' : 'Rubbish'), state: decision === 'approve' ? 'approved' : 'rejected', moderated_by: 'content@northgate.example', moderation_reason: reason ?? null } });
    }
    return answer({ message: 'not here' }, 404);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

it('lists pending product reviews; approve and reject (with a reason) each send their decision and show the new state', async () => {
  render(<MemoryRouter initialEntries={['/reviews']}><ReviewsPage /></MemoryRouter>);
  expect(fetchMock.mock.calls[0]![0]).toBe('/admin-api/reviews?page=1');
  const first = await screen.findByRole('article', { name: 'Review: Easy to fit' });
  await userEvent.click(within(first).getByRole('button', { name: 'Approve' }));
  expect(await within(first).findByRole('status')).toHaveTextContent('Approved: the shop shows it within 2 seconds.');
  expect(within(first).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  expect(within(first).getByText('approved')).toBeInTheDocument();

  const second = screen.getByRole('article', { name: 'Review: Rubbish' });
  await userEvent.type(within(second).getByLabelText('Reason for rejecting (optional, for staff)'), 'Not about the product.');
  await userEvent.click(within(second).getByRole('button', { name: 'Reject' }));
  expect(await within(second).findByText(/Not about the product/)).toBeInTheDocument();
  const bodies = fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST').map(([url, init]) => [url, JSON.parse((init as RequestInit).body as string)]);
  expect(bodies).toEqual([
    ['/admin-api/reviews/product/1', { decision: 'approve' }],
    ['/admin-api/reviews/product/2', { decision: 'reject', reason: 'Not about the product.' }],
  ]);
});
