import { fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from '@shop/shared/router';
import { authTokenAtom } from '@shop/shared';
import { mockApi } from '@shop/shared/testing';
import LoginPage from './LoginPage';

function Where() {
  const l = useLocation();
  return <span data-testid="where">{l.pathname + l.search}</span>;
}

function renderLogin(path = '/customer/account/login', store = createStore()) {
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/customer/account/login" element={<LoginPage />} />
          <Route path="*" element={<h1>Elsewhere</h1>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const me = { id: 3, firstname: 'Jo', lastname: 'Bloggs', email: 'jo@example.co.uk', group_id: 1, addresses: [] };

describe('LoginPage', () => {
  beforeEach(() => localStorage.clear());

  it('shows the reset-link notice from resetEmail, then takes the parameter out of the address', async () => {
    renderLogin('/customer/account/login?resetEmail=jo%40example.co.uk');
    expect(screen.getByRole('status')).toHaveTextContent(
      'If there is an account associated with jo@example.co.uk you will receive an email with a link to reset your password.',
    );
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/customer\/account\/login$/);
  });

  it('shows the password-updated and invalid-token notices', () => {
    renderLogin('/customer/account/login?resetSuccess=1');
    expect(screen.getByRole('status')).toHaveTextContent('You updated your password.');
  });

  it('says the reset token is invalid', () => {
    renderLogin('/customer/account/login?resetToken=invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('Your reset token is invalid.');
  });

  it('refuses wrong credentials with the message and red outlines', async () => {
    mockApi({ '/login': { status: 401, body: { message: 'Invalid login' } } });
    renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jo@example.co.uk' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-pass1' } });
    fireEvent.click(screen.getByRole('button', { name: /Sign In/ }));
    expect(await screen.findByText('Invalid login credentials. Please check and try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('validates before sending anything', async () => {
    const { calls } = mockApi({});
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: /Sign In/ }));
    expect(await screen.findAllByText('This is a required field.')).not.toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it('signs in and goes to the account dashboard', async () => {
    mockApi({
      '/login': { body: { status: 'success', data: { token: 'tok', expires_at: '2030-01-01T00:00:00Z' } } },
      '/me': { body: { status: 'success', data: { data: me } } },
      '/cart/mine': { body: { data: { data: { items: [], total: 0 } } } },
      '/cart': { body: { items: [], total: 0 } },
    });
    const store = renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jo@example.co.uk' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-pass1' } });
    fireEvent.click(screen.getByRole('button', { name: /Sign In/ }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/customer/account/index');
    expect(store.get(authTokenAtom)).toBe('tok');
  });

  it('shows and hides the password', () => {
    renderLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });
});
