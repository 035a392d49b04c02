import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApi } from '@shop/shared/testing';
import { bodyOf, customer, renderPage } from '../../testing/renderPage';
import EmailNotificationsPage from './EmailNotificationsPage';

const answer = (abandoned: boolean) => ({
  body: {
    status: 'success',
    email: 'j***@example.co.uk',
    data: [
      { eventCode: 'abandoned_cart', label: 'Reminders about items left in your basket', isSubscribed: abandoned },
      { eventCode: 'order_status', label: 'Updates about your orders', isSubscribed: true },
    ],
  },
});

describe('EmailNotificationsPage', () => {
  it('opens from the signed unsubscribe link without signing in, and saves with that token', async () => {
    const { calls } = mockApi({
      '/customer/get-email-subscriptions': answer(true),
      '/customer/save-email-subscriptions': answer(false),
    });
    renderPage(<EmailNotificationsPage />, { path: '/aw_followupemail2/unsubscribe?token=signed.abc' });
    expect(await screen.findByText('Emails we may send to j***@example.co.uk')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'My Account' })).not.toBeInTheDocument();
    const reminders = screen.getByRole('checkbox', { name: 'Reminders about items left in your basket' });
    expect(reminders).toBeChecked();
    fireEvent.click(reminders);
    fireEvent.click(screen.getByRole('button', { name: /^Save/ }));
    expect(await screen.findByText('Your email notification settings have been saved.')).toBeInTheDocument();
    expect(bodyOf(calls[0])).toEqual({ unsubscribeToken: 'signed.abc' });
    expect(bodyOf(calls[1])).toEqual({
      unsubscribeToken: 'signed.abc',
      subscriptions: [
        { eventCode: 'abandoned_cart', isSubscribed: false },
        { eventCode: 'order_status', isSubscribed: true },
      ],
    });
  });

  it('signed in, shows the account menu and unsubscribes from all', async () => {
    const { calls } = mockApi({ '/customer/get-email-subscriptions': answer(true), '/customer/save-email-subscriptions': answer(false) });
    renderPage(<EmailNotificationsPage />, { path: '/aw_followupemail2/unsubscribe', token: 'tok', me: customer });
    expect(screen.getByRole('navigation', { name: 'My Account' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe from all' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(bodyOf(calls[1])).toMatchObject({ customerToken: 'tok', subscriptions: [{ isSubscribed: false }, { isSubscribed: false }] });
  });

  it('sends a shopper with neither a login nor a link to sign in', async () => {
    mockApi({});
    const { where } = renderPage(<EmailNotificationsPage />, { path: '/aw_followupemail2/unsubscribe' });
    await waitFor(() => expect(where()).toBe('/customer/account/login'));
  });
});
