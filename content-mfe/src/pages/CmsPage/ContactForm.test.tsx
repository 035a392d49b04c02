import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTACT_MESSAGES } from '@shop/shared/schemas';
import { renderAt, scriptApi } from '../../testing/render';
import { ContactForm } from './ContactForm';

// Typing is the slow part of these tests; no delay between keystrokes.
const user = userEvent.setup({ delay: null });
jest.setTimeout(20_000);

const fill = async (values: { name?: string; email?: string; phone?: string; message?: string }) => {
  if (values.name) await user.type(screen.getByLabelText(/^Name/), values.name);
  if (values.email) await user.type(screen.getByLabelText(/^Email/), values.email);
  if (values.phone) await user.type(screen.getByLabelText('Phone (optional)'), values.phone);
  if (values.message) await user.type(screen.getByLabelText(/^Message/), values.message);
};
const send = () => user.click(screen.getByRole('button', { name: 'Send Message' }));

describe('ContactForm', () => {
  it('shows the messages under the fields and sends nothing while they are wrong', async () => {
    const calls = scriptApi({});
    renderAt('/contact', '/contact', <ContactForm />);
    await send();
    expect(await screen.findByText(CONTACT_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_MESSAGES.messageRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription(CONTACT_MESSAGES.nameRequired);

    // The phone field (the shared text field) keeps digits, spaces, brackets, hyphens and + only.
    await fill({ name: 'Sam', email: 'sam@', phone: 'ring me on 123', message: 'Hello' });
    expect(screen.getByLabelText('Phone (optional)')).toHaveValue('   123');
    await send();
    expect(await screen.findByText(CONTACT_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_MESSAGES.phoneInvalid)).toBeInTheDocument();
    expect(screen.queryByText(CONTACT_MESSAGES.nameRequired)).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends the message and thanks the shopper', async () => {
    const calls = scriptApi({ '/contact/messages': { body: { status: 'success', id: 7 } } });
    renderAt('/contact', '/contact', <ContactForm />);
    await fill({ name: 'Sam Hart', email: 'sam@example.co.uk', message: 'Do you deliver on Saturdays?' });
    await send();
    expect(await screen.findByRole('status')).toHaveTextContent(CONTACT_MESSAGES.thankYou);
    expect(calls).toEqual([
      { path: '/contact/messages', body: { name: 'Sam Hart', email: 'sam@example.co.uk', phone: '', message: 'Do you deliver on Saturdays?' } },
    ]);
    expect(screen.queryByRole('button', { name: 'Send Message' })).not.toBeInTheDocument();
  });

  it('keeps what the shopper typed when sending fails', async () => {
    scriptApi({ '/contact/messages': { status: 503, body: { message: 'down' } } });
    renderAt('/contact', '/contact', <ContactForm />);
    await fill({ name: 'Sam Hart', email: 'sam@example.co.uk', phone: '0113 496 0000', message: 'Please call me back.' });
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent(CONTACT_MESSAGES.failed);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Sam Hart');
    expect(screen.getByLabelText('Phone (optional)')).toHaveValue('0113 496 0000');
    expect(screen.getByLabelText(/^Message/)).toHaveValue('Please call me back.');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('puts a field the server refused under that field, and says how long to wait when limited', async () => {
    let answer = { status: 400, body: { error: 'Bad Request', field: 'email', message: `email: ${CONTACT_MESSAGES.emailInvalid}` } };
    scriptApi({ '/contact/messages': () => answer });
    renderAt('/contact', '/contact', <ContactForm />);
    await fill({ name: 'Sam', email: 'sam@example.co.uk', message: 'Hi' });
    await send();
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(CONTACT_MESSAGES.emailInvalid));
    answer = { status: 429, body: { error: 'Too Many Requests', message: 'Too many attempts. Please wait 60 minutes and try again.' } as never };
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait 60 minutes and try again.');
  });
});
