import { fireEvent, screen, waitFor } from '@testing-library/react';
import { authTokenAtom, cartIdAtom } from '@shop/shared';
import { mockApi } from '@shop/shared/testing';
import { bodyOf, customer, renderPage } from '../../testing/renderPage';
import CreateAccountPage from './CreateAccountPage';

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillValid() {
  fill('First Name', 'Jo');
  fill('Last Name', 'Bloggs');
  fill('Company', 'Bloggs Builders');
  fill('Email', 'Jo@Example.co.uk');
  fill('Password', 'Membrane2026');
  fill('Confirm Password', 'Membrane2026');
}

describe('CreateAccountPage', () => {
  beforeEach(() => localStorage.clear());

  it('names every missing field and sends nothing', async () => {
    const { calls } = mockApi({});
    renderPage(<CreateAccountPage />, { path: '/customer/account/create' });
    fireEvent.click(screen.getByRole('button', { name: /Create an Account/ }));
    expect(await screen.findByText('First Name is required')).toBeInTheDocument();
    expect(screen.getByText('Last Name is required')).toBeInTheDocument();
    expect(screen.getAllByText('This is a required field.').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByLabelText('First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('asks for a password with letters and digits, typed the same twice', async () => {
    mockApi({});
    renderPage(<CreateAccountPage />, { path: '/customer/account/create' });
    fillValid();
    fill('Password', 'onlyletters');
    fill('Confirm Password', 'different1');
    fireEvent.click(screen.getByRole('button', { name: /Create an Account/ }));
    expect(await screen.findByText('Password must be at least 8 characters long and contain both letters and digits.')).toBeInTheDocument();
    fill('Password', 'letters123');
    fireEvent.click(screen.getByRole('button', { name: /Create an Account/ }));
    expect(await screen.findByText('Please enter the same password again.')).toBeInTheDocument();
  });

  it('shows how strong the password looks as it is typed', () => {
    mockApi({});
    renderPage(<CreateAccountPage />, { path: '/customer/account/create' });
    expect(screen.getByText(/Password Strength/)).toHaveTextContent('Password Strength: No Password');
    fill('Password', 'abc');
    expect(screen.getByText(/Password Strength/)).toHaveTextContent('Weak');
    fill('Password', 'Membrane-2026!');
    expect(screen.getByText(/Password Strength/)).toHaveTextContent('Very Strong');
  });

  it("says 'Registration failed - {message}' with the server's message", async () => {
    mockApi({ '/register': { status: 409, body: { message: 'There is already an account with this email address.' } } });
    renderPage(<CreateAccountPage />, { path: '/customer/account/create' });
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: /Create an Account/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed - There is already an account with this email address.');
  });

  it('registers, then signs in in the spec order and merges the guest basket', async () => {
    const { calls } = mockApi({
      '/register': { body: { status: 'success', message: 'Thank you for registering.' } },
      '/login': { body: { status: 'success', data: { token: 'tok', expires_at: '2030-01-01T00:00:00Z' } } },
      '/me': { body: { status: 'success', data: { data: customer } } },
      '/cart/mine': { body: { data: { data: { items: [], total: 0 } } } },
      '/cart/merge-guest-cart': { body: { status: 'success' } },
      '/cart': { body: { items: [], total: 0 } },
    });
    const { store, where } = renderPage(<CreateAccountPage />, { path: '/customer/account/create' });
    store.set(cartIdAtom, 'guest-cart-1');
    fillValid();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sign Up for Newsletter' }));
    fireEvent.click(screen.getByRole('button', { name: /Create an Account/ }));
    await waitFor(() => expect(where()).toBe('/customer/account/index'));
    const paths = calls.map((c) => c.url.replace(/^\/api/, ''));
    expect(paths).toEqual(['/register', '/login', '/me', '/cart/mine', '/cart/merge-guest-cart', '/cart']);
    expect(bodyOf(calls[0])).toEqual({
      firstname: 'Jo',
      lastname: 'Bloggs',
      company: 'Bloggs Builders',
      email: 'jo@example.co.uk',
      password: 'Membrane2026',
      newsletter: true,
    });
    expect(bodyOf(calls[4])).toMatchObject({ customerToken: 'tok', guestCartId: 'guest-cart-1' });
    expect(store.get(authTokenAtom)).toBe('tok');
    expect(store.get(cartIdAtom)).toBeNull();
  });
});
