import { useId } from 'react';
import styles from './StarRating.module.css';

const STAR = 'M12 2.5l2.94 5.96 6.56.95-4.75 4.63 1.12 6.54L12 17.5l-5.87 3.08 1.12-6.54L2.5 9.41l6.56-.95z';

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
  const label =
    count === undefined
      ? `Rated ${rounded} out of 5`
      : count === 0
        ? 'No reviews yet'
        : `Rated ${rounded} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`;
  return (
    <span className={`${styles.rating} ${className ?? ''}`}>
      <span role="img" aria-label={label} className={styles.stars}>
        {[0, 1, 2, 3, 4].map((i) => {
          const fill = Math.max(0, Math.min(1, rating - i));
          const gradient = `${id}-s${i}`;
          return (
            <svg key={i} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <defs>
                <linearGradient id={gradient}>
                  <stop offset={`${fill * 100}%`} stopColor="var(--color-accent)" />
                  <stop offset={`${fill * 100}%`} stopColor="transparent" />
                </linearGradient>
              </defs>
              <path d={STAR} fill={`url(#${gradient})`} stroke="var(--color-accent-dark)" strokeWidth="1.2" strokeLinejoin="round" />
            </svg>
          );
        })}
      </span>
      {showValue && count !== 0 ? (
        <span className={styles.value} aria-hidden="true">
          {rounded.toFixed(1)}
        </span>
      ) : null}
    </span>
  );
}
