import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@shop/shared/router';
import { Breadcrumb } from './Breadcrumb';
import { StarRating } from './StarRating';

describe('Breadcrumb', () => {
  it('links every crumb but the current page', () => {
    render(
      <MemoryRouter>
        <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'Sump Pumps', to: '/sump-pumps' }, { label: 'Twin Sump Pump' }]} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav.querySelectorAll('a')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Sump Pumps' })).toHaveAttribute('href', '/sump-pumps');
    expect(screen.getByText('Twin Sump Pump')).toHaveAttribute('aria-current', 'page');
  });
});

describe('StarRating', () => {
  it('says the rating and the number of reviews', () => {
    render(<StarRating value={4.66} count={6} />);
    expect(screen.getByRole('img')).toHaveAccessibleName('Rated 4.7 out of 5 from 6 reviews');
  });
  it('says when there are no reviews yet', () => {
    render(<StarRating value={0} count={0} />);
    expect(screen.getByRole('img')).toHaveAccessibleName('No reviews yet');
  });
  it('fills the stars up to the rating, part of a star for a fraction, in one small picture', () => {
    const filled = (value: number) => {
      const { container, unmount } = render(<StarRating value={value} />);
      // One picture per rating (a page lists dozens), not one per star.
      expect(container.querySelectorAll('svg')).toHaveLength(1);
      const width = Number(container.querySelector('clipPath rect')!.getAttribute('width'));
      unmount();
      return width;
    };
    // Star boxes are 24 units wide at a pitch of 25.
    expect(filled(0)).toBe(0);
    expect(filled(3)).toBe(75);
    expect(filled(4.5)).toBe(112);
    expect(filled(5)).toBe(125);
    expect(filled(9)).toBe(125);
    expect(filled(Number.NaN)).toBe(0);
  });
});
