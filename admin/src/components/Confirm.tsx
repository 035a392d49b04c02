import { useEffect, useRef, type ReactNode } from 'react';
import ui from '../ui.module.css';

/**
 * A confirmation step in a native <dialog>: says what will happen and to whom, then Confirm or
 * Go back. Confirm is disabled while the action runs (and the action carries a request key).
 */
export function Confirm({
  open,
  title,
  children,
  confirmLabel,
  busy,
  danger,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) (dialog.showModal ? dialog.showModal() : dialog.setAttribute('open', ''));
    if (!open && dialog.open) (dialog.close ? dialog.close() : dialog.removeAttribute('open'));
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby="confirm-title" onCancel={(e) => (e.preventDefault(), onCancel())} style={{ maxWidth: '32rem', width: 'calc(100% - 2rem)' }}>
      <div className={ui.page}>
        <h2 id="confirm-title" className={ui.subheading}>
          {title}
        </h2>
        <div>{children}</div>
        <div className={ui.row}>
          <button type="button" className={danger ? ui.danger : ui.button} disabled={busy} onClick={onConfirm}>
            {busy ? 'Working…' : confirmLabel}
          </button>
          <button type="button" className={ui.secondary} disabled={busy} onClick={onCancel}>
            Go back
          </button>
        </div>
      </div>
    </dialog>
  );
}
