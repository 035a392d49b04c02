import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@shop/shared/router';
import { NotFound } from './NotFound';

const suggestions = () =>
  within(screen.getByRole('list'))
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

describe('NotFound', () => {
  it('links to home, Damp Proofing, Basement Waterproofing, Sump Pumps and contact by default', () => {
    render(
      <MemoryRouter>
        <NotFound />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("Sorry, we couldn't find that page");
    expect(suggestions()).toEqual([
      ['Home', '/'],
      ['Damp Proofing', '/damp-proofing'],
      ['Basement Waterproofing', '/basement-waterproofing'],
      ['Sump Pumps', '/sump-pumps'],
      ['Contact us', '/contact'],
    ]);
  });

  it('shows the links it is given instead', () => {
    render(
      <MemoryRouter>
        <NotFound links={[{ label: 'Advice', to: '/advice' }]} />
      </MemoryRouter>,
    );
    expect(suggestions()).toEqual([['Advice', '/advice']]);
  });
});
