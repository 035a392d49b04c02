import { lazy, Suspense, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { RemoteBoundary, Spinner } from '@shop/shared';
import { loadRemoteModule, resetRemote, type RemoteName } from './remotes';
import { serverComponent, useServerModules } from './serverModules';

type Props = Record<string, unknown>;
type Lazy = LazyExoticComponent<ComponentType<Props>>;

// React.lazy keeps a rejected load forever, so failed entries are dropped from this cache on Retry.
const cache = new Map<string, Lazy>();
/** Modules loaded before hydration (preloadRemotePages): rendered at once, with no Suspense pause. */
const loaded = new Map<string, ComponentType<Props>>();

/**
 * Loads the remote pages the server rendered into this document (their regions carry
 * data-module) before the shell hydrates, so that hydration renders them in the same pass instead
 * of leaving them dehydrated until React.lazy resolves: a tap on a region still dehydrated is
 * dropped by React, while a hydrating root is hydrated at once for it. Their scripts are already
 * preloaded by the page; past `waitMs` the page hydrates anyway and the rest loads lazily.
 */
export async function preloadRemotePages(doc: Document = document, waitMs = 3000): Promise<void> {
  const ids = [...doc.querySelectorAll<HTMLElement>('[data-module]')].map((el) => el.dataset.module as `${RemoteName}/${string}`);
  const loads = ids.map((id) =>
    loadRemoteModule<{ default: ComponentType<Props> }>(id, 1).then(
      (mod) => void loaded.set(id, mod.default),
      () => undefined, // React.lazy tries again (with retries) and the region's boundary reports it
    ),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.all(loads), new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
}

function lazyRemote(id: `${RemoteName}/${string}`): Lazy {
  let component = cache.get(id);
  if (!component) {
    component = lazy(() => loadRemoteModule<{ default: ComponentType<Props> }>(id));
    cache.set(id, component);
  }
  return component;
}

/** A region of the page rendered by a remote's exposed module, inside its own error boundary. */
export function RemotePage({ module, props = {} }: { module: `${RemoteName}/${string}`; props?: Props }) {
  const remote = module.split('/')[0] as RemoteName;
  const [generation, setGeneration] = useState(0);
  // On the page server the module is already loaded (or renders in the browser); in the browser
  // React.lazy loads it, and while hydrating keeps the server's HTML until it has.
  const serverModules = useServerModules();
  const Component = useMemo(
    () => (serverModules ? serverComponent(serverModules, module) : (loaded.get(module) ?? lazyRemote(module))),
    [module, generation, serverModules],
  );

  const retry = () => {
    cache.delete(module);
    loaded.delete(module);
    resetRemote(remote);
    setGeneration((g) => g + 1);
  };

  return (
    <RemoteBoundary key={module} region={remote} onRetry={retry}>
      <div data-remote={remote} data-module={module}>
        {/* While the page loads (or renders in the browser because the server gave up on it), its
            region holds a screen's height, so the footer is not on screen to be pushed down when
            the page arrives (a layout shift: CLS 0.34 seen on an article whose render ran out of time). */}
        <Suspense
          fallback={
            <div style={{ padding: 'var(--space-6)', textAlign: 'center', minHeight: '100vh' }}>
              <Spinner />
            </div>
          }
        >
          <Component {...props} />
        </Suspense>
      </div>
    </RemoteBoundary>
  );
}
