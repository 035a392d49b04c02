import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApi } from '@shop/shared/testing';
import { bodyOf, renderPage } from '../../testing/renderPage';
import ForgotPasswordPage from './ForgotPasswordPage';

const challenge = { id: '4f8e2a6c-1d3b-4c5e-9f7a-0b1c2d3e4f5a', image: 'data:image/svg+xml;base64,PHN2Zy8+', width: 220, height: 80, expires_in: 600 };
const fill = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const paths = (calls: { url: string }[]) => calls.map((c) => c.url.replace(/^\/api/, ''));

function renderForgot() {
  return renderPage(<ForgotPasswordPage />, { path: '/customer/account/forgotpassword' });
}

describe('ForgotPasswordPage', () => {
  it("shows the server's captcha image and a new one on Reload", async () => {
    const { calls } = mockApi({ '/customer/captcha': { body: challenge } });
    renderForgot();
    const image = await screen.findByRole('img', { name: /Captcha/ });
    expect(image).toHaveAttribute('src', challenge.image);
    expect(image).toHaveAttribute('width', '220');
    expect(image).toHaveAttribute('height', '80');
    fireEvent.click(screen.getByRole('button', { name: 'Reload captcha' }));
    await waitFor(() => expect(paths(calls).filter((p) => p === '/customer/captcha')).toHaveLength(2));
  });

  it('requires the email and the captcha before asking anything', async () => {
    const { calls } = mockApi({ '/customer/captcha': { body: challenge } });
    renderForgot();
    await screen.findByRole('img', { name: /Captcha/ });
    fireEvent.click(screen.getByRole('button', { name: /Submit/ }));
    expect(await screen.findAllByText('This is a required field.')).toHaveLength(2);
    expect(paths(calls)).toEqual(['/customer/captcha']);
  });

  it("says 'Invalid Captcha.' on a mismatch, sends no reset request and draws a new challenge", async () => {
    const { calls } = mockApi({ '/customer/captcha': { body: challenge }, '/customer/verify-recaptcha': { body: false } });
    renderForgot();
    await screen.findByRole('img', { name: /Captcha/ });
    fill('Email', 'jo@example.co.uk');
    fill(/Please type the letters/, 'abcdef');
    fireEvent.click(screen.getByRole('button', { name: /Submit/ }));
    expect(await screen.findByText('Invalid Captcha.')).toBeInTheDocument();
    await waitFor(() => expect(paths(calls)).toEqual(['/customer/captcha', '/customer/verify-recaptcha', '/customer/captcha']));
    expect(bodyOf(calls[1])).toEqual({ token: challenge.id, answer: 'abcdef' });
    expect(paths(calls)).not.toContain('/customer/forgot-password');
  });

  it('sends the request with the solved challenge and goes to login with resetEmail', async () => {
    const { calls } = mockApi({
      '/customer/captcha': { body: challenge },
      '/customer/verify-recaptcha': { body: true },
      '/customer/forgot-password': { body: { status: 'success', message: 'sent' } },
    });
    const { where } = renderForgot();
    await screen.findByRole('img', { name: /Captcha/ });
    fill('Email', 'Jo@Example.co.uk');
    fill(/Please type the letters/, 'AbC234');
    fireEvent.click(screen.getByRole('button', { name: /Submit/ }));
    await waitFor(() => expect(where()).toBe('/customer/account/login?resetEmail=jo%40example.co.uk'));
    expect(bodyOf(calls.find((c) => c.url.endsWith('/forgot-password')))).toEqual({ email: 'jo@example.co.uk', captchaToken: challenge.id });
  });

  it("says 'Request for forgot password failed.' when the request fails", async () => {
    mockApi({
      '/customer/captcha': { body: challenge },
      '/customer/verify-recaptcha': { body: true },
      '/customer/forgot-password': { status: 429, body: { message: 'Too many attempts.' } },
    });
    renderForgot();
    await screen.findByRole('img', { name: /Captcha/ });
    fill('Email', 'jo@example.co.uk');
    fill(/Please type the letters/, 'AbC234');
    fireEvent.click(screen.getByRole('button', { name: /Submit/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Request for forgot password failed.');
  });
});
