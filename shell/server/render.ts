import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import type { ZodType } from 'zod';
import * as schemas from '@shop/shared/schemas';
import type { LoadedRouteTable } from '@shop/shared/routes';
import type { PaymentProviderName } from '@shop/shared/payment';
import { REMOTES, type PageServerConfig } from './config';
import type { ApiReader, PageMeta } from './meta';
import { manifestReader } from './routeTable';

/** The shell's server build (shell/src/server/index.ts, built to shell/dist/server/main.js). */
interface ShellServerBuild {
  configureRemotes(remotes: ServerRemote[], readLocal: (url: string) => Promise<string | null>, htmlWindow?: unknown): Promise<void>;
  renderPage(request: {
    url: string;
    routeLists: { lists: LoadedRouteTable['lists']; missing: string[] };
    page: { module: string; props: Record<string, unknown>; params: Record<string, string | undefined> } | null;
    pageData: Record<string, unknown>;
    api: { get(path: string, schema: string): Promise<unknown> };
    budgetMs: number;
    paymentProvider: PaymentProviderName | null;
    log: (message: string, error: unknown) => void;
  }): Promise<{ html: string; head: string; pageData: Record<string, unknown>; clientRendered: string[] }>;
  warmUp(modules: string[]): Promise<void>;
}
interface ServerRemote {
  name: string;
  entry: string;
  publicPath: string;
}

/** What a remote's browser manifest says about one exposed module's files. */
interface ManifestExpose {
  name: string;
  assets?: { js?: { sync?: string[] }; css?: { sync?: string[]; async?: string[] } };
}
interface BrowserManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: ManifestExpose[];
}

interface RemoteInfo {
  name: string;
  /** Where the remote's browser files are (the manifest's folder), as the browser sees it. */
  base: string;
  manifest: BrowserManifest;
  version: string;
}

export interface RenderedPage {
  html: string;
  head: string[];
  pageData: Record<string, unknown>;
  clientRendered: string[];
}

/** The shell build's CSS files (the same content under two names is linked once). */
function shellStylesheets(dist: string): string[] {
  const files = fs.readdirSync(dist).filter((f) => /\.[0-9a-f]{8}\.css$/.test(f)).sort();
  const seen = new Set<string>();
  return files
    .filter((f) => {
      const hash = /\.([0-9a-f]{8})\.css$/.exec(f)![1]!;
      if (seen.has(hash)) return false;
      seen.add(hash);
      return true;
    })
    .map((f) => `<link rel="stylesheet" href="/${f}">`);
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Server rendering for the page server: loads the shell's server build, points it at each
 * remote's server container (dist/server/remoteEntry.js beside the remote's configured manifest,
 * versioned by that manifest so a new deploy is picked up like a new route list), and renders a
 * page with its data. Without the shell's server build (a dev run) pages are served unrendered.
 */
