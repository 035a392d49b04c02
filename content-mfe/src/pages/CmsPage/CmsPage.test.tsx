import { screen, waitFor, within } from '@testing-library/react';
import { cmsPage } from '../../testing/fixtures';
import { renderAt, scriptApi } from '../../testing/render';
import CmsPage from './CmsPage';

describe('CmsPage', () => {
  it('renders the title, meta description and sanitised HTML body of the page it was given', async () => {
    scriptApi({
      '/content/cms-pages': {
        body: {
          items: [
            cmsPage({
              content: '<h2>Our story</h2><p onclick="steal()">Founded in 2009.<script>window.hacked = true</script></p><img src="x" onerror="window.hacked = true">',
            }),
          ],
        },
      },
    });
    const { container } = renderAt('/about', '/about', <CmsPage identifier="about" />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('About Us');
    expect(screen.getByRole('heading', { level: 2, name: 'Our story' })).toBeInTheDocument();
    expect(screen.getByText('Founded in 2009.')).toBeInTheDocument();
    expect(container.innerHTML).not.toMatch(/script|onclick|onerror/);
    expect(document.title).toBe('About Us | Northgate Membranes');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Who we are and how we help.');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    // Only the contact page has the form.
    expect(screen.queryByRole('button', { name: 'Send Message' })).not.toBeInTheDocument();
  });

  it('shows the shared not-found page for an identifier the shop does not have', async () => {
    scriptApi({ '/content/cms-pages': { body: { items: [cmsPage()] } } });
    renderAt('/nope', '/nope', <CmsPage identifier="nope" />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("Sorry, we couldn't find that page");
  });

  it('stays silent (no not-found) when the pages cannot be loaded', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    scriptApi({ '/content/cms-pages': { status: 503, body: { message: 'down' } } });
    const { container } = renderAt('/about', '/about', <CmsPage identifier="about" />);
    await waitFor(() => expect(error).toHaveBeenCalled());
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    error.mockRestore();
  });

  it('the contact page has the contact form under its text', async () => {
    scriptApi({ '/content/cms-pages': { body: { items: [cmsPage({ identifier: 'contact', title: 'Contact Us', content: '<p>Call 01632 960 482.</p>' })] } } });
    renderAt('/contact', '/contact', <CmsPage identifier="contact" />);
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeInTheDocument();
    expect(screen.getByText('Call 01632 960 482.')).toBeInTheDocument();
  });
});
