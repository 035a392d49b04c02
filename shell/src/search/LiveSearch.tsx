import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from '@shop/shared/router';
import { formatGBP } from '@shop/shared';
import { Highlight } from './Highlight';
import { plainText } from './searchApi';
import { useSuggestions } from './useSuggestions';
import styles from './LiveSearch.module.css';

export const TYPE_FOR_SUGGESTIONS = 'Type for search suggestions...';
export const noProductsFound = (term: string) => `No products found for "${term}"`;
export const seeAllResults = (term: string) => `See all results for "${term}"`;

/**
 * The header's search box: an ARIA combobox (list autocomplete) with server suggestions.
 * Arrows move through the suggestions, Enter opens the active one (or the results page),
 * Escape closes the list.
 */
export function LiveSearch({
  variant = 'header',
  onNavigate,
  onDismiss,
}: {
  variant?: 'header' | 'overlay';
  onNavigate?: () => void;
  /** The overlay's way out: Escape closes it at the first press, whatever the box holds. */
  onDismiss?: () => void;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(variant === 'overlay');
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(term);
  const items = suggestions.status === 'done' ? suggestions.items : [];
  const trimmed = term.trim();
  const resultsUrl = `/search?q=${encodeURIComponent(trimmed)}`;
  // The last option, after the suggestions: the full, paged results page.
  const optionCount = items.length > 0 ? items.length + 1 : 0;

  const go = (url: string) => {
    setOpen(variant === 'overlay');
    setActive(-1);
    setTerm('');
    onNavigate?.();
    navigate(url);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        setOpen(true);
        setActive((i) => (optionCount ? (i + 1) % optionCount : -1));
        break;
      case 'ArrowUp':
        e.preventDefault();
        setOpen(true);
        setActive((i) => (optionCount ? (i <= 0 ? optionCount - 1 : i - 1) : -1));
        break;
      case 'Enter': {
        e.preventDefault();
        const chosen = active >= 0 ? items[active] : undefined;
        if (chosen) go(chosen.url);
        else if (trimmed) go(resultsUrl);
        break;
      }
      case 'Escape':
        if (variant === 'overlay') {
          // Also keeps the search box from spending the press on clearing itself.
          e.preventDefault();
          onDismiss?.();
        } else if (open) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
    }
  };

  const emptyText = variant === 'overlay' ? 'Start typing to see results.' : TYPE_FOR_SUGGESTIONS;
  const showList = open;
  let message: string | null = null;
  if (!trimmed) message = emptyText;
  else if (suggestions.status === 'done' && items.length === 0) message = noProductsFound(trimmed);
  else if (suggestions.status === 'error') message = 'Search is unavailable just now. Please try again.';

  return (
    <div className={`${styles.search} ${variant === 'overlay' ? styles.overlay : ''}`}>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
        }}
      >
        <label htmlFor={`${id}-input`} className={styles.label}>
          Search products
        </label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          className={styles.input}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? `${id}-opt-${active}` : undefined}
          autoComplete="off"
          placeholder="Search membranes, pumps, channels…"
          value={term}
          // The overlay's dialog puts focus here when it opens (not on its close button).
          data-autofocus={variant === 'overlay' ? '' : undefined}
          onChange={(e) => {
            setTerm(e.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            // Let a click on a suggestion land before the list closes.
            if (variant === 'header') setTimeout(() => setOpen(false), 150);
          }}
          onKeyDown={onKeyDown}
        />
      </form>
      <div className={showList ? styles.panel : styles.closed} aria-live="polite">
        {message ? <p className={styles.message}>{message}</p> : null}
        <ul id={listId} role="listbox" aria-label="Search suggestions" className={styles.list}>
          {showList && trimmed
            ? items.map((item, i) => (
                <li
                  key={item.sku}
                  id={`${id}-opt-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className={i === active ? styles.active : styles.option}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => go(item.url)}
                >
                  {item.image ? <img src={item.image} alt="" width="48" height="48" loading="lazy" /> : <span className={styles.noimg} />}
                  <span className={styles.text}>
                    <span className={styles.name}>
                      <Highlight text={item.name} term={trimmed} />
                    </span>
                    <span className={styles.desc}>{plainText(item.short_description)}</span>
                  </span>
                  <span className={styles.price}>
                    {/* Configurable and grouped products cost their cheapest choice or more. */}
                    {item.type_id === 'simple' ? null : <span className={styles.from}>From </span>}
                    {formatGBP(item.price)}
                  </span>
                </li>
              ))
            : null}
          {showList && trimmed && items.length > 0 ? (
            <li
              id={`${id}-opt-${items.length}`}
              role="option"
              aria-selected={active === items.length}
              className={`${styles.seeAll} ${active === items.length ? styles.seeAllActive : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => go(resultsUrl)}
            >
              {seeAllResults(trimmed)}
            </li>
          ) : null}
        </ul>
      </div>
    </div>
  );
}
