import { act, fireEvent, screen, within } from '@testing-library/react';
import { authTokenAtom, cartAtom } from '@shop/shared';
import { mockApi } from '@shop/shared/testing';
import { createStore } from 'jotai';
import { renderWithShop } from '../test/render';
import { COOKIE_TEXT, CookieBanner } from './CookieBanner';
import { Footer } from './Footer';
import { Header } from './Header';

const category = (id: number, name: string, url: string, include_in_menu = true) => ({
  id,
  parent_id: null,
  name,
  url,
  position: id,
  include_in_menu,
  productSkus: [],
  product_count: 0,
  attrs: { meta_title: null, meta_description: null, image: null, icon: null, description: null, custom_short_description: null, url_key: url.slice(1), url_path: url.slice(1) },
});
const categories = {
  categories: [
    category(104, 'Damp Proofing', '/damp-proofing'),
    category(105, 'Basement Waterproofing', '/basement-waterproofing'),
    category(199, 'Clearance', '/clearance', false),
  ],
};

/** Renders the header and lets its category load settle. */
async function renderHeader(store = createStore()) {
  renderWithShop(<Header />, { store });
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}

describe('header', () => {
  beforeEach(() => mockApi({ '/categories/': { body: categories } }));

  it('lists the categories in the Shop menu', async () => {
    renderWithShop(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    fireEvent.click(within(nav).getByRole('button', { name: /Shop/ }));
    expect(await within(nav).findByRole('link', { name: 'Damp Proofing' })).toHaveAttribute('href', '/damp-proofing');
    expect(within(nav).queryByRole('link', { name: 'Clearance' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Resources' })).toHaveAttribute('href', '/advice');
    expect(within(nav).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });

  it('offers My Account, Sign In and Create Account when signed out', async () => {
    await renderHeader();
    const links = screen.getAllByRole('link', { hidden: true }).map((a) => a.textContent);
    expect(links).toEqual(expect.arrayContaining(['My Account', 'Sign In', 'Create Account']));
    expect(screen.queryByRole('button', { name: 'Sign Out', hidden: true })).toBeNull();
  });

  it('offers My Account and Sign Out when signed in', async () => {
    const store = createStore();
    store.set(authTokenAtom, 'token');
    await renderHeader(store);
    const links = screen.getAllByRole('link', { hidden: true }).map((a) => a.textContent);
    expect(links).toContain('My Account');
    expect(links).not.toContain('Sign In');
    expect(screen.getAllByRole('button', { name: 'Sign Out', hidden: true }).length).toBeGreaterThan(0);
  });

  it('shows the number of items on the My Basket button', async () => {
    const store = createStore();
    store.set(cartAtom, { total: 1, items: [{ item_id: 1, sku: 'A', name: 'A', price: 1, qty: 3 }] });
    await renderHeader(store);
    expect(screen.getByTestId('basket-count')).toHaveTextContent('3');
    expect(screen.getByRole('button', { name: 'My Basket 3 items' })).toBeInTheDocument();
  });
});

describe('header on a phone', () => {
  beforeEach(() => mockApi({ '/categories/': { body: categories } }));

  it("shows that the menu's sections open and close (aria-expanded and a turning chevron)", async () => {
    await renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const shop = within(menu).getByRole('button', { name: 'Shop by Category' });
    const resources = within(menu).getByRole('button', { name: 'Resources & Contact Us' });
    expect(shop).toHaveAttribute('aria-expanded', 'true');
    expect(resources).toHaveAttribute('aria-expanded', 'false');
    expect(resources.querySelector('svg')).not.toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Contact Us' })).toBeNull();
    fireEvent.click(resources);
    expect(resources).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(resources.getAttribute('aria-controls')!)).toBeVisible();
    expect(within(menu).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    fireEvent.click(shop);
    expect(shop).toHaveAttribute('aria-expanded', 'false');
    expect(within(menu).queryByRole('link', { name: 'Damp Proofing' })).toBeNull();
  });

  it('opens the search panel with focus in the search box, not on Close', async () => {
    await renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const panel = screen.getByRole('dialog', { name: 'Search' });
    expect(within(panel).getByRole('combobox', { name: 'Search products' })).toHaveFocus();
  });
});

describe('cookie banner', () => {
  beforeEach(() => localStorage.clear());

  it('shows the notice until Accept, and remembers it', () => {
    const store = createStore();
    renderWithShop(<CookieBanner />, { store });
    expect(screen.getByText(COOKIE_TEXT, { exact: false })).toBeInTheDocument();
    expect(COOKIE_TEXT).toBe('We use cookies to improve your experience. By using our site, you agree to our cookie policy.');
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByText(COOKIE_TEXT, { exact: false })).toBeNull();
    expect(localStorage.getItem('cookiesAccepted')).toBe('true');
  });
});

describe('footer', () => {
  it('links the shop pages and gives the helpline, email, legal text and free-delivery message', () => {
    renderWithShop(<Footer />);
    const footer = screen.getByRole('contentinfo');
    for (const name of ['About', 'Contact', 'Hydrovault Systems', 'Cookie Policy', 'Privacy Policy', 'Delivery & Returns', 'Terms & Conditions']) {
      expect(within(footer).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(footer).toHaveTextContent('01632 960 482');
    expect(footer).toHaveTextContent('info@northgate-membranes.co.uk');
    expect(footer).toHaveTextContent('registered in England and Wales');
    expect(footer).toHaveTextContent('Spend £250 ex VAT for Free 1-3 day Delivery');
  });
});
