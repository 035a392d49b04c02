import { matchRoutes } from 'react-router-dom';
import { DEFAULT_TITLE, HELPLINE_TEL, INFO_EMAIL, pageTitle, SHOP_LEGAL_NAME, SHOP_NAME } from '@shop/shared/shop';
import type { RouteTable, TableRoute } from '@shop/shared/routes';
import { pageRequest } from './operations';

/** What the page server puts into a page's HTML before the shell takes over. */
export interface PageMeta {
  /** 503: no route matched while a remote's route list is unknown, so the page may exist. */
  status: 200 | 301 | 404 | 503;
  /** For 301: where the page moved. */
  location?: string;
  title: string;
  description?: string | undefined;
  /** Path of the canonical URL (query dropped). */
  canonicalPath?: string;
  jsonLd: object[];
  /** The remote page that renders this URL, with its props (server rendering). */
  page?: { module: string; props: Record<string, unknown>; params: Record<string, string | undefined> };
  /** The URL rewrite this path resolved to (the shell's catch-all hydrates with it). */
  rewrite?: Resolved;
  /**
   * The title and description the page renders itself (a search for "x", an address form) win
   * over `title` and `description` here, which only stand in when the page renders in the browser.
   */
  pageTitleWins?: boolean;
}

interface Cms {
  identifier: string;
  title: string;
  meta_title?: string | null;
  meta_description?: string | null;
}
interface Category {
  id: number;
  name: string;
  url: string;
  attrs?: { meta_title?: string | null; meta_description?: string | null };
}
interface Product {
  id: number;
  sku: string;
  name: string;
  price: number;
  url: string;
  category_ids?: number[];
  attrs?: { meta_title?: string | null; meta_description?: string | null; image?: string | null; short_description?: string | null; special_price?: number | null };
  stock?: { is_in_stock: boolean };
  review_summary?: { average: number; count: number };
  parent?: { id: number; url: string };
}
interface BlogPost {
  url_key: string;
  name: string;
  meta_title?: string | null;
  meta_description?: string | null;
}

export type Resolved =
  | { type: 'product'; id: number; url: string }
  | { type: 'category'; id: number; url: string }
  | { type: 'cms-page'; identifier: string; url: string }
  | { type: 'redirect'; target: string; status: 301 };

/**
 * How long the page server reuses an API answer (1 s): renders of a busy page share one answer,
 * and a change made in the back office is in the pages within 2 s (the API's own caches are
 * dropped at once when the catalogue changes, see api/src/catalog/changes.ts).
 */
export const PAGE_DATA_TTL_MS = 1000;

/** A small read-through cache of API answers: renders that arrive together share one call. */
export class ApiReader {
  private cache = new Map<string, { at: number; value: Promise<unknown> }>();
  constructor(
    private readonly apiUrl: string,
    private readonly ttlMs = PAGE_DATA_TTL_MS,
  ) {}

  /** The JSON answer, or null for a 404; other failures throw. */
  get<T>(path: string): Promise<T | null> {
    const hit = this.cache.get(path);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value as Promise<T | null>;
    // The page request's id goes along, so the API's log lines of this read name the page's request.
    const requestId = pageRequest.getStore()?.id;
    const headers = { accept: 'application/json', ...(requestId ? { 'x-request-id': requestId } : {}) };
    const value = fetch(`${this.apiUrl}/api${path}`, { headers, signal: AbortSignal.timeout(3000) }).then(
      async (res) => {
        if (res.status === 404) return null;
        if (!res.ok) throw new Error(`${path} answered ${res.status}`);
        return (await res.json()) as T;
      },
    );
    this.cache.set(path, { at: Date.now(), value });
    value.catch(() => this.cache.delete(path));
    if (this.cache.size > 2000) this.cache.delete(this.cache.keys().next().value as string);
    return value;
  }
}

const stripHtml = (html: string | null | undefined) => (html ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();

export function organizationLd(origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SHOP_NAME,
    legalName: SHOP_LEGAL_NAME,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    email: INFO_EMAIL,
    contactPoint: { '@type': 'ContactPoint', telephone: HELPLINE_TEL, contactType: 'technical support', areaServed: 'GB' },
  };
}

function breadcrumbLd(origin: string, trail: { name: string; path: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((t, i) => ({ '@type': 'ListItem', position: i + 1, name: t.name, item: `${origin}${t.path}` })),
  };
}

function productLd(origin: string, p: Product): object {
  const price = p.attrs?.special_price ?? p.price;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    sku: p.sku,
    description: stripHtml(p.attrs?.short_description) || undefined,
    image: p.attrs?.image ? `${origin}${p.attrs.image}` : undefined,
    brand: { '@type': 'Brand', name: SHOP_NAME },
    offers: {
      '@type': 'Offer',
      url: `${origin}${p.url}`,
      priceCurrency: 'GBP',
      price: price.toFixed(2),
      availability: p.stock?.is_in_stock === false ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
      priceSpecification: { '@type': 'PriceSpecification', price: price.toFixed(2), priceCurrency: 'GBP', valueAddedTaxIncluded: false },
    },
    ...(p.review_summary && p.review_summary.count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: p.review_summary.average, reviewCount: p.review_summary.count } }
      : {}),
  };
}

/**
 * @param routeTable the route table composed from the remotes' lists (read on every page, so a
 * re-read list applies at once). Each route says how its status and title are found.
 */
