import { useEffect, useId, useRef, useState } from 'react';
import { TextField } from './TextField';
import styles from './QuantityInput.module.css';

/** Quantity inputs accept whole numbers from this minimum (spec section 5). */
export const MIN_QTY = 1;
export const MAX_QTY = 999;

/** A whole number within [min, max], or min when the text is not a number. */
export function clampQty(value: unknown, min = MIN_QTY, max = MAX_QTY): number {
  const n = Math.floor(Number(value));
  if (!Number.isFinite(n)) return min;
  return Math.min(max, Math.max(min, n));
}

/**
 * A quantity field (minimum 1) with − and + buttons. The shopper may clear the field while typing;
 * the value is put back within range when the field loses focus. It is the shared digits-only
 * text field (a number input would take '1e3', '-2' or '1.5'), a spin button to assistive
 * technology, with Up and Down arrows stepping the quantity.
 */
export function QuantityInput({
  value,
  onChange,
  label = 'Qty',
  min = MIN_QTY,
  max = MAX_QTY,
  id,
  hideLabel = false,
  className,
  disabled = false,
}: {
  value: number;
  onChange: (qty: number) => void;
  label?: string;
  min?: number;
  max?: number;
  id?: string | undefined;
  hideLabel?: boolean;
  className?: string | undefined;
  disabled?: boolean;
}) {
  const autoId = useId();
  const inputId = id ?? `qty-${autoId}`;
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const input = useRef<HTMLInputElement>(null);
  // On a server-rendered page a shopper (or a script) may type before the page has hydrated:
  // what the field holds then is taken up, rather than lost on the next render.
  useEffect(() => {
    const typed = input.current?.value;
    if (typed === undefined || typed === String(value)) return;
    setText(typed);
    const n = Number(typed);
    if (typed !== '' && Number.isInteger(n) && n >= min && n <= max) onChange(n);
    // Only what was typed before the first render took over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const commit = (next: number) => {
    const qty = clampQty(next, min, max);
    setText(String(qty));
    if (qty !== value) onChange(qty);
  };

  return (
    <div className={`${styles.quantity} ${className ?? ''}`}>
      <label htmlFor={inputId} className={hideLabel ? styles.hiddenLabel : styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        <button
          type="button"
          className={styles.step}
          aria-label="Decrease quantity"
          aria-controls={inputId}
          disabled={disabled || value <= min}
          onClick={() => commit(value - 1)}
        >
          −
        </button>
        <TextField
          ref={input}
          id={inputId}
          className={styles.input}
          digitsOnly
          role="spinbutton"
          aria-valuemin={min}
          aria-valuemax={max}
          aria-valuenow={value}
          maxLength={String(max).length}
          autoComplete="off"
          value={text}
          disabled={disabled}
          onValueChange={(typed) => {
            setText(typed);
            const n = Number(typed);
            if (typed !== '' && n >= min && n <= max && n !== value) onChange(n);
          }}
          onKeyDown={(e) => {
            if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
            e.preventDefault();
            commit((text === '' ? value : Number(text)) + (e.key === 'ArrowUp' ? 1 : -1));
          }}
          onBlur={() => commit(text === '' ? min : Number(text))}
        />
        <button
          type="button"
          className={styles.step}
          aria-label="Increase quantity"
          aria-controls={inputId}
          disabled={disabled || value >= max}
          onClick={() => commit(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
