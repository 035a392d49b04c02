import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { loadSanitizer, resetSanitizerForTests, SafeHtml } from './SafeHtml';

const DIRTY = '<p>Dry <b>walls</b></p><img src=x onerror="alert(1)"><script>alert(2)</script>';

describe('SafeHtml', () => {
  afterEach(() => resetSanitizerForTests());

  it('renders the HTML sanitised', async () => {
    await loadSanitizer();
    const { container } = render(<SafeHtml html={DIRTY} className="prose" />);
    expect(container.querySelector('.prose')!.innerHTML).toBe('<p>Dry <b>walls</b></p><img>');
  });

  it('loads the sanitiser when the browser first has HTML to render, and shows nothing unsanitised meanwhile', async () => {
    resetSanitizerForTests();
    const { container } = render(<SafeHtml html={DIRTY} />);
    expect(container.firstElementChild!.innerHTML).toBe('');
    await act(async () => {
      await loadSanitizer();
    });
    expect(screen.getByText('walls')).toBeInTheDocument();
    expect(container.innerHTML).not.toMatch(/onerror|script/);
  });

  it('keeps the HTML the server rendered while hydrating and after, without the sanitiser, and sanitises new HTML', async () => {
    // The server's render (sanitiser loaded there), then the browser hydrating without it.
    await loadSanitizer();
    const server = renderToString(<SafeHtml html={DIRTY} />);
    resetSanitizerForTests();
    const root = document.createElement('div');
    root.innerHTML = server;
    document.body.append(root);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    let app!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      app = hydrateRoot(root, <SafeHtml html={DIRTY} />);
    });
    const div = root.firstElementChild!;
    expect(div.innerHTML).toBe('<p>Dry <b>walls</b></p><img>');
    expect(errors).not.toHaveBeenCalled();
    // Nothing was loaded for it.
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(div.innerHTML).toBe('<p>Dry <b>walls</b></p><img>');

    // The page changes its HTML: sanitised in the browser.
    await act(async () => {
      app.render(<SafeHtml html={'<p>New <i>text</i></p><iframe src="https://x.example"></iframe>'} />);
      await loadSanitizer();
    });
    expect(root.firstElementChild!.innerHTML).toBe('<p>New <i>text</i></p>');
    errors.mockRestore();
    act(() => app.unmount());
    root.remove();
  });
});
