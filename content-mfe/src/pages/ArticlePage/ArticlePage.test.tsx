import { render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from '@shop/shared/router';
import userEvent from '@testing-library/user-event';
import { addedToBasketAtom, BASKET_ADD_FAILED, basketErrorAtom, cartAtom, cartCountAtom, cartIdAtom, PageDataProvider } from '@shop/shared';
import { blogPost, listItem } from '../../testing/fixtures';
import { renderAt, scriptApi } from '../../testing/render';
import ArticlePage, { loadPageData } from './ArticlePage';

const posts = [
  blogPost({ id: 3, url_key: 'newest', name: 'Newest post', publish_date: '2026-03-01T00:00:00.000Z' }),
  blogPost({ id: 2, url_key: 'fitting-a-sump-pump', name: 'Fitting a sump pump', post_content: '<h2>Before you start</h2><p>Check.</p><script>window.bad=1</script>' }),
  blogPost({ id: 1, url_key: 'oldest', name: 'Oldest post', publish_date: '2025-01-01T00:00:00.000Z' }),
];
const authors = { list: [{ id: 1, name: 'Dan Whitaker', url_key: 'dan-whitaker', job_title: 'Technical Manager', image: null, short_description: 'Dan has designed 1,500 basements.', url: '/about#dan-whitaker' }] };
const related = [
  listItem(),
  listItem({ id: 6, sku: 'HV-KIT', name: 'Sump Kit', type_id: 'grouped', url: '/sump-kit', min_price: 120, final_price: 0 }),
];

function api(add: { status?: number; body: unknown }) {
  return scriptApi({
    '/content/blog-posts': { body: { items: posts } },
    '/content/authors': { body: authors },
    '/content/blog-post/related-products/2': { body: related },
    '/cart/add': add,
  });
}

beforeEach(() => localStorage.clear());

describe('ArticlePage', () => {
  it('shows the article with breadcrumb, author box, recent articles and related products', async () => {
    api({ body: { items: [], total: 0 } });
    const { container } = renderAt('/advice/fitting-a-sump-pump', '/advice/:articlePage', <ArticlePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fitting a sump pump' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Resources' })).toHaveAttribute('href', '/advice');
    expect(screen.getByRole('heading', { level: 2, name: 'Before you start' })).toBeInTheDocument();
    expect(container.innerHTML).not.toContain('window.bad');
    expect(screen.getAllByRole('link', { name: 'Dan Whitaker' })[0]).toHaveAttribute('href', '/about#dan-whitaker');
    const author = await screen.findByRole('complementary', { name: 'About the author' });
    expect(author).toHaveTextContent('Dan has designed 1,500 basements.');
    // No portrait: the placeholder picture.
    expect(author.querySelector('img')!.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);

    const recent = screen.getByRole('navigation', { name: 'Recent Articles' });
    expect(within(recent).getAllByRole('link').map((a) => a.textContent)).toEqual(['Newest post', 'Oldest post']);

    const products = await screen.findByRole('region', { name: 'Related Products' });
    expect(within(products).getByRole('link', { name: 'View Options for Sump Kit' })).toHaveAttribute('href', '/sump-kit');
    expect(within(products).getByText('£89.00')).toBeInTheDocument();
    expect(within(products).getByText('£106.80')).toBeInTheDocument();
    expect(within(products).getByRole('spinbutton', { name: 'Quantity of Water Alarm' })).toHaveAttribute('aria-valuemin', '1');
    expect(document.title).toBe('Fitting a sump pump | Northgate Membranes');
  });

  it('adds a related product through the shared basket: line and modal at once', async () => {
    let resolveAdd: (v: { body: unknown }) => void = () => {};
    const calls = scriptApi({
      '/content/blog-posts': { body: { items: posts } },
      '/content/authors': { body: authors },
      '/content/blog-post/related-products/2': { body: related },
    });
    const fetchMock = globalThis.fetch as jest.Mock;
    const scripted = fetchMock.getMockImplementation()!;
    const addAnswer = new Promise<{ body: unknown }>((r) => (resolveAdd = r));
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (!url.endsWith('/cart/add')) return scripted(url, init);
      calls.push({ path: '/cart/add', body: JSON.parse(String(init!.body)) });
      const answer = await addAnswer;
      return { ok: true, status: 200, text: async () => JSON.stringify(answer.body) };
    });

    const { store } = renderAt('/advice/fitting-a-sump-pump', '/advice/:articlePage', <ArticlePage />);
    const qty = await screen.findByRole('spinbutton', { name: 'Quantity of Water Alarm' });
    await userEvent.clear(qty);
    await userEvent.type(qty, '3');
    await userEvent.tab();
    await userEvent.click(screen.getByRole('button', { name: 'Add to Basket: Water Alarm' }));
    // Optimistic: in the basket and the modal open before the API answers.
    await waitFor(() => expect(store.get(cartCountAtom)).toBe(3));
    expect(store.get(addedToBasketAtom)).toMatchObject({ name: 'Water Alarm' });
    // A guest's first add makes the basket in the same call (its id comes back with the answer).
    resolveAdd({ body: { items: [{ item_id: 9, sku: 'HV-ALARM', name: 'Water Alarm', price: 89, qty: 3 }], total: 267, cartId: 'guest-1' } });
    await waitFor(() => expect(store.get(cartAtom).items[0]).toMatchObject({ item_id: 9, qty: 3 }));
    expect(calls.find((c) => c.path === '/cart/add')!.body).toMatchObject({ cartId: null, productSku: 'HV-ALARM', quantity: 3 });
    expect(store.get(cartIdAtom)).toBe('guest-1');
    expect(calls.some((c) => c.path === '/cart/guest/create')).toBe(false);
  });

  it('rolls the add back when the basket refuses it', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    api({ status: 500, body: { message: 'Internal Server Error' } });
    const { store } = renderAt('/advice/fitting-a-sump-pump', '/advice/:articlePage', <ArticlePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Basket: Water Alarm' }));
    await waitFor(() => expect(store.get(basketErrorAtom)).toBe(BASKET_ADD_FAILED));
    expect(store.get(cartCountAtom)).toBe(0);
    expect(store.get(addedToBasketAtom)).toBeNull();
    expect(screen.getByRole('button', { name: 'Add to Basket: Water Alarm' })).toBeEnabled();
    error.mockRestore();
  });

  it('takes the shopper to the product page when the product has a required option', async () => {
    const calls = scriptApi({
      '/content/blog-posts': { body: { items: posts } },
      '/content/authors': { body: authors },
      '/content/blog-post/related-products/2': { body: related },
      '/products/info/5': { body: { id: 5, options: [{ is_require: true }] } },
    });
    const { store } = renderAt('/advice/fitting-a-sump-pump', '/advice/:articlePage', <ArticlePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Basket: Water Alarm' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/water-alarm');
    expect(store.get(cartCountAtom)).toBe(0);
    expect(calls.some((c) => c.path.startsWith('/cart/'))).toBe(false);
  });

  it('shows the shared not-found page for an unknown article', async () => {
    api({ body: {} });
    renderAt('/advice/no-such-article', '/advice/:articlePage', <ArticlePage />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("Sorry, we couldn't find that page");
  });

  it('starts from the page data the server rendered with, and shows another article whole after a link', async () => {
    const calls = api({ body: {} });
    const server = await loadPageData({ props: {}, params: { articlePage: 'fitting-a-sump-pump' }, query: new URLSearchParams() }, {
      get: (async (path: string) => (path === '/content/blog-posts' ? { items: posts } : path === '/content/authors' ? authors : related)) as never,
    });
    calls.length = 0;
    render(
      <Provider store={createStore()}>
        <PageDataProvider data={server}>
          <MemoryRouter initialEntries={['/advice/fitting-a-sump-pump']}>
            <Routes>
              <Route path="/advice/:articlePage" element={<ArticlePage />} />
            </Routes>
          </MemoryRouter>
        </PageDataProvider>
      </Provider>,
    );
    // The first render is the server's data: nothing fetched.
    expect(screen.getByRole('heading', { level: 2, name: 'Before you start' })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).not.toContain('/content/blog-posts');

    // The newest post's text was not in the page data; its page fetches the posts whole.
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Recent Articles' })).getByRole('link', { name: 'Newest post' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Newest post' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Before you start' })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain('/content/blog-posts');
  });
});

