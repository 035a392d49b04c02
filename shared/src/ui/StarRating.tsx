import { useId } from 'react';
import styles from './StarRating.module.css';

/** One star's outline in a 24-unit box, relative to its top point (12, 2.5). */
const STAR = 'l2.94 5.96 6.56.95-4.75 4.63 1.12 6.54-5.87-3.08-5.87 3.08 1.12-6.54-4.75-4.63 6.56-.95z';
/** Each star's box is 24 units wide, with one unit between boxes. */
const PITCH = 25;
const VIEW_WIDTH = PITCH * 4 + 24;
/** The five stars as one path. */
const STARS = [0, 1, 2, 3, 4].map((i) => `M${12 + PITCH * i} 2.5${STAR}`).join('');

/**
 * Five stars filled to a rating out of 5 (fractions shown as part-filled stars), with the rating
 * and, when given, the review count as text for screen readers.
 */
export function StarRating({
  value,
  count,
  size = 18,
  showValue = false,
  className,
}: {
  value: number;
  count?: number | undefined;
  size?: number;
  /** Also print the rating (e.g. 4.7) beside the stars. */
  showValue?: boolean;
  className?: string | undefined;
}) {
  const id = useId().replace(/:/g, '');
  const rating = Math.max(0, Math.min(5, Number.isFinite(value) ? value : 0));
  const rounded = Math.round(rating * 10) / 10;
  const whole = Math.floor(rating);
  // Whole stars and the part of the next one (its box is 24 units of the 25-unit pitch).
  const filled = whole * PITCH + (rating - whole) * 24;
  const clip = `${id}-fill`;
  const label =
    count === undefined
      ? `Rated ${rounded} out of 5`
      : count === 0
        ? 'No reviews yet'
        : `Rated ${rounded} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`;
  return (
    <span className={`${styles.rating} ${className ?? ''}`}>
      <span role="img" aria-label={label} className={styles.stars}>
        {/* One picture: the outlines, and the same stars filled up to the rating (a clip). */}
        <svg width={(size * VIEW_WIDTH) / 24} height={size} viewBox={`0 0 ${VIEW_WIDTH} 24`} aria-hidden="true" focusable="false">
          <defs>
            <clipPath id={clip}>
              <rect width={filled} height="24" />
            </clipPath>
          </defs>
          <path d={STARS} fill="var(--color-accent)" clipPath={`url(#${clip})`} />
          <path d={STARS} fill="none" stroke="var(--color-accent-dark)" strokeWidth="1.2" strokeLinejoin="round" />
        </svg>
      </span>
      {showValue && count !== 0 ? (
        <span className={styles.value} aria-hidden="true">
          {rounded.toFixed(1)}
        </span>
      ) : null}
    </span>
  );
}
