import { act, fireEvent, render, screen } from '@testing-library/react';
import type { StoreReview } from '@shop/shared';
import { CAROUSEL_INTERVAL_MS, ReviewsCarousel } from './ReviewsCarousel';

const review = (id: number, rating = 5): StoreReview => ({
  id,
  nickname: `Shopper ${id}`,
  title: `Review ${id}`,
  detail: 'Arrived next day and the technical advice was spot on.',
  rating,
  created_at: '2026-03-01T10:00:00.000Z',
  location: 'Leeds',
});

let reduced = false;
const scrollBy = jest.fn();
const scrollTo = jest.fn();

beforeEach(() => {
  jest.useFakeTimers();
  reduced = false;
  scrollBy.mockReset();
  scrollTo.mockReset();
  Object.assign(HTMLElement.prototype, { scrollBy, scrollTo });
  // jsdom lays nothing out: a track of 3000 px seen through 300 px, at its start.
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { get: () => 3000, configurable: true });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { get: () => 300, configurable: true });
  window.matchMedia = ((query: string) => ({ matches: reduced && query.includes('reduce'), media: query })) as unknown as typeof window.matchMedia;
});
afterEach(() => jest.useRealTimers());

const tick = (ms: number) => act(() => jest.advanceTimersByTime(ms));

describe('ReviewsCarousel', () => {
  it('moves on 300 px every 10000 ms by itself', () => {
    render(<ReviewsCarousel reviews={[review(1), review(2), review(3)]} />);
    tick(CAROUSEL_INTERVAL_MS - 1);
    expect(scrollBy).not.toHaveBeenCalled();
    tick(1);
    expect(scrollBy).toHaveBeenCalledTimes(1);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 300, behavior: 'smooth' });
    tick(CAROUSEL_INTERVAL_MS);
    expect(scrollBy).toHaveBeenCalledTimes(2);
  });

  it('pauses while hovered and resumes when the pointer leaves', () => {
    render(<ReviewsCarousel reviews={[review(1), review(2)]} />);
    const carousel = screen.getByRole('region', { name: 'What our customers say' });
    fireEvent.mouseEnter(carousel);
    tick(CAROUSEL_INTERVAL_MS * 3);
    expect(scrollBy).not.toHaveBeenCalled();
    fireEvent.mouseLeave(carousel);
    tick(CAROUSEL_INTERVAL_MS);
    expect(scrollBy).toHaveBeenCalledTimes(1);
  });

  it('pauses while focus is inside it', () => {
    render(<ReviewsCarousel reviews={[review(1), review(2)]} />);
    act(() => screen.getByRole('button', { name: 'Next reviews' }).focus());
    scrollBy.mockReset();
    tick(CAROUSEL_INTERVAL_MS * 3);
    expect(scrollBy).not.toHaveBeenCalled();
    act(() => screen.getByRole('button', { name: 'Next reviews' }).blur());
    tick(CAROUSEL_INTERVAL_MS);
    expect(scrollBy).toHaveBeenCalledTimes(1);
  });

  it('never moves by itself for people who prefer reduced motion', () => {
    reduced = true;
    render(<ReviewsCarousel reviews={[review(1), review(2)]} />);
    tick(CAROUSEL_INTERVAL_MS * 5);
    expect(scrollBy).not.toHaveBeenCalled();
    // The buttons still work, without animation.
    fireEvent.click(screen.getByRole('button', { name: 'Previous reviews' }));
    expect(scrollBy).toHaveBeenCalledWith({ left: -300, behavior: 'auto' });
  });

  it('scrolls 300 px with Previous and Next, back to the start after the last', () => {
    render(<ReviewsCarousel reviews={[review(1), review(2)]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next reviews' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 300, behavior: 'smooth' });
    fireEvent.click(screen.getByRole('button', { name: 'Previous reviews' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -300, behavior: 'smooth' });
    const track = screen.getByRole('list', { name: 'Customer reviews' });
    Object.defineProperty(track, 'scrollLeft', { value: 2700, configurable: true });
    fireEvent.click(screen.getByRole('button', { name: 'Next reviews' }));
    expect(scrollTo).toHaveBeenCalledWith({ left: 0, behavior: 'smooth' });
  });

  it('shows each review with its stars as text and renders nothing without reviews', () => {
    const { container, rerender } = render(<ReviewsCarousel reviews={[review(1, 4)]} average={4.6} count={87} />);
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.6 out of 5 from 87 reviews' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Review 1' })).toBeInTheDocument();
    expect(screen.getByText(/Shopper 1, Leeds/)).toBeInTheDocument();
    rerender(<ReviewsCarousel reviews={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
