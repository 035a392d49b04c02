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
});
