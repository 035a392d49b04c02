import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { RemoteBoundary } from './RemoteBoundary';

type Props = Record<string, unknown>;
type Lazy = LazyExoticComponent<ComponentType<Props>>;
type Loader = (id: string) => Promise<unknown>;

/** Loads an exposed module through the page's federation runtime (where the shell registered the remotes). */
const federationLoader: Loader = async (id) => {
  const { loadRemote } = await import('@module-federation/enhanced/runtime');
  return loadRemote(id);
};

const cache = new Map<string, Lazy>();

function Nothing() {
  return null;
}

function lazySlot(id: string, load: Loader): Lazy {
  const hit = cache.get(id);
  if (hit) return hit;
  const component = lazy(async () => {
    try {
      const mod = (await load(id)) as { default?: ComponentType<Props> } | ComponentType<Props> | null | undefined;
      const Component = mod && typeof mod === 'object' && 'default' in mod ? mod.default : (mod as ComponentType<Props> | null | undefined);
      if (!Component) throw new Error(`${id} exposes no component`);
      return { default: Component };
    } catch (error) {
      // A module that is not there (yet) or cannot be loaded: the slot stays empty and the next
      // page that shows it tries again. The page around it carries on.
      // A warning, not an error report: a team may ship the slot's page before the module exists.
      cache.delete(id);
      console.warn(`[slot] ${id} could not be loaded; the slot stays empty`, error);
      return { default: Nothing };
    }
  });
  cache.set(id, component);
  return component;
}

/** How near the viewport (px) a deferred slot starts loading, so it is there when scrolled to. */
const NEAR_VIEWPORT = '0px 0px 200px 0px';

/** The shopper's first tap or key press: they may be heading for a deferred region, so load it. */
const FIRST_INPUT = ['pointerdown', 'keydown'] as const;

/**
 * False until the element comes within NEAR_VIEWPORT of the viewport, or the shopper first taps
 * or presses a key; then true. Always false on the server and on hydration, so the first render
 * matches the server's HTML.
 *
 * Not tied to an idle callback: on a page that has just hydrated the browser is idle almost at
 * once, so idle loading would put the region back into the page's first load (and its main-thread
 * work inside the time Lighthouse counts as blocking). The element must have a size (reserve it
 * with a class): an observer of a zero-size box below the fold only fires once it is scrolled to.
 */
export function useNearViewport(ref: { current: Element | null }, enabled = true): boolean {
  const [ready, setReady] = useState(!enabled);
  useEffect(() => {
    if (ready) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setReady(true);
      return;
    }
    const show = () => setReady(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin: NEAR_VIEWPORT });
    observer.observe(element);
    for (const type of FIRST_INPUT) window.addEventListener(type, show, { once: true, passive: true });
    return () => {
      observer.disconnect();
      for (const type of FIRST_INPUT) window.removeEventListener(type, show);
    };
  }, [ready, ref]);
  return ready;
}

/**
 * A piece of another remote's UI inside this page, loaded at run time by its federated id
 * (e.g. 'checkout/ExpressCheckoutButton'). Remotes never import each other's source: this is how
 * they meet. If the module cannot be loaded the slot renders `fallback` (nothing by default); if it
 * throws while rendering, only this slot shows a short message with Retry.
 */
export function FederatedSlot({
  module,
  props = {},
  loading = null,
  region,
  load = federationLoader,
  className,
  defer = false,
}: {
  /** Federated id: '<remote>/<ExposedModule>'. */
  module: `${string}/${string}`;
  props?: Props;
  /** Shown while the module loads. */
  loading?: ReactNode;
  /** Name of the region in error reports (the remote's name by default). */
  region?: string;
  /** How to load the module (tests); the page's federation runtime by default. */
  load?: Loader;
  className?: string | undefined;
  /**
   * Below the fold: load the module only once the slot nears the viewport or the shopper first
   * taps or types (see useNearViewport). `className` must reserve the slot's size, so that the
   * observer sees it and nothing moves when the module arrives.
   */
  defer?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const ready = useNearViewport(box, defer);
  const Component = useMemo(() => (ready ? lazySlot(module, load) : null), [ready, module, load]);
  return (
    <div ref={box} className={className} data-slot={module} data-slot-state={Component ? 'loading' : 'deferred'}>
      {Component ? (
        <RemoteBoundary region={region ?? module.split('/')[0] ?? module} onRetry={() => cache.delete(module)}>
          <Suspense fallback={loading}>
            <Component {...props} />
          </Suspense>
        </RemoteBoundary>
      ) : (
        loading
      )}
    </div>
  );
}
