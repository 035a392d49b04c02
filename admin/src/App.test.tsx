import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { SessionAnswer } from '@shop/shared/backoffice';
import { App } from './App';
import { SessionProvider } from './session';

const session = (role: SessionAnswer['staff']['role'], areas: SessionAnswer['areas']): SessionAnswer => ({
  staff: { id: 1, email: `${role}@northgate.example`, role },
  csrfToken: 'csrf',
  areas,
});

function renderAt(path: string, initial: SessionAnswer | null) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider initial={initial}>
        <App />
      </SessionProvider>
    </MemoryRouter>,
  );
}

const answer = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

beforeEach(() => {
  global.fetch = jest.fn((url: RequestInfo | URL) => {
    const path = String(url);
    if (path.startsWith('/admin-api/dashboard')) return answer({ today: { orders: 0, revenue_pence: 0 }, last30: [], waitingToShip: 0 });
    return answer({ message: 'You do not have permission to do this.' }, 403);
  }) as unknown as typeof fetch;
});

describe('the back office app', () => {
  it('shows a content member only the pages their role may use', async () => {
    renderAt('/', session('content', ['dashboard']));
    const menu = await screen.findByRole('navigation', { name: 'Back office' });
    expect(menu).toHaveTextContent('Dashboard');
    expect(menu).not.toHaveTextContent('Orders');
    expect(menu).not.toHaveTextContent('Activity log');
  });

  it('shows a catalogue member the products; an orders member opening them gets the refusal', async () => {
    renderAt('/', session('catalogue', ['dashboard', 'catalogue']));
    const menu = await screen.findByRole('navigation', { name: 'Back office' });
    expect(menu).toHaveTextContent('Products');
    expect(menu).not.toHaveTextContent('Orders');
  });

  it('refuses the products pages to an orders member, without calling the API', async () => {
    renderAt('/products/7', session('orders', ['dashboard', 'orders', 'customers', 'messages']));
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do this.');
    expect(global.fetch).not.toHaveBeenCalledWith(expect.stringContaining('/admin-api/products'), expect.anything());
  });

  it('answers a page the role may not use with the refusal, without calling the API', async () => {
    renderAt('/orders', session('content', ['dashboard']));
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do this.');
    expect(global.fetch).not.toHaveBeenCalledWith(expect.stringContaining('/admin-api/orders'), expect.anything());
  });

  it('sends a signed-out visitor to the sign-in page, which asks for the 6-digit code', async () => {
    renderAt('/orders', null);
    expect(await screen.findByRole('heading', { name: 'Back office sign-in' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'owner@northgate.example');
    await userEvent.type(screen.getByLabelText('Password'), 'Backoffice2026');
    await userEvent.type(screen.getByLabelText('Code from your authenticator app'), '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    await waitFor(() => expect(global.fetch).not.toHaveBeenCalledWith('/admin-api/sign-in', expect.anything()));
  });
});
