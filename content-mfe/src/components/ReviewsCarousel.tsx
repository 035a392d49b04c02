import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { formatLongDate, StarRating, type StoreReview } from '@shop/shared';
import { loadStoreReviews } from './contentApi';
import { useLoad } from './useLoad';
import styles from './ReviewsCarousel.module.css';

/** Spec section 9: auto-scrolling every 10000 ms, 300 px per step. */
export const CAROUSEL_INTERVAL_MS = 10_000;
export const CAROUSEL_STEP_PX = 300;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Scrolls the track one step; past the end it goes back to the start (the carousel loops). */
function step(track: HTMLElement, direction: 1 | -1, smooth: boolean) {
  const behavior: ScrollBehavior = smooth ? 'smooth' : 'auto';
  const atEnd = track.scrollLeft + track.clientWidth >= track.scrollWidth - 1;
  if (direction === 1 && atEnd) track.scrollTo({ left: 0, behavior });
  else track.scrollBy({ left: direction * CAROUSEL_STEP_PX, behavior });
}

/**
 * The store's customer reviews (at least 1, at most 20), used on the home page and /advice. It moves
 * on by itself every 10 s, except while the pointer is over it or focus is inside it, and never for
 * shoppers who prefer reduced motion. Previous/Next scroll 300 px.
 */
export function ReviewsCarousel({ reviews, average, count }: { reviews: StoreReview[]; average?: number; count?: number }) {
  const headingId = useId();
  const track = useRef<HTMLUListElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [reducedMotion] = useState(prefersReducedMotion);
  const paused = hovered || focused || reducedMotion;

  useEffect(() => {
    if (paused || reviews.length < 2) return;
    const timer = setInterval(() => {
      if (track.current) step(track.current, 1, true);
    }, CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, reviews.length]);

  if (reviews.length === 0) return null;

  const onBlur = (e: FocusEvent) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      className={styles.carousel}
      aria-labelledby={headingId}
      aria-roledescription="carousel"
      data-paused={paused ? 'true' : 'false'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          What our customers say
        </h2>
        {average !== undefined && count ? <StarRating value={average} count={count} showValue /> : null}
        <div className={styles.controls}>
          <button type="button" className={styles.arrow} aria-label="Previous reviews" onClick={() => track.current && step(track.current, -1, !reducedMotion)}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className={styles.arrow} aria-label="Next reviews" onClick={() => track.current && step(track.current, 1, !reducedMotion)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      {/* Scrollable by keyboard too: the track takes focus (which also pauses it). */}
      <ul ref={track} className={styles.track} tabIndex={0} aria-label="Customer reviews">
        {reviews.map((review) => (
          <li key={review.id} className={styles.review}>
            <StarRating value={review.rating} size={16} />
            <h3 className={styles.reviewTitle}>{review.title}</h3>
            <p className={styles.detail}>{review.detail}</p>
            <p className={styles.by}>
              {review.nickname}
              {review.location ? `, ${review.location}` : ''}
              {' · '}
              <time dateTime={review.created_at}>{formatLongDate(review.created_at)}</time>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The carousel with the store's reviews from the API (nothing at all when they cannot be loaded). */
export function StoreReviewsCarousel() {
  const load = useLoad(loadStoreReviews, 'store-reviews', 'store reviews');
  if (load.status !== 'done') return null;
  return <ReviewsCarousel reviews={load.data.items} average={load.data.average} count={load.data.count} />;
}