export function createMetaResolver(apiUrl: string, routeTable: () => RouteTable, api = new ApiReader(apiUrl)) {

  const notFound = (): PageMeta => ({ status: 404, title: pageTitle('Page not found'), jsonLd: [] });

  async function cmsMeta(identifier: string, path: string, origin: string): Promise<PageMeta> {
    const pages = await api.get<{ items: Cms[] }>('/content/cms-pages');
    const page = pages?.items.find((p) => p.identifier === identifier);
    if (!page) return notFound();
    return {
      status: 200,
      // The home page's title is the CMS page's own (spec: title and description from page 'home').
      title: identifier === 'home' ? page.meta_title || page.title || DEFAULT_TITLE : pageTitle(page.title),
      description: page.meta_description ?? undefined,
      canonicalPath: path,
      jsonLd: identifier === 'home' ? [] : [breadcrumbLd(origin, [{ name: 'Home', path: '/' }, { name: page.title, path }])],
    };
  }

  async function productMeta(id: number, origin: string): Promise<PageMeta> {
    const product = await api.get<Product>(`/products/info/${id}`);
    if (!product) return notFound();
    // A variant of a configurable product lives on its parent's page.
    if (product.parent) return { status: 301, location: product.parent.url, title: DEFAULT_TITLE, jsonLd: [] };
    const categories = (await api.get<{ categories: Category[] }>('/categories/'))?.categories ?? [];
    const category = categories.find((c) => product.category_ids?.includes(c.id));
    const trail = [{ name: 'Home', path: '/' }, ...(category ? [{ name: category.name, path: category.url }] : []), { name: product.name, path: product.url }];
    return {
      status: 200,
      title: pageTitle(product.attrs?.meta_title || product.name),
      description: product.attrs?.meta_description || stripHtml(product.attrs?.short_description) || undefined,
      canonicalPath: product.url,
      jsonLd: [productLd(origin, product), breadcrumbLd(origin, trail)],
    };
  }

  async function categoryMeta(id: number, origin: string): Promise<PageMeta> {
    const categories = (await api.get<{ categories: Category[] }>('/categories/'))?.categories ?? [];
    const category = categories.find((c) => c.id === id);
    if (!category) return notFound();
    return {
      status: 200,
      title: pageTitle(category.attrs?.meta_title || category.name),
      description: category.attrs?.meta_description ?? undefined,
      canonicalPath: category.url,
      jsonLd: [breadcrumbLd(origin, [{ name: 'Home', path: '/' }, { name: category.name, path: category.url }])],
    };
  }

  /** The status, title, description and structured data of the page at `path`, and the page that renders it. */
  return function resolvePage(path: string, origin: string): Promise<PageMeta> {
    return resolveMeta(path, origin);
  };

  /** The metadata of a page the route list names, by the kind its route declares. */
  async function routeMeta(meta: NonNullable<TableRoute['meta']>, params: Record<string, string | undefined>, routePath: string, clean: string, origin: string): Promise<PageMeta> {
    switch (meta.kind) {
      case 'cms-page':
        return cmsMeta(meta.identifier, routePath, origin);
      case 'product':
        return productMeta(Number(params[meta.param]), origin);
      case 'category':
        return categoryMeta(Number(params[meta.param]), origin);
      case 'article': {
        const posts = (await api.get<{ items: BlogPost[] }>('/content/blog-posts'))?.items ?? [];
        const post = posts.find((p) => p.url_key === params[meta.param]);
        if (!post) return notFound();
        return { status: 200, title: post.meta_title || pageTitle(post.name), description: post.meta_description ?? undefined, canonicalPath: clean, jsonLd: [] };
      }
      case 'page':
        // Account, checkout, search and listing pages: their own titles come with the page itself.
        return { status: 200, title: meta.title ? pageTitle(meta.title) : DEFAULT_TITLE, canonicalPath: clean, jsonLd: [], pageTitleWins: true };
    }
  }

  async function resolveMeta(path: string, origin: string): Promise<PageMeta> {
    const clean = path.replace(/\/{2,}/g, '/');
    const table = routeTable();
    // Ranked as the shell's router ranks them (a static segment beats a parameter).
    const match = matchRoutes(table.routes.map((route) => ({ path: route.path, handle: route })), clean)?.[0];
    if (match) {
      const route = match.route.handle as TableRoute;
      const params = match.params;
      const page = { module: route.module, props: route.props ?? {}, params };
      // A remote's route with nothing there (an unknown product id, article) is rendered by the
      // remote too: its own not-found page, in its region, in the first HTML.
      const withPage = (m: PageMeta): PageMeta => (m.status === 200 || m.status === 404 ? { ...m, page } : m);
      const meta = route.meta ?? { kind: 'page' };
      return withPage(await routeMeta(meta, params, route.path, clean, origin));
    }
    // The catch-all: a URL rewrite of the catalogue, a CMS page, an old path that moved, or nothing.
    // The trailing slash goes along: the API answers '/damp-proofing/' with a 301 to '/damp-proofing'.
    const key = clean.replace(/^\/+/, '');
    // While a remote's list is unknown, a path nothing else claims may be one of its pages.
    const unknown = (): PageMeta => (table.missing.length > 0 ? { status: 503, title: DEFAULT_TITLE, jsonLd: [] } : notFound());
    if (!key) return unknown();
    const resolved = await api.get<Resolved>(`/url-rewrites/resolve?path=${encodeURIComponent(key)}`);
    if (!resolved) return unknown();
    if (resolved.type === 'redirect') return { status: 301, location: resolved.target, title: DEFAULT_TITLE, jsonLd: [] };
    const meta =
      resolved.type === 'product'
        ? await productMeta(resolved.id, origin)
        : resolved.type === 'category'
          ? await categoryMeta(resolved.id, origin)
          : await cmsMeta(resolved.identifier, clean, origin);
    const target = table.rewrites[resolved.type];
    if (meta.status !== 200 || !target) return meta;
    const id = resolved.type === 'cms-page' ? resolved.identifier : resolved.id;
    return { ...meta, rewrite: resolved, page: { module: target.module, props: { [target.prop]: id }, params: {} } };
  }
}
