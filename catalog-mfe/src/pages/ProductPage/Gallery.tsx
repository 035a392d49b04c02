import { useEffect, useState, type KeyboardEvent } from 'react';
import { Dialog, productThumbnailOf } from '@shop/shared';
import { PRODUCT_PLACEHOLDER } from '../../catalog/placeholder';
import styles from './Gallery.module.css';

export interface GalleryImage {
  src: string;
  alt: string;
}

/**
 * The product's pictures: a large image with previous/next arrows, thumbnails, and a full-screen
 * lightbox (the shared Dialog: Escape closes it, focus stays inside). Left and right arrow keys move
 * between pictures in the gallery and in the lightbox.
 */
export function Gallery({ images, name, show }: { images: GalleryImage[]; name: string; show?: string | null | undefined }) {
  const list = images.length > 0 ? images : [{ src: PRODUCT_PLACEHOLDER, alt: name }];
  const [index, setIndex] = useState(0);
  const [lightbox, setLightbox] = useState(false);
  const count = list.length;
  const current = list[Math.min(index, count - 1)]!;

  // A chosen variant brings its own picture to the front.
  useEffect(() => {
    if (!show) return;
    const at = list.findIndex((img) => img.src === show);
    if (at >= 0) setIndex(at);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [show]);

  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  const onKeyDown = (e: KeyboardEvent) => {
    if (count < 2) return;
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(-1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(1);
    }
  };

  const position = `${Math.min(index, count - 1) + 1} of ${count}`;

  return (
    <section className={styles.gallery} aria-label={`Pictures of ${name}`} onKeyDown={onKeyDown} data-gallery>
      <div className={styles.stage}>
        <button type="button" className={styles.open} onClick={() => setLightbox(true)} aria-label={`Open picture ${position} full screen`}>
          <img className={styles.image} src={current.src} alt={current.alt} width={800} height={800} fetchPriority="high" decoding="async" />
        </button>
        {count > 1 ? (
          <>
            <button type="button" className={`${styles.arrow} ${styles.prev}`} onClick={() => go(-1)} aria-label="Previous picture">
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className={`${styles.arrow} ${styles.next}`} onClick={() => go(1)} aria-label="Next picture">
              <span aria-hidden="true">›</span>
            </button>
            <p className={styles.counter} aria-live="polite">
              <span className={styles.hidden}>Picture </span>
              {position}
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className={styles.thumbs}>
          {list.map((img, i) => (
            <li key={`${img.src}-${i}`}>
              <button
                type="button"
                className={styles.thumb}
                aria-label={`Show picture ${i + 1} of ${count}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
              >
                <img src={productThumbnailOf(img.src)} alt="" width={72} height={72} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <Dialog open={lightbox} onClose={() => setLightbox(false)} title={`${name}: picture ${position}`} hideTitle className={styles.lightbox}>
        <div className={styles.lightboxStage} data-lightbox>
          <img className={styles.lightboxImage} src={current.src} alt={current.alt} width={800} height={800} />
          {count > 1 ? (
            <>
              <button type="button" className={`${styles.arrow} ${styles.prev}`} onClick={() => go(-1)} aria-label="Previous picture">
                <span aria-hidden="true">‹</span>
              </button>
              <button type="button" className={`${styles.arrow} ${styles.next}`} onClick={() => go(1)} aria-label="Next picture">
                <span aria-hidden="true">›</span>
              </button>
            </>
          ) : null}
        </div>
        {count > 1 ? (
          <p className={styles.lightboxCounter} aria-live="polite">
            Picture {position}
          </p>
        ) : null}
      </Dialog>
    </section>
  );
}
