import { memo, useCallback, useEffect, useId, useRef, useState } from 'react';
import { ProductCard, type CardProduct } from './ProductCard';
import styles from './ProductCarousel.module.css';

/** How far one press of an arrow scrolls (spec section 9: carousel scroll step 300 px). */
export const CAROUSEL_STEP = 300;

/** A horizontally scrolling row of product tiles with previous/next buttons (touch: swipe). */
export const ProductCarousel = memo(function ProductCarousel({ title, products }: { title: string; products: CardProduct[] }) {
  const headingId = useId();
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });

  const update = useCallback(() => {
    const el = track.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }, []);

  useEffect(() => {
    update();
    const el = track.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, [update, products]);

  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: direction * CAROUSEL_STEP, behavior: reduce ? 'auto' : 'smooth' });
  };

  if (products.length === 0) return null;
  return (
    <section className={styles.carousel} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        <div className={styles.arrows}>
          <button type="button" className={styles.arrow} onClick={() => scroll(-1)} disabled={edges.start} aria-label={`Previous ${title}`}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className={styles.arrow} onClick={() => scroll(1)} disabled={edges.end} aria-label={`Next ${title}`}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      <ul ref={track} className={styles.track} onScroll={update}>
        {products.map((p) => (
          <li key={p.id} className={styles.slide}>
            <ProductCard product={p} compact />
          </li>
        ))}
      </ul>
    </section>
  );
});
