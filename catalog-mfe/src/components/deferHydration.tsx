import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { useHydrated, useNearViewport } from '@shop/shared';
import styles from './deferHydration.module.css';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * A server-rendered region whose code is not in the page's first JavaScript. Until its code is
 * there the page keeps the server's HTML of the region as it is (React leaves an element's inner
 * HTML alone, so the region is not hydrated), with its controls disabled, so nothing typed or
 * chosen there is lost; then the region renders from its code (the same markup, in a fresh
 * element) and responds. The code loads:
 * - `near` (default): when the shopper nears the region or first taps or types (useNearViewport),
 *   for regions below the fold;
 * - `now`: as soon as the page has hydrated, for the parts of a page only some products show (the
 *   region takes no part in layout then).
 * On a page rendered in the browser the region loads at once.
 *
 * An update from the page meanwhile waits for the code (props are read when it renders). Not for
 * regions holding server-rendered rich HTML (SafeHtml would need its sanitiser to render it again).
 */
export function deferHydration<P extends object>(
  load: Loader<P>,
  { when = 'near' }: { when?: 'near' | 'now' } = {},
): ComponentType<P & { className?: string | undefined }> {
  const Lazy = lazy(load);
  let loaded: ComponentType<P> | null = null;
  const ensure = () =>
    load().then((module) => {
      loaded = module.default;
      return module.default;
    });
  const regionClass = (className: string | undefined) =>
    [styles.region, when === 'now' ? styles.inline : null, className].filter(Boolean).join(' ');

  return function Deferred({ className, ...rest }: P & { className?: string | undefined }) {
    const props = rest as P;
    const box = useRef<HTMLFieldSetElement>(null);
    // Whether the first render was the hydration of the server's HTML (kept until the code is here).
    const hydrated = useHydrated();
    const [fromServer] = useState(!hydrated);
    const near = useNearViewport(box, when === 'near' && fromServer && !loaded);
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
        <fieldset className={regionClass(className)} disabled>
          <Suspense fallback={null}>
            <Lazy {...props} />
          </Suspense>
        </fieldset>
      );
    }
    if (Component) {
      return (
        <fieldset key="live" className={regionClass(className)} ref={box}>
          <Component {...props} />
        </fieldset>
      );
    }
    return (
      <fieldset
        key="server"
        className={regionClass(className)}
        ref={box}
        disabled
        dangerouslySetInnerHTML={{ __html: '' }}
        suppressHydrationWarning
      />
    );
  };
}
