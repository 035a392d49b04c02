import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { useHydrated, useNearViewport } from '@shop/shared';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * A server-rendered region below the fold whose code waits until the shopper nears it or first
 * taps or types (useNearViewport). Until then the page keeps the server's HTML of the region as it
 * is: React leaves an element's inner HTML alone, so the region is not hydrated and its code is not
 * in the page's first JavaScript. Once its code is there the region renders from it (the same
 * markup, in a fresh element) and responds. On a page rendered in the browser it loads at once.
 *
 * For regions nothing depends on before they are seen: an update from the page meanwhile waits for
 * the code (props are read when it renders). Not for regions holding server-rendered rich HTML
 * (SafeHtml would need its sanitiser to render it again).
 */
export function deferHydration<P extends object>(load: Loader<P>): ComponentType<P & { className?: string | undefined }> {
  const Lazy = lazy(load);
  let loaded: ComponentType<P> | null = null;
  const ensure = () =>
    load().then((module) => {
      loaded = module.default;
      return module.default;
    });

  return function Deferred({ className, ...rest }: P & { className?: string | undefined }) {
    const props = rest as P;
    const box = useRef<HTMLDivElement>(null);
    // Whether the first render was the hydration of the server's HTML (kept until the code is here).
    const hydrated = useHydrated();
    const [fromServer] = useState(!hydrated);
    const near = useNearViewport(box, fromServer && !loaded);
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => (hydrated ? loaded : null));

    useEffect(() => {
      if (Component || !near) return;
      let live = true;
      ensure().then(
        (component) => live && setComponent(() => component),
        (error: unknown) => console.error('[catalog] a deferred region could not be loaded', error),
      );
      return () => {
        live = false;
      };
    }, [near, Component]);

    if (typeof document === 'undefined') {
      // The server renders the region itself, into the HTML the page keeps until its code arrives.
      return (
        <div className={className}>
          <Suspense fallback={null}>
            <Lazy {...props} />
          </Suspense>
        </div>
      );
    }
    if (Component) {
      return (
        <div key="live" className={className} ref={box}>
          <Component {...props} />
        </div>
      );
    }
    return <div key="server" className={className} ref={box} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
  };
}
