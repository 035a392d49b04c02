import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApi } from '@shop/shared/testing';
import { renderPage } from '../../testing/renderPage';
import RecaptchaPage from './RecaptchaPage';

const challenge = { id: '4f8e2a6c-1d3b-4c5e-9f7a-0b1c2d3e4f5a', image: 'data:image/png;base64,iVBORw0KGgo=', width: 220, height: 80, expires_in: 600 };
const answer = (value: string) => fireEvent.change(screen.getByLabelText(/Please type the letters/), { target: { value } });

describe('RecaptchaPage', () => {
  it("says 'Invalid Captcha.' on a mismatch and draws a new challenge", async () => {
    const { calls } = mockApi({ '/customer/captcha': { body: challenge }, '/customer/verify-recaptcha': { body: false } });
    const { where } = renderPage(<RecaptchaPage />, { path: '/customer/account/recaptcha?returnTo=/checkout' });
    await screen.findByRole('img', { name: /Captcha/ });
    answer('wrong1');
    fireEvent.click(screen.getByRole('button', { name: /Submit/ }));
    expect(await screen.findByText('Invalid Captcha.')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/customer/captcha'))).toHaveLength(2));
    expect(where()).toBe('/customer/account/recaptcha?returnTo=/checkout');
  });

  it('continues to the page it came from, never to another site', async () => {
    mockApi({ '/customer/captcha': { body: challenge }, '/customer/verify-recaptcha': { body: true } });
    const first = renderPage(<RecaptchaPage />, { path: '/customer/account/recaptcha?returnTo=/checkout' });
    await screen.findByRole('img', { name: /Captcha/ });
    answer('AbC234');
    fireEvent.click(screen.getByRole('button', { name: /Submit/ }));
    await waitFor(() => expect(first.where()).toBe('/checkout'));
    first.view.unmount();

    const second = renderPage(<RecaptchaPage />, { path: '/customer/account/recaptcha?returnTo=//evil.example' });
    await screen.findByRole('img', { name: /Captcha/ });
    answer('AbC234');
    fireEvent.click(screen.getByRole('button', { name: /Submit/ }));
    await waitFor(() => expect(second.where()).toBe('/customer/account/login'));
  });
});
