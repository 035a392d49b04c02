import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from '@shop/shared/router';
import { useHydrated } from '@shop/shared';
import { useMediaQuery } from '../../hooks/useMediaQuery';
import styles from './ProductTabs.module.css';

export interface ProductTab {
  /** Also the location hash that selects it ('#reviews'). */
  id: string;
  label: string;
  /** `active`: the tab is open or has been (content that costs a request can wait for it). */
  content: (active: boolean) => ReactNode;
}

/** Below this width the tabs are an accordion. */
export const ACCORDION_QUERY = '(max-width: 767px)';

const fromHash = (hash: string, tabs: ProductTab[]) => {
  const key = decodeURIComponent(hash.replace(/^#/, '')).toLowerCase();
  return tabs.find((t) => t.id === key)?.id;
};

/**
 * Description / Specification / Reviews / Downloads. The first tab is the default, the location hash
 * selects one (#specification), and choosing one puts it in the hash. Tabs follow the ARIA tabs
 * pattern (arrow keys, Home, End); on small screens they become an accordion.
 */
export function ProductTabs({ tabs, label }: { tabs: ProductTab[]; label: string }) {
  const { hash, search } = useLocation();
  const navigate = useNavigate();
  const accordion = useMediaQuery(ACCORDION_QUERY);
  const base = useId();
  const root = useRef<HTMLDivElement>(null);
  // The server never sees the hash: while hydrating start as the server rendered (the first tab) and
  // let the effect below choose the hash's tab, so React updates the markup.
  const hydrated = useHydrated();
  const [selected, setSelected] = useState<string | null>(() => (hydrated ? fromHash(hash, tabs) : null) ?? tabs[0]?.id ?? null);
  const [seen, setSeen] = useState<Set<string>>(() => new Set(selected ? [selected] : []));

  const select = useCallback((id: string | null) => {
    setSelected(id);
    if (id) setSeen((s) => (s.has(id) ? s : new Set(s).add(id)));
  }, []);

  // The hash chooses the tab, also when it changes later (a link to #reviews on the same page).
  useEffect(() => {
    const fromLocation = fromHash(hash, tabs);
    if (fromLocation) select(fromLocation);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash]);
  // Opened at a tab's address: bring the tabs into view (the page was not there yet when the browser looked).
  useEffect(() => {
    if (fromHash(window.location.hash, tabs)) root.current?.scrollIntoView?.({ block: 'start' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    const onHash = () => {
      const id = fromHash(window.location.hash, tabs);
      if (id) select(id);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [tabs, select]);

  const choose = (id: string | null) => {
    select(id);
    navigate({ search, hash: id ?? '' }, { replace: true, preventScrollReset: true });
  };

  const current = accordion ? selected : (selected ?? tabs[0]?.id ?? null);

  const onTabKey = (e: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length]!;
    choose(tab.id);
    document.getElementById(`${base}-tab-${tab.id}`)?.focus();
  };

  return (
    <div className={`${styles.tabs} ${accordion ? styles.accordion : ''}`} ref={root} data-tabs={accordion ? 'accordion' : 'tabs'}>
      {accordion ? null : (
        <div role="tablist" aria-label={label} className={styles.tablist}>
          {tabs.map((tab, i) => (
            <button
              key={tab.id}
              id={`${base}-tab-${tab.id}`}
              type="button"
              role="tab"
              className={styles.tab}
              aria-selected={current === tab.id}
              aria-controls={`${base}-panel-${tab.id}`}
              tabIndex={current === tab.id ? 0 : -1}
              onClick={() => choose(tab.id)}
              onKeyDown={(e) => onTabKey(e, i)}
            >
              {tab.label}
            </button>
          ))}
        </div>
      )}
      {tabs.map((tab) => {
        const open = current === tab.id;
        return (
          <div key={tab.id} className={styles.section} id={tab.id} data-tab={tab.id}>
            {accordion ? (
              <h2 className={styles.accordionHeading}>
                <button
                  id={`${base}-acc-${tab.id}`}
                  type="button"
                  className={styles.accordionButton}
                  aria-expanded={open}
                  aria-controls={`${base}-panel-${tab.id}`}
                  onClick={() => choose(open ? null : tab.id)}
                >
                  {tab.label}
                  <span aria-hidden="true" className={styles.chevron} />
                </button>
              </h2>
            ) : null}
            <div
              id={`${base}-panel-${tab.id}`}
              role={accordion ? 'region' : 'tabpanel'}
              aria-labelledby={accordion ? `${base}-acc-${tab.id}` : `${base}-tab-${tab.id}`}
              className={styles.panel}
              hidden={!open}
              tabIndex={accordion ? undefined : 0}
            >
              {tab.content(open || seen.has(tab.id))}
            </div>
          </div>
        );
      })}
    </div>
  );
}
