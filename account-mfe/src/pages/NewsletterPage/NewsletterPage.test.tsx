import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApi } from '@shop/shared/testing';
import { bodyOf, customer, renderPage } from '../../testing/renderPage';
import NewsletterPage from './NewsletterPage';

const path = '/customer/account/newsletter';
const subscribe = () => {
  fireEvent.click(screen.getByRole('checkbox', { name: 'General Subscription' }));
  fireEvent.click(screen.getByRole('button', { name: /Save/ }));
};

describe('NewsletterPage', () => {
  it('subscribes the customer and reloads them', async () => {
    const subscribed = { ...customer, extension_attributes: { is_subscribed: true } };
    const { calls } = mockApi({
      '/contact/newsletter': { body: { success: true, error: null, status: 'subscribed', message: 'Thank you for your subscription.' } },
      '/me': { body: { status: 'success', data: { data: subscribed } } },
    });
    renderPage(<NewsletterPage />, { path, token: 'tok', me: customer });
    expect(screen.getByRole('checkbox', { name: 'General Subscription' })).not.toBeChecked();
    subscribe();
    expect(await screen.findByText('Thank you for your subscription.')).toHaveAttribute('role', 'status');
    expect(bodyOf(calls[0])).toEqual({ customerToken: 'tok', email: 'jo@example.co.uk', firstName: 'Jo', lastName: 'Bloggs', isSubscribed: true });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'General Subscription' })).toBeChecked());
  });

  it('says the user data is not available without a customer', async () => {
    const { calls } = mockApi({});
    renderPage(<NewsletterPage />, { path });
    subscribe();
    expect(await screen.findByRole('alert')).toHaveTextContent('User data not available. Cannot update newsletter subscription.');
    expect(calls).toHaveLength(0);
  });

  it("shows the server's error text, else 'Newsletter subscription update failed on the server.'", async () => {
    mockApi({ '/contact/newsletter': { status: 400, body: { message: 'email: Please enter a valid email address.' } } });
    const first = renderPage(<NewsletterPage />, { path, token: 'tok', me: customer });
    subscribe();
    expect(await screen.findByRole('alert')).toHaveTextContent('email: Please enter a valid email address.');
    first.view.unmount();
    mockApi({ '/contact/newsletter': { status: 500, body: {} } });
    renderPage(<NewsletterPage />, { path, token: 'tok', me: customer });
    subscribe();
    expect(await screen.findByRole('alert')).toHaveTextContent('Newsletter subscription update failed on the server.');
  });
});
