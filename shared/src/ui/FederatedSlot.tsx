import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
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
}) {
  const Component = useMemo(() => lazySlot(module, load), [module, load]);
  return (
    <div className={className} data-slot={module}>
      <RemoteBoundary region={region ?? module.split('/')[0] ?? module} onRetry={() => cache.delete(module)}>
        <Suspense fallback={loading}>
          <Component {...props} />
        </Suspense>
      </RemoteBoundary>
    </div>
  );
}
