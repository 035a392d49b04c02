import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApi } from '@shop/shared/testing';
import { bodyOf, renderPage } from '../../testing/renderPage';
import CreatePasswordPage from './CreatePasswordPage';

const link = '/customer/account/createpassword?id=7&token=reset-abc';
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('CreatePasswordPage', () => {
  it('checks the token first: an invalid one goes to login with resetToken=invalid', async () => {
    const { calls } = mockApi({ '/customer/reset-token-validate': { body: false } });
    const { where } = renderPage(<CreatePasswordPage />, { path: link });
    await waitFor(() => expect(where()).toBe('/customer/account/login?resetToken=invalid'));
    expect(bodyOf(calls[0])).toEqual({ customerId: '7', resetToken: 'reset-abc' });
  });

  it('a link without a token is invalid too', async () => {
    mockApi({});
    const { where } = renderPage(<CreatePasswordPage />, { path: '/customer/account/createpassword' });
    await waitFor(() => expect(where()).toBe('/customer/account/login?resetToken=invalid'));
  });

  it('validates the new password, saves it and goes to login with resetSuccess', async () => {
    const { calls } = mockApi({
      '/customer/reset-token-validate': { body: true },
      '/customer/get': { body: { id: 7, firstname: 'Jo', email: 'jo@example.co.uk' } },
      '/customer/reset-password': { body: { status: 'success', message: 'You updated your password.' } },
    });
    const { where } = renderPage(<CreatePasswordPage />, { path: link });
    expect(await screen.findByText('Choose a new password for jo@example.co.uk.')).toBeInTheDocument();
    fill('New Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: /Set a New Password/ }));
    expect(await screen.findByText('Password must be at least 8 characters long and contain both letters and digits.')).toBeInTheDocument();
    fill('New Password', 'NewMembrane2027');
    fill('Confirm New Password', 'NewMembrane2028');
    fireEvent.click(screen.getByRole('button', { name: /Set a New Password/ }));
    expect(await screen.findByText('Please enter the same password again.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/reset-password'))).toBe(false);
    fill('Confirm New Password', 'NewMembrane2027');
    fireEvent.click(screen.getByRole('button', { name: /Set a New Password/ }));
    await waitFor(() => expect(where()).toBe('/customer/account/login?resetSuccess=1'));
    expect(bodyOf(calls.find((c) => c.url.endsWith('/reset-password')))).toEqual({
      email: 'jo@example.co.uk',
      password: 'NewMembrane2027',
      resetToken: 'reset-abc',
      customerId: '7',
    });
  });
});
