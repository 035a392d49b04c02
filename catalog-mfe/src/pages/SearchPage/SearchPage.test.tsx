import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, scriptApi } from '../../testing/render';
import SearchPage from './SearchPage';

const hit = (id: number, name: string, type_id = 'simple') => ({ id, sku: `SKU-${id}`, name, type_id, url: `/p-${id}`, price: 10, short_description: 'Text', image: null });

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('SearchPage', () => {
  it("shows the server's results as a grid with their count", async () => {
    scriptApi({ '/products/search?q=sump&page=1&pageSize=24': { body: { q: 'sump', items: [hit(1, 'Single Sump Pump'), hit(2, 'Sump Kit', 'grouped')], page: 1, pageSize: 24, totalCount: 2 } } });
    renderAt('/search?q=sump', '/search', <SearchPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search results for "sump"');
    expect(await screen.findByText('2 products found for “sump”')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Single Sump Pump' })).toHaveAttribute('href', '/p-1');
    expect(screen.getByRole('link', { name: 'View Options for Sump Kit' })).toBeInTheDocument();
    expect(document.title).toContain('Search results for "sump"');
  });

  it('says No products found for "{term}" when nothing matches', async () => {
    scriptApi({ '/products/search?q=xyzzy&page=1&pageSize=24': { body: { q: 'xyzzy', items: [], page: 1, pageSize: 24, totalCount: 0 } } });
    renderAt('/search?q=xyzzy', '/search', <SearchPage />);
    expect(await screen.findByText('No products found for "xyzzy"')).toBeInTheDocument();
  });

  it('searches again from its own box', async () => {
    scriptApi({
      '/products/search?q=tape&page=1&pageSize=24': { body: { q: 'tape', items: [hit(3, 'Butyl Tape')], page: 1, pageSize: 24, totalCount: 1 } },
    });
    renderAt('/search', '/search', <SearchPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search our products');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search products' }), 'tape{Enter}');
    expect(await screen.findByRole('link', { name: 'Butyl Tape' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=tape');
  });

  it('says how many match in all, not how many are on the page, and pages to the last one', async () => {
    const page = (n: number, ids: number[]) => ({
      body: { q: 'hydrovault', items: ids.map((id) => hit(id, `Hydrovault ${id}`, id === 1 ? 'configurable' : 'simple')), page: n, pageSize: 24, totalCount: 53 },
    });
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    scriptApi({
      '/products/search?q=hydrovault&page=1&pageSize=24': page(1, range(1, 24)),
      '/products/search?q=hydrovault&page=2&pageSize=24': page(2, range(25, 48)),
      '/products/search?q=hydrovault&page=3&pageSize=24': page(3, range(49, 53)),
    });
    renderAt('/search?q=hydrovault', '/search', <SearchPage />);
    expect(await screen.findByText(/53 products found for “hydrovault”/)).toHaveTextContent('(showing 1–24)');
    // Configurable products are priced from their cheapest option, as on their page.
    expect(screen.getByRole('link', { name: 'Hydrovault 1' }).closest('article')).toHaveTextContent('From');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('link', { name: 'Hydrovault 53' })).toBeInTheDocument();
    expect(screen.getByText(/53 products found/)).toHaveTextContent('(showing 49–53)');
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=hydrovault&page=3');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('link', { name: 'Hydrovault 25' })).toBeInTheDocument();
  });
});
