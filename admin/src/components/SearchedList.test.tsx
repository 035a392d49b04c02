import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { CustomersPage } from '../pages/CustomersPage/CustomersPage';

// The customers list through SearchedList: rows from the answer, the search and the page kept in
// the address (so Back works), each change loading the list again.
const customer = (id: number) => ({ id, email: `c${id}@example.com`, name: `Customer ${id}`, company: null, created_at: '2026-11-27T07:00:00.000Z', disabled: id === 2, orders: id });
const answer = (body: unknown) => Promise.resolve({ ok: true, status: 200, json: async () => body } as Response);
let fetchMock: jest.Mock;
beforeEach(() => {
  fetchMock = jest.fn((url: RequestInfo | URL) => {
    const query = new URLSearchParams(String(url).split('?')[1]);
    const page = Number(query.get('page'));
    const items = query.get('q') === 'nobody' ? [] : [customer(page * 2 - 1), customer(page * 2)];
    return answer({ items, totalCount: query.get('q') ? items.length : 60, page, pageSize: 25 });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

function Address() {
  const { search } = useLocation();
  return <output aria-label="address">{search}</output>;
}

it('lists customers, searches and pages through the address, and says when nothing matches', async () => {
  render(
    <MemoryRouter initialEntries={['/customers']}>
      <Routes>
        <Route path="/customers" element={<><CustomersPage /><Address /></>} />
      </Routes>
    </MemoryRouter>,
  );
  expect(await screen.findByRole('link', { name: 'Customer 1' })).toHaveAttribute('href', '/customers/1');
  expect(screen.getByText('disabled')).toBeInTheDocument();
  expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /^New/ })).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Older' }));
  expect(await screen.findByRole('link', { name: 'Customer 3' })).toBeInTheDocument();
  expect(screen.getByLabelText('address')).toHaveTextContent('?page=2');

  await userEvent.type(screen.getByLabelText('Email, name, company or postcode'), 'nobody');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect(await screen.findByText('No customers match.')).toBeInTheDocument();
  expect(screen.getByLabelText('address')).toHaveTextContent('?q=nobody');
  expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/admin-api/customers?page=1', '/admin-api/customers?page=2', '/admin-api/customers?q=nobody&page=1']);
});
