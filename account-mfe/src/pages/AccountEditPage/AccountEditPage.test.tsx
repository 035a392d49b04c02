import { fireEvent, screen, waitFor } from '@testing-library/react';
import { authTokenAtom } from '@shop/shared';
import { mockApi } from '@shop/shared/testing';
import { bodyOf, customer, renderPage } from '../../testing/renderPage';
import AccountEditPage from './AccountEditPage';

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const route = '/customer/account/edit/:action?';
const me = { status: 'success', data: { data: customer } };

describe('AccountEditPage', () => {
  it('fills in the customer and saves names and company without a password', async () => {
    const { calls } = mockApi({ '/update/me': { body: { status: 'success', message: 'saved' } }, '/me': { body: me } });
    renderPage(<AccountEditPage />, { path: '/customer/account/edit', route, token: 'tok', me: customer });
    expect(screen.getByLabelText('First Name')).toHaveValue('Jo');
    expect(screen.getByLabelText('Company')).toHaveValue('Bloggs Builders');
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    fill('Last Name', 'Bloggs-Smith');
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('You saved the account information.')).toHaveAttribute('role', 'status');
    expect(bodyOf(calls[0])).toEqual({ customerToken: 'tok', firstname: 'Jo', lastname: 'Bloggs-Smith', company: 'Bloggs Builders' });
  });

  it('needs the current password to change the email, and checks the new address', async () => {
    const { calls } = mockApi({});
    renderPage(<AccountEditPage />, { path: '/customer/account/edit', route, token: 'tok', me: customer });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Change Email' }));
    fill('Email', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('This is a required field.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('opens the password part at /edit/changepass and keeps the new token after a change', async () => {
    const { calls } = mockApi({
      '/update/me': { body: { status: 'success', message: 'saved', data: { token: 'new-tok' } } },
      '/me': { body: me },
    });
    const { store } = renderPage(<AccountEditPage />, { path: '/customer/account/edit/changepass', route, token: 'tok', me: customer });
    expect(screen.getByRole('checkbox', { name: 'Change Password' })).toBeChecked();
    fill('Current Password', 'Membrane2026');
    fill('New Password', 'Membrane2027');
    fill('Confirm New Password', 'Membrane2027');
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(store.get(authTokenAtom)).toBe('new-tok'));
    expect(bodyOf(calls[0])).toMatchObject({ newPassword: 'Membrane2027', currentPassword: 'Membrane2026' });
  });

  it("says 'Update failed - {message}'", async () => {
    mockApi({ '/update/me': { status: 400, body: { message: 'The current password you entered is not correct.' } } });
    renderPage(<AccountEditPage />, { path: '/customer/account/edit/changepass', route, token: 'tok', me: customer });
    fill('Current Password', 'wrong-one1');
    fill('New Password', 'Membrane2027');
    fill('Confirm New Password', 'Membrane2027');
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Update failed - The current password you entered is not correct.');
  });
});
