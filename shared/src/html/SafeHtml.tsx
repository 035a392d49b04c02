import { useEffect, useMemo, useState, type ComponentPropsWithRef } from 'react';
import { useHydrated } from '../pageData';

type SanitizerModule = typeof import('./sanitize');

let sanitize: SanitizerModule['sanitizeHtml'] | null = null;
let loading: Promise<SanitizerModule> | null = null;

/**
 * The shop's one HTML sanitiser (DOMPurify, about 11 KiB gzip: ./sanitize), loaded the first time
 * the browser has HTML of its own to render. A server-rendered page needs none of it: its HTML was
 * cleaned on the server.
 */
export function loadSanitizer(): Promise<SanitizerModule> {
  loading ??= import('./sanitize').then(
    (module) => {
      sanitize = module.sanitizeHtml;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The page server: loads the sanitiser before the first render, with the DOM window it cleans
 * HTML in (jsdom's; the server has no browser window).
 */
export async function prepareServerSanitizer(win: Parameters<SanitizerModule['setSanitizerWindow']>[0]): Promise<void> {
  (await loadSanitizer()).setSanitizerWindow(win);
}

/** Tests: forget the loaded sanitiser, as on a page that has not needed it yet. */
export function resetSanitizerForTests(): void {
  sanitize = null;
  loading = null;
}

/** Props for an element that shows sanitised HTML (spread them onto it; see SafeHtml). */
export interface SafeHtmlProps {
  suppressHydrationWarning: true;
  dangerouslySetInnerHTML: { __html: string };
}

/**
 * HTML from the shop's database (CMS pages, articles, product and category descriptions),
 * sanitised (no scripts, frames, forms, styles or handlers; safe links only), as props for the
 * element that shows it. The string in `dangerouslySetInnerHTML` changes when the shown HTML does.
 *
 * On the server it is sanitised as it renders. In the browser, HTML the server rendered is left in
 * the page as it is while the page hydrates and for as long as it stays the same (React does not
 * set the inner HTML again while the string it is given is unchanged), so the first page loads no
 * sanitiser. New HTML (a page the shopper navigated to) is sanitised in the browser once the
 * sanitiser has loaded; until then the element is empty.
 */
export function useSafeHtml(html: string | null | undefined): SafeHtmlProps {
  const hydrated = useHydrated();
  if (typeof document === 'undefined' && !sanitize) {
    throw new Error('HTML rendered on the server before prepareServerSanitizer()');
  }
  // While hydrating without the sanitiser, the HTML on the page is the server's, cleaned there.
  const [fromServer] = useState(() => (!hydrated && !sanitize ? (html ?? '') : null));
  const [loads, setLoads] = useState(0);
  const kept = fromServer !== null && (html ?? '') === fromServer;
  useEffect(() => {
    if (kept || sanitize || !html) return;
    let live = true;
    loadSanitizer().then(
      () => live && setLoads((n) => n + 1),
      (error: unknown) => console.error('[shop] the HTML sanitiser failed to load', error),
    );
    return () => {
      live = false;
    };
  }, [kept, html]);
  // Sanitising parses the HTML: once per HTML (and once the sanitiser is in), not every render.
  const clean = useMemo(() => (kept || !sanitize ? '' : sanitize(html)), [kept, html, loads]);
  return { suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: clean } };
}

type DivProps = Omit<ComponentPropsWithRef<'div'>, 'children' | 'dangerouslySetInnerHTML'>;

/** A <div> with HTML from the shop's database, sanitised (see useSafeHtml). */
export function SafeHtml({ html, ...props }: { html: string | null | undefined } & DivProps) {
  return <div {...props} {...useSafeHtml(html)} />;
}
