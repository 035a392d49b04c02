/** What a tap can land on that does nothing until React handles it. Links still navigate natively. */
const CONTROLS = 'button, [role="button"], input[type="checkbox"], input[type="radio"], summary';

let release: (() => void) | null = null;

/**
 * From the moment main.js runs until React listens (the start-up scripts load, the shell reads its
 * configuration, the page's remote loads), holds taps on the server-rendered page's controls
 * inside `root`; releaseEarlyClicks taps each held control again, once, when React handles them.
 * Without this an early tap on a tab, the gallery or a menu did nothing and the shopper had to
 * notice and tap again. (Form controls stay disabled until hydration: see Form in @shop/shared.)
 */
export function holdEarlyClicks(root: HTMLElement | null, doc: Document = document): void {
  if (!root || release) return;
  const held: HTMLElement[] = [];
  const onClick = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(CONTROLS) : null;
    if (!control || !root.contains(control)) return;
    // The native default (a checkbox's toggle, a form's submission) happens on the replay instead.
    event.preventDefault();
    event.stopPropagation();
    // A second tap on the same control while nothing seemed to happen is impatience, not a second order.
    if (held[held.length - 1] !== control) held.push(control);
  };
  doc.addEventListener('click', onClick, true);
  release = () => {
    doc.removeEventListener('click', onClick, true);
    for (const control of held) if (control.isConnected) control.click();
  };
}

/** Stops holding taps and replays the held ones (React is listening now). */
export function releaseEarlyClicks(): void {
  const replay = release;
  release = null;
  replay?.();
}
