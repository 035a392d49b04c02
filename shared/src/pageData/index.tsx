import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { z } from 'zod';
import type * as Schemas from '../api/schemas';

/**
 * Data a server-rendered page loaded on the server, handed to the browser once: the page server
 * runs the page's loader, renders with the answer, and writes it into the HTML
 * (`<script id="page-data">`); the browser hydrates with the same answer instead of fetching it
 * again. Entries are keyed by what they are ('categories', 'product:42'), so a page and the shell
 * can each find theirs. After the first client navigation the entries are dropped and pages fetch
 * as usual.
 */
export type PageData = Record<string, unknown>;

type SchemaModule = typeof Schemas;

/**
 * A schema of '@shop/shared/schemas', by its exported name ('productInfoSchema'). Loaders name the
 * schema rather than import it, so a page module carries no zod into the browser: the page
 * server looks the schema up and parses with it.
 */
export type AnswerSchemaName = { [K in keyof SchemaModule]: SchemaModule[K] extends z.ZodType ? K : never }[keyof SchemaModule];
export type AnswerOf<K extends AnswerSchemaName> = SchemaModule[K] extends z.ZodType ? z.output<SchemaModule[K]> : never;

/** What a loader may read: GET calls of the shop's API, parsed on the server with the named schema. */
export interface ServerApi {
  /** The answer of `GET /api<path>`, or null for a 404; other failures throw. */
  get<K extends AnswerSchemaName>(path: string, schema: K): Promise<AnswerOf<K> | null>;
}

/** The page a loader loads for: the props the page gets and the URL's route parameters. */
export interface PageRequest<P = Record<string, unknown>> {
  props: P;
  params: Record<string, string | undefined>;
  /** The URL's query (?page=2&sort=name). */
  query: URLSearchParams;
}

/**
 * A page module may export `loadPageData`: the page server runs it before rendering, within a
 * budget of a few hundred milliseconds. Its answer is the page's PageData entries (the keys the
 * page's components look up with usePageData).
 */
export type PageLoader<P = Record<string, unknown>> = (page: PageRequest<P>, api: ServerApi) => Promise<PageData>;

const PageDataContext = createContext<PageData>({});

export function PageDataProvider({ data, children }: { data: PageData; children: ReactNode }) {
  return <PageDataContext.Provider value={data}>{children}</PageDataContext.Provider>;
}

/** The server's answer for `key` while the first page is shown, else undefined (fetch it). */
export function usePageData<T>(key: string): T | undefined {
  return useContext(PageDataContext)[key] as T | undefined;
}

/** The page data written into the page by the page server, if any. */
export function readInlinePageData(doc: Document = document): PageData {
  const text = doc.getElementById('page-data')?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return {};
  }
}

const noSubscribe = () => () => {};

/**
 * False on the server and while the page hydrates, true after: state only the browser knows
 * (localStorage: the signed-in customer, the cookie flag) is shown after hydration so the first
 * render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}
