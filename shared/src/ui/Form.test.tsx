import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Form } from './Form';

const login = (
  <Form aria-label="Sign in" onSubmit={(e) => e.preventDefault()}>
    <input name="password" type="password" aria-label="Password" />
    <button type="submit">Sign In</button>
  </Form>
);

describe('Form', () => {
  it('is sent by POST, never in a URL, with its controls disabled in the server render', () => {
    const html = renderToString(login);
    expect(html).toMatch(/^<form [^>]*method="post"/);
    expect(html).toMatch(/<fieldset [^>]*disabled=""/);
  });

  it('enables its controls once the page has hydrated', async () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(login);
    document.body.append(root);
    expect(root.querySelector('button')!.matches(':disabled')).toBe(true);
    let app!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      app = hydrateRoot(root, login);
    });
    expect(root.querySelector('button')!.matches(':disabled')).toBe(false);
    expect(root.querySelector('input')!.matches(':disabled')).toBe(false);
    act(() => app.unmount());
    root.remove();
  });

  it('is usable at once when the browser renders it', () => {
    render(login);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.getByLabelText('Password')).toBeEnabled();
  });
});
