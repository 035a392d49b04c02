/**
 * Keyboard focus helpers for the shared Dialog. Written here rather than taken from focus-trap
 * (with tabbable, about 6 KB gzip): the Dialog is in every page's first JavaScript, and a modal
 * <dialog> already makes the page behind inert, so only the wrap at either end is missing.
 */

const CANDIDATES = [
  'a[href]',
  'area[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'iframe',
  'summary',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

/**
 * The elements of `root` that Tab stops at, in document order: enabled, shown (an element with no
 * box, inside display:none or a closed <details>, is skipped), not tabindex=-1, and of each group
 * of radio buttons only the one Tab reaches (the checked one, else the first).
 */
export function tabbables(root: ParentNode): HTMLElement[] {
  const radioSeen = new Set<string>();
  return Array.from(root.querySelectorAll<HTMLElement>(CANDIDATES)).filter((el) => {
    if (el.tabIndex < 0 || el.hasAttribute('data-focus-guard') || (el as HTMLButtonElement).disabled || el.closest('[inert]')) return false;
    // No box (display:none, a closed <details>): not reachable. (jsdom lays nothing out and has
    // no checkVisibility: there every element counts as shown.)
    if (el.checkVisibility && !el.checkVisibility()) return false;
    if (el instanceof HTMLInputElement && el.type === 'radio' && el.name) {
      if (radioSeen.has(el.name)) return false;
      const group = Array.from(root.querySelectorAll<HTMLInputElement>('input[type="radio"]')).filter((r) => r.name === el.name && !r.disabled);
      const stop = group.find((r) => r.checked) ?? group[0];
      if (stop !== el) return false;
      radioSeen.add(el.name);
    }
    return true;
  });
}

/**
 * Keeps Tab and Shift+Tab inside `root`: from the last stop Tab goes to the first, from the first
 * (or from `root` itself) Shift+Tab goes to the last. Returns true when it moved focus.
 */
export function wrapTab(root: HTMLElement, event: { key: string; shiftKey: boolean; preventDefault(): void }): boolean {
  if (event.key !== 'Tab') return false;
  const stops = tabbables(root);
  const active = document.activeElement as HTMLElement | null;
  if (stops.length === 0) {
    event.preventDefault();
    return true;
  }
  const first = stops[0]!;
  const last = stops[stops.length - 1]!;
  const outside = !active || active === root || !root.contains(active);
  if (event.shiftKey && (outside || active === first)) {
    event.preventDefault();
    last.focus();
    return true;
  }
  if (!event.shiftKey && (outside || active === last)) {
    event.preventDefault();
    first.focus();
    return true;
  }
  return false;
}
