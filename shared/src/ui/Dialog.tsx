import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './Dialog.module.css';
import { tabbables, wrapTab } from './focus';

/**
 * The control the shopper last focused outside any dialog. A dialog opened after an await (the
 * Added-to-Basket modal) finds the page's focus on <body> when its opener was disabled meanwhile:
 * focus then returns to this control instead.
 */
let lastFocused: Element | null = null;
let tracking = false;
function trackFocus(): void {
  if (tracking || typeof document === 'undefined') return;
  tracking = true;
  document.addEventListener('focusin', (e) => {
    if (e.target instanceof Element && !e.target.closest('dialog')) lastFocused = e.target;
  });
}

function opener(): Element | null {
  const active = document.activeElement;
  if (active && active !== document.body && !active.closest('dialog')) return active;
  return lastFocused?.isConnected ? lastFocused : active;
}

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** 'center' for modals, 'right' for slide-overs (the basket). */
  placement?: 'center' | 'right';
  /** Extra class for the panel (size, layout). */
  className?: string | undefined;
  /** Hide the visible title (it still labels the dialog for screen readers). */
  hideTitle?: boolean;
}

/**
 * A modal dialog on the native <dialog> element: the rest of the page is inert while it is open,
 * Escape closes it, and focus returns to the control that opened it when it closes. Focus starts
 * on the element marked data-autofocus, if any. Tab and Shift+Tab cycle through the dialog's
 * controls: a modal <dialog> alone lets Tab leave its last control for the browser's own UI
 * (focus on <body>), so the ends wrap here, and a guard after the panel brings focus back from
 * an embedded frame (the video player) that Tab leaves.
 */
export function Dialog({ open, onClose, title, children, placement = 'center', className, hideTitle }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<Element | null>(null);
  const titleId = useId();

  useEffect(trackFocus, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = opener();
      dialog.showModal();
      // showModal focuses the first focusable element (often Close); a dialog's content may name
      // a better first stop with data-autofocus (the phone search box).
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    return () => {
      // Unmounted while open: give focus back all the same.
      if (dialog?.open) (returnTo.current as HTMLElement | null)?.focus?.();
    };
  }, []);

  const handleClose = () => {
    (returnTo.current as HTMLElement | null)?.focus?.();
    if (open) onClose();
  };

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${placement === 'right' ? styles.right : styles.center}`}
      aria-labelledby={titleId}
      onClose={handleClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside the panel) closes it.
        if (e.target === ref.current) onClose();
      }}
      onKeyDown={(e) => {
        if (ref.current) wrapTab(ref.current, e);
      }}
    >
      {open ? (
        <div className={`${styles.panel} ${className ?? ''}`}>
          <div className={styles.head}>
            <h2 id={titleId} className={hideTitle ? styles.hidden : styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
              ×
            </button>
          </div>
          {children}
          {/* Reached only by Tab out of an embedded frame, whose keys this page never sees. */}
          <span tabIndex={0} data-focus-guard className={styles.guard} onFocus={() => ref.current && tabbables(ref.current)[0]?.focus()} />
        </div>
      ) : null}
    </dialog>
  );
}
