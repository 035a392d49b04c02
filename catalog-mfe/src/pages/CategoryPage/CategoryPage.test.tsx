import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { category, listItem } from '../../testing/fixtures';
import { renderAt, scriptApi } from '../../testing/render';
import CategoryPage from './CategoryPage';

const ROUTE = '/catalog/category/view/id/:categoryId';
const categories = {
  categories: [
    category(),
    category({ id: 103, parent_id: 104, name: 'Cavity Drain Membranes', url: '/basement-waterproofing/cavity-drain-membranes', attrs: { ...category().attrs, description: null } }),
    category({ id: 105, name: 'Sump Pumps', url: '/sump-pumps', position: 2 }),
  ],
};
const listing = (page: number, items = [listItem(), listItem({ id: 17, sku: 'HV-TAPE', name: 'Butyl Tape', type_id: 'simple', url: '/tape', price: 19.5, final_price: 17.95, min_price: 17.95 })], totalCount = 30) => ({
  body: { category: { id: 104, name: 'Basement Waterproofing', url: '/basement-waterproofing' }, items, page, pageSize: 24, totalCount, sort: 'position' },
});

function api(extra: Record<string, Parameters<typeof scriptApi>[0][string]> = {}) {
  return scriptApi({
    '/categories/': { body: categories },
    '/categories/104/products?page=1&pageSize=24': listing(1),
    '/categories/104/products?page=2&pageSize=24': listing(2, [listItem({ id: 60, sku: 'HV-DPC', name: 'DPC Cream' })]),
    '/categories/104/products?page=1&pageSize=24&sort=price': listing(1, [listItem({ id: 17, sku: 'HV-TAPE', name: 'Butyl Tape', type_id: 'simple', url: '/tape' })]),
    '/categories/bestselling-products/104': { body: { data: [listItem({ id: 27, sku: 'HV-SUMP', name: 'Single Sump Pump', type_id: 'simple', url: '/sump' })] } },
    ...extra,
  });
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('CategoryPage', () => {
  it('shows the header, count, grid with prices ex and inc VAT, best sellers and the sidebar', async () => {
    api();
    renderAt('/catalog/category/view/id/104', ROUTE, <CategoryPage />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Basement Waterproofing');
    expect(screen.getByText('Membranes, pumps and channels.')).toBeInTheDocument();
    // No image: the placeholder, with its size.
    const header = screen.getByRole('heading', { level: 1 }).closest('header')!;
    expect(header.querySelector('img')).toHaveAttribute('src', expect.stringContaining('data:image/svg+xml'));
    expect(header.querySelector('img')).toHaveAttribute('height', '400');

    const grid = await screen.findByRole('list', { name: 'Basement Waterproofing products' });
    expect(screen.getByText('Showing 1–2 of 30 products')).toBeInTheDocument();
    const tapeCard = within(grid).getByRole('link', { name: 'Butyl Tape' }).closest('article')!;
    expect(within(tapeCard).getByText('£17.95')).toBeInTheDocument();
    expect(within(tapeCard).getByText('£21.54')).toBeInTheDocument();
    expect(within(tapeCard).getByRole('button', { name: 'Add to Basket: Butyl Tape' })).toBeInTheDocument();
    expect(within(tapeCard).getByText('In stock')).toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: 'View Options for Hydrovault Cavity Drain Membrane 8mm' })).toHaveAttribute('href', '/hydrovault-cavity-drain-membrane-8mm');

    expect(await screen.findByRole('region', { name: 'Best Sellers' })).toHaveTextContent('Single Sump Pump');
    const sidebar = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(sidebar).getByRole('link', { name: 'Basement Waterproofing' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByRole('link', { name: 'Cavity Drain Membranes' })).toBeInTheDocument();
    const points = screen.getByRole('region', { name: 'Why buy from us' });
    for (const title of ['Expertise', 'Trust', 'Quality', 'Free Delivery']) expect(within(points).getByText(title)).toBeInTheDocument();
  });

  it("collapses 'More Information on {category}' until More, with Less to close it", async () => {
    api();
    renderAt('/catalog/category/view/id/104', ROUTE, <CategoryPage />);
    const section = await screen.findByRole('region', { name: 'More Information on Basement Waterproofing' });
    const more = within(section).getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(section.querySelector('[data-collapsed]')).toHaveAttribute('data-collapsed', 'true');
    await userEvent.click(more);
    expect(within(section).getByRole('button', { name: 'Less' })).toHaveAttribute('aria-expanded', 'true');
    expect(section.querySelector('[data-collapsed]')).toHaveAttribute('data-collapsed', 'false');
    await userEvent.click(within(section).getByRole('button', { name: 'Less' }));
    expect(within(section).getByRole('button', { name: 'More' })).toBeInTheDocument();
  });

  it('pages and sorts through the listing, keeping both in the address', async () => {
    const calls = api();
    renderAt('/catalog/category/view/id/104', ROUTE, <CategoryPage />);
    await screen.findByRole('list', { name: 'Basement Waterproofing products' });
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'DPC Cream' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/catalog/category/view/id/104?page=2');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Price: low to high');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/catalog/category/view/id/104?sort=price'));
    expect(calls.map((c) => c.path)).toContain('/categories/104/products?page=1&pageSize=24&sort=price');
  });

  it('shows only enabled products on website 2', async () => {
    api({
      '/categories/104/products?page=1&pageSize=24': listing(1, [
        listItem({ id: 1, name: 'Shown Membrane' }),
        listItem({ id: 2, sku: 'X-2', name: 'Disabled Membrane', status: 2 }),
        listItem({ id: 3, sku: 'X-3', name: 'Trade Counter Membrane', website_ids: [1] }),
      ]),
    });
    renderAt('/catalog/category/view/id/104', ROUTE, <CategoryPage />);
    expect(await screen.findByRole('link', { name: 'Shown Membrane' })).toBeInTheDocument();
    expect(screen.queryByText('Disabled Membrane')).not.toBeInTheDocument();
    expect(screen.queryByText('Trade Counter Membrane')).not.toBeInTheDocument();
  });

  it('is the not-found page for an unknown category', async () => {
    api();
    renderAt('/catalog/category/view/id/999', ROUTE, <CategoryPage />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("Sorry, we couldn't find that page");
  });

  it('takes the category id from its prop (URL rewrites)', async () => {
    api();
    renderAt('/sump-pumps', '/sump-pumps', <CategoryPage categoryId={105} />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Sump Pumps');
  });
});
