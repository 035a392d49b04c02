import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { blogPost } from '../../testing/fixtures';
import { renderAt, scriptApi } from '../../testing/render';
import AdvicePage from './AdvicePage';

const video = blogPost({
  id: 2,
  url_key: 'installing-a-cavity-drain-membrane',
  name: 'Installing a cavity drain membrane',
  image: 'https://img.youtube.com/vi/Ab-12_cdEFg/hqdefault.jpg',
  is_video: true,
  video_id: 'Ab-12_cdEFg',
});
const article = blogPost({ id: 1 });

describe('AdvicePage', () => {
  beforeEach(() => {
    scriptApi({
      '/content/blog-posts': { body: { items: [video, article] } },
      '/reviews?pageSize=20': {
        body: { items: [{ id: 1, nickname: 'Jo', title: 'Great service', detail: 'Fast.', rating: 5, created_at: '2026-01-01T00:00:00Z', location: null }], average: 5, count: 1, page: 1, pageSize: 20 },
      },
    });
  });

  it('lists posts with their title links, Read more for articles and Play video for videos, then the reviews', async () => {
    renderAt('/advice', '/advice', <AdvicePage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Installation videos and advice');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByText('Resources')).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('link', { name: 'Fitting a sump pump' })).toHaveAttribute('href', '/advice/fitting-a-sump-pump');
    expect(screen.getByRole('link', { name: 'Installing a cavity drain membrane' })).toHaveAttribute('href', '/advice/installing-a-cavity-drain-membrane');
    expect(screen.getByRole('link', { name: /^Read more\s+about Fitting a sump pump$/ })).toHaveAttribute('href', '/advice/fitting-a-sump-pump');
    expect(screen.getByRole('button', { name: 'Play video: Installing a cavity drain membrane' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Play video: Fitting/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'What our customers say' })).toBeInTheDocument();
  });

  it("keeps a thumbnail that cannot load in its box without the browser's broken-image sign", async () => {
    const { container } = renderAt('/advice', '/advice', <AdvicePage />);
    await screen.findByRole('button', { name: 'Play video: Installing a cavity drain membrane' });
    const thumbnail = container.querySelector<HTMLImageElement>('[data-post="installing-a-cavity-drain-membrane"] img')!;
    expect(thumbnail.style.visibility).toBe('');
    fireEvent.error(thumbnail);
    expect(thumbnail.style.visibility).toBe('hidden');
    expect(thumbnail).toHaveAttribute('width', '1200');
  });

  it('loads the player only when the video is opened, from the privacy-enhanced host; Escape closes and focus returns', async () => {
    renderAt('/advice', '/advice', <AdvicePage />);
    const play = await screen.findByRole('button', { name: 'Play video: Installing a cavity drain membrane' });
    expect(document.querySelector('iframe')).toBeNull();
    play.focus();
    await userEvent.click(play);
    const dialog = await screen.findByRole('dialog', { name: 'Installing a cavity drain membrane' });
    const frame = dialog.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/Ab-12_cdEFg?autoplay=1&rel=0');
    expect(frame).toHaveAttribute('title', 'Video: Installing a cavity drain membrane');
    // Escape: the browser fires 'cancel' on the dialog.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(document.querySelector('iframe')).toBeNull());
    expect(play).toHaveFocus();
  });
});