export function createPageRenderer(config: PageServerConfig, api: ApiReader, log: { warn(obj: object, msg: string): void }) {
  const bundle = path.join(config.shellDist, 'server/main.js');
  const shell: ShellServerBuild | null = fs.existsSync(bundle) ? (require(bundle) as ShellServerBuild) : null;
  const internalBase = `http://127.0.0.1:${config.port}`;
  // The shell's own styles (header, footer, shared UI), which its JavaScript would otherwise add
  // only after it runs: in the head, so the server's HTML is styled from the first paint.
  const shellStyles = shell ? shellStylesheets(config.shellDist) : [];
  const read = manifestReader(config);
  let remotes: Record<string, RemoteInfo> = {};
  // HTML from the database is sanitised with DOMPurify, which needs a DOM: jsdom's, one per server.
  const htmlWindow: unknown = new JSDOM('').window;
  let readAt = 0;
  let reading: Promise<void> | null = null;

  /** The browser-relative folder of a remote's manifest URL ('/remotes/content/', or a CDN's). */
  const baseOf = (manifestUrl: string) => manifestUrl.replace(/[^/]*$/, '');

  /** Files this server serves itself (the all-in-one start) are read from disk. */
  function readLocal(url: string): Promise<string | null> {
    return Promise.resolve(localFile(url)).then((file) => (file ? fs.promises.readFile(file, 'utf8') : null));
  }

  function localFile(url: string): string | null {
    const u = new URL(url);
    if (u.origin !== internalBase) return null;
    for (const name of REMOTES) {
      const prefix = `/remotes/${name}/`;
      if (u.pathname.startsWith(prefix)) {
        const file = path.join(config.localRemotes[name], u.pathname.slice(prefix.length));
        if (!file.startsWith(config.localRemotes[name])) return null;
        return file;
      }
    }
    return null;
  }

  async function readRemotes(): Promise<void> {
    if (!shell) return;
    const next: Record<string, RemoteInfo> = {};
    await Promise.all(
      REMOTES.map(async (name) => {
        const url = config.remotes[name];
        try {
          const manifest = (await read(name, url)) as BrowserManifest;
          const version = createHash('sha256').update(JSON.stringify(manifest)).digest('hex').slice(0, 12);
          next[name] = { name, base: baseOf(url), manifest, version };
        } catch (error) {
          if (remotes[name]) next[name] = remotes[name];
          else log.warn({ err: error, remote: name }, 'remote manifest unavailable: its pages render in the browser');
        }
      }),
    );
    remotes = next;
    await shell.configureRemotes(
      Object.entries(remotes).map(([name, r]) => ({
        name,
        entry: `${new URL(`${r.base}server/remoteEntry.js`, internalBase).href}?v=${r.version}`,
        publicPath: r.base,
      })),
      readLocal,
      htmlWindow,
    );
    // Every page module of the remotes, loaded before shoppers ask (a cold load can exceed the budget).
    const modules = Object.values(remotes).flatMap((r) => (r.manifest.exposes ?? []).map((e) => `${r.name}/${e.name}`));
    await shell.warmUp(modules);
  }

  function refresh(): Promise<void> {
    reading ??= readRemotes().finally(() => {
      readAt = Date.now();
      reading = null;
    });
    return reading;
  }

  /** Stylesheets and preload hints of the route's remote module, from its browser manifest. */
  function moduleHead(module: string | undefined): string[] {
    if (!module) return [];
    const [name, exposed] = module.split('/') as [string, string];
    const remote = remotes[name];
    const expose = remote?.manifest.exposes?.find((e) => e.name === exposed);
    if (!remote || !expose) return [];
    const href = (file: string) => escapeAttr(`${remote.base}${file}`);
    const entry = remote.manifest.metaData?.remoteEntry;
    const css = expose.assets?.css?.sync ?? [];
    return [
      ...css.map((f) => `<link rel="stylesheet" href="${href(f)}">`),
      ...(entry?.name ? [`<link rel="preload" as="script" href="${href(`${entry.path ? `${entry.path}/` : ''}${entry.name}`)}">`] : []),
      ...(expose.assets?.js?.sync ?? []).map((f) => `<link rel="preload" as="script" href="${href(f)}">`),
    ];
  }

  const serverApi = {
    // Loaders name their schema (see ServerApi in @shop/shared): a name that is not one is a bug.
    async get(apiPath: string, schemaName: string) {
      const schema = (schemas as Record<string, unknown>)[schemaName] as ZodType | undefined;
      if (!schema || typeof (schema as { parse?: unknown }).parse !== 'function') throw new Error(`no schema named ${schemaName} in @shop/shared/schemas`);
      const answer = await api.get<unknown>(apiPath);
      return answer === null ? null : schema.parse(answer);
    },
  };

  return {
    enabled: shell !== null,
    /** Reads the remotes' manifests; again when due (ROUTES_REFRESH_MS), in the background. */
    async ready(): Promise<void> {
      await refresh();
    },
    async render(
      url: string,
      table: LoadedRouteTable,
      meta: PageMeta | undefined,
      shellData: Record<string, unknown>,
      paymentProvider: PaymentProviderName | null,
    ): Promise<RenderedPage | null> {
      if (!shell) return null;
      const every = config.routesRefreshMs || Infinity;
      if (!reading && Date.now() - readAt >= every) void refresh();
      // A 404 with a page is a remote's route with nothing there: the remote renders its own not-found.
      const page = meta?.page && (meta.status === 200 || meta.status === 404) ? meta.page : null;
      const rendered = await shell.renderPage({
        url,
        routeLists: { lists: table.lists, missing: table.missing },
        page,
        pageData: shellData,
        api: serverApi,
        budgetMs: config.renderBudgetMs,
        paymentProvider,
        log: (message, error) => log.warn({ err: error, url }, message),
      });
      const head = [...shellStyles, ...moduleHead(page?.module)];
      if (rendered.head) head.push(rendered.head);
      return { html: rendered.html, head, pageData: rendered.pageData, clientRendered: rendered.clientRendered };
    },
  };
}
