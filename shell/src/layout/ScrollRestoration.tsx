import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from '@shop/shared/router';

/** Where each visited entry of this tab's history was scrolled to (by location key). */
const STORAGE_KEY = 'shop.scrollPositions';
/** How long a restore waits for a remote page (code, then data) to grow tall enough to scroll to. */
const RESTORE_WAIT_MS = 8000;
const MAX_ENTRIES = 100;

type Positions = Record<string, { x: number; y: number }>;

function readPositions(): Positions {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Positions;
  } catch {
    return {};
  }
}

function savePosition(key: string, x: number, y: number): void {
  try {
    const positions = readPositions();
    delete positions[key];
    positions[key] = { x, y };
    const keys = Object.keys(positions);
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete positions[old];
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or blocked: Back then starts at the top, nothing worse.
  }
}

/**
 * The key of a history entry. The entry the shopper landed on has no key of the router's
 * ('default'), so its path stands in for one.
 */
function entryKey(location: { key: string; pathname: string; search: string }): string {
  return location.key === 'default' ? `default:${location.pathname}${location.search}` : location.key;
}

function hashTarget(hash: string): HTMLElement | null {
  if (!hash || hash === '#') return null;
  const id = decodeURIComponent(hash.slice(1));
  return document.getElementById(id) ?? document.getElementsByName(id)[0] ?? null;
}

/**
 * Scroll position across page changes, as a multi-page site behaves: a new page (link, redirect)
 * starts at the top, or at its #hash target; Back and Forward return to where the shopper was on
 * that page. Pages of the remotes render after their code and data arrive, so a restore (or a
 * hash) waits, for a few seconds at most, until the page is tall enough (or the target exists).
 * A restore also holds its place while the page settles: a page that loads its data again shows
 * a shorter loading state first (the browser then clamps the position), and grows back after, so
 * the position is put back whenever the page changes size, until the shopper scrolls themselves
 * or the page has settled. A page that only rewrites its own address (replace: a tab in the hash,
 * a sort in the query) keeps its position.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  // The browser's own restoration fights ours on client-side navigations.
  useEffect(() => {
    if (!('scrollRestoration' in history)) return;
    const before = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    return () => {
      history.scrollRestoration = before;
    };
  }, []);

  // Where the current entry is scrolled to, kept as the shopper scrolls: by the time a new page
  // has replaced the old one in the document, the old page's position can no longer be read.
  const current = useRef<{ key: string; x: number; y: number } | null>(null);
  const key = entryKey(location);
  const currentKey = useRef(key);
  const previousPath = useRef<string | null>(null);
  useEffect(() => {
    const track = () => {
      current.current = { key: currentKey.current, x: window.scrollX, y: window.scrollY };
    };
    // A reload (or leaving the shop) keeps the position for when the shopper comes Back.
    const remember = () => {
      track();
      if (current.current) savePosition(current.current.key, current.current.x, current.current.y);
    };
    window.addEventListener('scroll', track, { passive: true });
    window.addEventListener('pagehide', remember);
    return () => {
      window.removeEventListener('scroll', track);
      window.removeEventListener('pagehide', remember);
    };
  }, []);

  useLayoutEffect(() => {
    const left = current.current;
    if (left && left.key !== key) savePosition(left.key, left.x, left.y);
    currentKey.current = key;
    current.current = null;
    const samePage = previousPath.current === location.pathname;
    previousPath.current = location.pathname;
    // The page itself changed its address (a tab into the hash, a sort into the query): stay put.
    if (navigationType === 'REPLACE' && samePage) {
      current.current = { key, x: window.scrollX, y: window.scrollY };
      return;
    }
    const saved = navigationType === 'POP' ? readPositions()[key] : undefined;
    // The page the shopper landed on, freshly (no position kept for it, no #hash): the browser put
    // it at the top, and the shopper may have scrolled it already while it hydrated. Leave it there.
    if (location.key === 'default' && navigationType === 'POP' && !saved && !location.hash) {
      current.current = { key, x: window.scrollX, y: window.scrollY };
      return;
    }
    const target = () => (saved ? null : hashTarget(location.hash));
    const wanted = saved ?? { x: 0, y: 0 };

    const attempt = (): boolean => {
      const el = target();
      if (location.hash && !saved) {
        if (!el) return false;
        el.scrollIntoView();
        return true;
      }
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= wanted.y;
      window.scrollTo(wanted.x, reachable ? wanted.y : document.documentElement.scrollHeight);
      return reachable;
    };

    const restoring = Boolean(saved);
    if (attempt() && !restoring) return;
    // Not there yet (or a restore, which holds its place while the page settles): try again as
    // the page changes size, until time is up or the shopper scrolls.
    let done = false;
    const stop = () => {
      done = true;
      observer.disconnect();
      clearTimeout(timer);
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchmove', stop);
      window.removeEventListener('keydown', stop);
      window.removeEventListener('pointerdown', stop);
    };
    const observer = new ResizeObserver(() => {
      if (done) return;
      const reached = attempt();
      if (reached && !restoring) stop();
    });
    observer.observe(document.body);
    const timer = setTimeout(stop, RESTORE_WAIT_MS);
    window.addEventListener('wheel', stop, { passive: true });
    window.addEventListener('touchmove', stop, { passive: true });
    window.addEventListener('keydown', stop);
    window.addEventListener('pointerdown', stop);
    return stop;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, navigationType]);

  return null;
}
