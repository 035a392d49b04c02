import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './Dialog.module.css';

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
 * A modal dialog on the native <dialog> element: the rest of the page is inert while it is open
 * (focus stays inside), Escape closes it, and focus returns to where it was when it closes. Focus
 * starts on the element marked data-autofocus, if any.
 */
export function Dialog({ open, onClose, title, children, placement = 'center', className, hideTitle }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<Element | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = document.activeElement;
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
        </div>
      ) : null}
    </dialog>
  );
}
