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
const NEAR_VIEWPORT = '200px';
/** How long after the load event a deferred slot that is never scrolled to waits for an idle moment. */
const IDLE_AFTER_LOAD_MS = 2_000;

/**
 * True once the element comes near the viewport or the browser is idle after the page has loaded
 * (at once where the browser has no IntersectionObserver). Below-the-fold regions wait for it so
 * their JavaScript stays off the page's first load.
 */
export function useNearOrIdle(ref: { current: Element | null }, enabled = true): boolean {
  const [ready, setReady] = useState(!enabled || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (ready || !ref.current) return;
    const show = () => setReady(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin: NEAR_VIEWPORT });
    observer.observe(ref.current);
    // Idle: a while after the page's load event, then the browser's next idle moment, so the
    // region stays out of the first load and of its busy start-up (Lighthouse's TBT window).
    let idleId: number | undefined;
    let timer: number | undefined;
    const afterLoad = () => {
      timer = window.setTimeout(() => {
        idleId = typeof requestIdleCallback === 'function' ? requestIdleCallback(show, { timeout: 10_000 }) : undefined;
        if (idleId === undefined) show();
      }, IDLE_AFTER_LOAD_MS);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('load', afterLoad);
      window.clearTimeout(timer);
      if (idleId !== undefined) cancelIdleCallback(idleId);
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
   * Below the fold: load the remote only once the slot nears the viewport or the browser is idle.
   * `className` must then reserve the slot's size, so nothing moves when it arrives.
   */
  defer?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const ready = useNearOrIdle(box, defer);
  const Component = useMemo(() => (ready ? lazySlot(module, load) : null), [ready, module, load]);
  return (
    <div ref={box} className={className} data-slot={module}>
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
