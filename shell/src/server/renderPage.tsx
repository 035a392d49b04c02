import { StrictMode, type ComponentType } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import vm from 'node:vm';
import { createStore, Provider } from 'jotai';
import { StaticRouter } from '@shop/shared/router';
import { getInstance, loadRemote, loadShare, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { CATEGORIES_DATA_KEY, prepareServerSanitizer, type PageData, type PageLoader, type ServerApi } from '@shop/shared';
import type { PaymentProviderName } from '@shop/shared/payment';
import { App } from '../App';
import { InitialPageData } from '../InitialPageData';
import { setServerPaymentProvider } from '../federation/remotes';
import { ClientOnlyRegion, ServerModulesContext, type ServerModules } from '../federation/serverModules';
import type { RouteLists } from '../routeTable';
import { RouteTableProvider } from '../routes';

/** A remote's server build as the page server configures it. */
export interface ServerRemote {
  name: string;
  /** Absolute URL of its server container (dist/server/remoteEntry.js), versioned by its manifest. */
  entry: string;
  /** Where its browser build's files (images) are served. */
  publicPath: string;
}

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  routeLists: RouteLists;
  /** The route's remote page, when the page server knows it. */
  page: { module: string; props: Record<string, unknown>; params: Record<string, string | undefined> } | null;
  /** The shell's own page data (categories, the resolved URL rewrite). */
  pageData: PageData;
  api: ServerApi;
  /** Time allowed for a remote to load and for its loader, in ms. */
  budgetMs: number;
  /** The API's payment provider (the test-payments notice is in the first render). */
  paymentProvider: PaymentProviderName | null;
  /** Where problems are reported (a region left to the browser, and why). */
  log?: (message: string, error: unknown) => void;
}

export interface RenderResult {
  /** The markup of #root. */
  html: string;
  /** Head elements the render produced (title, meta, canonical, preloads), first page only. */
  head: string;
  /** Everything the page was rendered with, for the browser to hydrate with. */
  pageData: PageData;
  /** Remote modules that render in the browser instead (failed or too slow on the server). */
  clientRendered: string[];
}

let configured = '';

let sharedLoaded: Promise<unknown> | null = null;

/**
 * Every singleton the shell provides, loaded: a remote's server container is one file whose
 * shared modules are taken synchronously when it starts, so they must be ready before.
 */
function loadSharedSingletons(): Promise<unknown> {
  sharedLoaded ??= Promise.all(Object.keys(getInstance()?.options.shared ?? {}).map((key) => loadShare(key)));
  return sharedLoaded;
}

/** Loads the remotes' pages ahead of the first shopper, so the first render is not over budget. */
export async function warmUp(modules: string[]): Promise<void> {
  await loadSharedSingletons();
  await Promise.allSettled(modules.map((id) => loadRemote(id)));
}

/** Registers the remotes' server containers (again when one changes: a new deploy). */
export async function configureRemotes(remotes: ServerRemote[], readLocal: (url: string) => Promise<string | null>, htmlWindow?: Parameters<typeof prepareServerSanitizer>[0]): Promise<void> {
  if (htmlWindow) await prepareServerSanitizer(htmlWindow);
  const key = JSON.stringify(remotes);
  if (key === configured) return;
  const first = configured === '';
  configured = key;
  const g = globalThis as unknown as { __SHOP_REMOTE_PUBLIC_PATHS__?: Record<string, string> };
  g.__SHOP_REMOTE_PUBLIC_PATHS__ = Object.fromEntries(remotes.map((r) => [r.name, r.publicPath]));
  if (first) {
    // Remotes this server serves itself are read from disk rather than over its own socket, and
    // evaluated as Module Federation's Node loader does (a CommonJS container); others load over HTTP.
    registerPlugins([
      {
        name: 'shop-local-remotes',
        async loadEntry({ remoteInfo }) {
          const text = await readLocal(remoteInfo.entry);
          if (text === null) return undefined;
          return evaluateContainer(text, remoteInfo.entry);
        },
      },
    ]);
  }
  registerRemotes(
    remotes.map((r) => ({ name: r.name, entry: r.entry })),
    { force: !first },
  );
}

