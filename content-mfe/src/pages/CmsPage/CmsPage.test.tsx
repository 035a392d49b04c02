import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { mockApi } from '@shop/shared/testing';
import CmsPage from './CmsPage';

describe('CmsPage', () => {
  beforeEach(() => {
    mockApi({
      '/content/cms-pages': {
        body: { items: [{ identifier: 'about', title: 'About Us', meta_description: 'Who we are' }] },
      },
    });
  });

  it('renders the page with the identifier it was given', async () => {
    render(
      <MemoryRouter>
        <CmsPage identifier="about" />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('About Us');
  });

  it('shows not-found for an identifier the shop does not have', async () => {
    render(
      <MemoryRouter>
        <CmsPage identifier="nope" />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("Sorry, we couldn't find that page");
  });
});
