import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../testing/render';
import { ProductTabs, type ProductTab } from './ProductTabs';

const tabs: ProductTab[] = [
  { id: 'description', label: 'Description', content: () => <p>About it</p> },
  { id: 'specification', label: 'Specification', content: () => <p>Rows</p> },
  { id: 'reviews', label: 'Reviews', content: (active) => <p>{active ? 'Reviews loaded' : 'Not yet'}</p> },
];

function mockWidth(mobile: boolean) {
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches: mobile && query.includes('max-width'),
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }));
}

afterEach(() => {
  delete (window as Partial<Window>).matchMedia;
});

describe('ProductTabs', () => {
  it('selects the tab of the hash, and only then loads what the tab waits for', async () => {
    renderAt('/p#reviews', '/p', <ProductTabs tabs={tabs} label="About" />);
    expect(screen.getByRole('tab', { name: 'Reviews' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Reviews loaded')).toBeVisible();
    expect(screen.getByText('About it')).not.toBeVisible();
  });

  it('follows Home/End/arrow keys and writes the hash', async () => {
    renderAt('/p', '/p', <ProductTabs tabs={tabs} label="About" />);
    expect(screen.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Reviews' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByText('Not yet')).not.toBeVisible();
    screen.getByRole('tab', { name: 'Description' }).focus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Reviews' })).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/p#reviews');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Specification' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('/p#specification');
  });

  it('is an accordion on small screens: one section open, closed again by its button', async () => {
    mockWidth(true);
    renderAt('/p#specification', '/p', <ProductTabs tabs={tabs} label="About" />);
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    const spec = screen.getByRole('button', { name: 'Specification' });
    expect(spec).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Specification' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Description' }));
    expect(screen.getByRole('button', { name: 'Description' })).toHaveAttribute('aria-expanded', 'true');
    expect(spec).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Description' }));
    expect(screen.getByRole('button', { name: 'Description' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('About it')).not.toBeVisible();
  });
});
