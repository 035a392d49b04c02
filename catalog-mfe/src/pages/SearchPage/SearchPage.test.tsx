import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, scriptApi } from '../../testing/render';
import SearchPage from './SearchPage';

const hit = (id: number, name: string, type_id = 'simple') => ({ id, sku: `SKU-${id}`, name, type_id, url: `/p-${id}`, price: 10, short_description: 'Text', image: null });

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('SearchPage', () => {
  it("shows the server's results as a grid with their count", async () => {
    scriptApi({ '/products/search?q=sump&limit=50': { body: { q: 'sump', items: [hit(1, 'Single Sump Pump'), hit(2, 'Sump Kit', 'grouped')] } } });
    renderAt('/search?q=sump', '/search', <SearchPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search results for "sump"');
    expect(await screen.findByText('2 products found for “sump”')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Single Sump Pump' })).toHaveAttribute('href', '/p-1');
    expect(screen.getByRole('link', { name: 'View Options for Sump Kit' })).toBeInTheDocument();
    expect(document.title).toContain('Search results for "sump"');
  });

  it('says No products found for "{term}" when nothing matches', async () => {
    scriptApi({ '/products/search?q=xyzzy&limit=50': { body: { q: 'xyzzy', items: [] } } });
    renderAt('/search?q=xyzzy', '/search', <SearchPage />);
    expect(await screen.findByText('No products found for "xyzzy"')).toBeInTheDocument();
  });

  it('searches again from its own box', async () => {
    scriptApi({
      '/products/search?q=tape&limit=50': { body: { q: 'tape', items: [hit(3, 'Butyl Tape')] } },
    });
    renderAt('/search', '/search', <SearchPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search our products');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search products' }), 'tape{Enter}');
    expect(await screen.findByRole('link', { name: 'Butyl Tape' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=tape');
  });
});
