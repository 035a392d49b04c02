import { screen, within } from '@testing-library/react';
import type { Category } from '@shop/shared';
import { blogPost, cmsPage } from '../../testing/fixtures';
import { renderAt, scriptApi } from '../../testing/render';
import HomePage, { textColourOn } from './HomePage';

const category = (id: number, name: string, over: Partial<Category> = {}): Category => ({
  id,
  parent_id: null,
  name,
  url: `/${name.toLowerCase().replace(/ /g, '-')}`,
  position: id,
  include_in_menu: true,
  productSkus: [],
  product_count: 3,
  attrs: {
    meta_title: null,
    meta_description: null,
    image: null,
    icon: `/media/catalog/category/icons/${id}.svg`,
    description: null,
    custom_short_description: `All about ${name}.`,
    url_key: name,
    url_path: name,
  },
  ...over,
});

const featured = {
  id: 1,
  product_id: 9,
  sku: 'HV-20',
  url: '/hv-20',
  name: 'Hydrovault 20 Membrane',
  image: '/media/hv20.svg',
  strapline: 'Our best-selling cavity drain membrane',
  sashText: 'Best Seller',
  sashColour: '#f2d024',
  buttonText: 'Buy Now',
  price: 120,
  final_price: 110,
};

describe('HomePage', () => {
  beforeEach(() => {
    scriptApi({
      '/content/cms-pages': {
        body: { items: [cmsPage({ identifier: 'home', title: 'Home', meta_title: 'Northgate Membranes | Basement Waterproofing', meta_description: 'Membranes and advice.', content_heading: 'Keeping buildings dry since 2009', content: '<p>Independent since 2009.</p>' })] },
      },
      '/categories/': {
        body: { categories: [category(102, 'Damp Proofing'), category(103, 'Tanking', { parent_id: 104 }), category(104, 'Basement Waterproofing'), category(110, 'Condensation and Mould')] },
      },
      '/products/featured': { body: [featured] },
      '/content/blog-posts': { body: { items: [1, 2, 3, 4, 5].map((id) => blogPost({ id, url_key: `post-${id}`, name: `Post ${id}` })) } },
      '/reviews?pageSize=20': {
        body: { items: [{ id: 1, nickname: 'Jo', title: 'Great service', detail: 'Fast.', rating: 5, created_at: '2026-01-01T00:00:00Z', location: null }], average: 5, count: 1, page: 1, pageSize: 20 },
      },
    });
  });

  it('takes its title and description from the CMS home page', async () => {
    renderAt('/', '/', <HomePage />);
    await screen.findByText('Independent since 2009.');
    expect(document.title).toBe('Northgate Membranes | Basement Waterproofing');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Membranes and advice.');
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost/');
  });

  it('shows top-level category tiles with icons for the icon ids and Shop Now links', async () => {
    renderAt('/', '/', <HomePage />);
    const tiles = await screen.findByRole('region', { name: 'Shop by category' });
    const names = within(tiles).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(names).toEqual(['Damp Proofing', 'Basement Waterproofing', 'Condensation and Mould']);
    expect(within(tiles).getByRole('link', { name: 'Shop Now for Damp Proofing' })).toHaveAttribute('href', '/damp-proofing');
    expect(within(tiles).getByText('All about Damp Proofing.')).toBeInTheDocument();
    const icons = Array.from(tiles.querySelectorAll('img')).map((img) => img.getAttribute('src'));
    expect(icons).toEqual(['/media/catalog/category/icons/102.svg', '/media/catalog/category/icons/104.svg']);
  });

  it('shows the featured strip, selling points, Resources tile and the newest 4 posts', async () => {
    renderAt('/', '/', <HomePage />);
    const strip = await screen.findByRole('region', { name: 'Featured products' });
    expect(within(strip).getByRole('heading', { name: 'Hydrovault 20 Membrane' })).toBeInTheDocument();
    expect(within(strip).getByText('Our best-selling cavity drain membrane')).toBeInTheDocument();
    const sash = within(strip).getByText('Best Seller');
    expect(sash).toHaveStyle({ background: '#f2d024', color: '#000' });
    expect(within(strip).getByRole('link', { name: 'Buy Now: Hydrovault 20 Membrane' })).toHaveAttribute('href', '/hv-20');

    const points = screen.getByRole('region', { name: 'Why buy from us' });
    expect(within(points).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Expertise', 'Trust', 'Quality', 'Free Delivery']);
    expect(within(points).getByText('Spend £250 ex VAT for Free 1-3 day Delivery')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Resources' })).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/advice');

    const posts = await screen.findByRole('region', { name: 'Latest advice' });
    expect(within(posts).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Post 1', 'Post 2', 'Post 3', 'Post 4']);
    expect(await screen.findByRole('region', { name: 'What our customers say' })).toBeInTheDocument();
  });

  it('loads only the hero image eagerly, with its size given', async () => {
    const { container } = renderAt('/', '/', <HomePage />);
    await screen.findByRole('region', { name: 'Latest advice' });
    const eager = Array.from(container.querySelectorAll('img')).filter((img) => img.getAttribute('loading') !== 'lazy');
    expect(eager).toHaveLength(1);
    expect(eager[0]).toHaveAttribute('width', '640');
    expect(eager[0]).toHaveAttribute('height', '400');
    expect(eager[0]).toHaveAttribute('fetchpriority', 'high');
  });

  it('picks readable sash text colours', () => {
    expect(textColourOn('#0b6e4f')).toBe('#fff');
    expect(textColourOn('#f2d024')).toBe('#000');
    expect(textColourOn('#fff')).toBe('#000');
    expect(textColourOn('not a colour')).toBe('#fff');
  });
});