/** A container gets Node's built-in modules only: everything else is shared through federation. */
function nodeRequire(id: string): unknown {
  const builtin = (process as unknown as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule?.(id);
  if (builtin) return builtin;
  throw new Error(`a remote's server build cannot require "${id}" (share it through Module Federation instead)`);
}

/** A remote's server container (CommonJS source) evaluated in this process. */
function evaluateContainer(source: string, url: string) {
  const module = { exports: {} as Record<string, unknown> };
  const wrapper = new vm.Script(`(function (exports, module, require, __dirname, __filename) {${source}\n})`, { filename: url });
  (wrapper.runInThisContext() as (...args: unknown[]) => void)(module.exports, module, nodeRequire, '/', url);
  return module.exports as never;
}

const timeout = (ms: number, what: string) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms).unref());

type PageModule = { default: ComponentType<Record<string, unknown>>; loadPageData?: PageLoader };

/** The route's page module and its data, within the budget; null if either failed. */
async function loadPage(request: RenderRequest, modules: ServerModules, log: (msg: string, err: unknown) => void): Promise<PageData> {
  const page = request.page;
  if (!page) return {};
  const started = Date.now();
  try {
    await loadSharedSingletons();
    const mod = await Promise.race([loadRemote<PageModule>(page.module), timeout(request.budgetMs, `loading ${page.module}`)]);
    if (!mod?.default) throw new Error(`${page.module} has no default export`);
    const left = Math.max(request.budgetMs - (Date.now() - started), 50);
    const data = mod.loadPageData
      ? await Promise.race([mod.loadPageData({ props: page.props, params: page.params, query: new URL(request.url, 'http://x').searchParams }, request.api), timeout(left, `data of ${page.module}`)])
      : {};
    modules.set(page.module, mod.default);
    return data;
  } catch (error) {
    log(`${page.module} renders in the browser`, error);
    modules.set(page.module, null);
    return {};
  }
}

/** Leading hoisted elements of React's output (it writes a page's <title>, <meta> and <link> first). */
const HOISTED = /^(?:<title>[\s\S]*?<\/title>|<meta [^>]*?\/>|<link [^>]*?\/>)/;

function splitHoisted(markup: string): { head: string; body: string } {
  let head = '';
  let rest = markup;
  for (let m = HOISTED.exec(rest); m; m = HOISTED.exec(rest)) {
    head += m[0];
    rest = rest.slice(m[0].length);
  }
  return { head, body: rest };
}

/** Renders the shell and the route's remote page to HTML (React streaming, collected once all is ready). */
export async function renderPage(request: RenderRequest): Promise<RenderResult> {
  const log = request.log ?? (() => {});
  const modules: ServerModules = new Map();
  setServerPaymentProvider(request.paymentProvider);
  // The shell's menus need the categories on every page; the page's own data loads alongside.
  const [categories, data] = await Promise.all([
    request.api.get('/categories/', 'categoriesSchema').then(
      (answer) => answer?.categories,
      (error: unknown) => log('categories unavailable: the menu loads in the browser', error),
    ),
    loadPage(request, modules, log),
  ]);
  const pageData: PageData = { ...request.pageData, ...data };
  if (categories) pageData[CATEGORIES_DATA_KEY] = categories;
  const tree = (
    <StrictMode>
      <Provider store={createStore()}>
        <RouteTableProvider lists={request.routeLists}>
          <ServerModulesContext.Provider value={modules}>
            <StaticRouter location={request.url}>
              <InitialPageData data={pageData}>
                <App />
              </InitialPageData>
            </StaticRouter>
          </ServerModulesContext.Provider>
        </RouteTableProvider>
      </Provider>
    </StrictMode>
  );
  const markup = await new Promise<string>((resolve, reject) => {
    let out = '';
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        out += chunk.toString('utf8');
        done();
      },
      final(done) {
        resolve(out);
        done();
      },
    });
    const stream = renderToPipeableStream(tree, {
      // Everything is ready before the first byte: no boundary is sent apart to be revealed by an
      // inline script (the shop's CSP allows none, and pages must read without JavaScript).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError(error) {
        if (!(error instanceof ClientOnlyRegion)) log('render error (the region renders in the browser)', error);
      },
    });
    // Nothing should still be pending (data is loaded first); whatever is, the browser renders.
    setTimeout(() => stream.abort(new Error('render budget exceeded')), request.budgetMs * 2).unref();
  });
  const { head, body } = splitHoisted(markup);
  const clientRendered = [...modules].filter(([, c]) => c === null).map(([id]) => id);
  return { html: body, head, pageData, clientRendered };
}
