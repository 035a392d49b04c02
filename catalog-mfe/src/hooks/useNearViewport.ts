import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come within `margin` pixels below the viewport, and from then on: for
 * regions below the fold whose code and data can wait until the shopper scrolls towards them (they
 * cost the first load nothing). False on the server and while hydrating, so the first render matches
 * the server's HTML. True at once where IntersectionObserver is missing.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = 300): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `0px 0px ${margin}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, margin]);
  return near;
}
