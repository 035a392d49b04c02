import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField as SharedTextField } from '@shop/shared';
import styles from './Form.module.css';

interface FieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  /** The message under the field (spec section 5), outlined red while present. */
  error?: string | undefined;
  required?: boolean;
  hint?: ReactNode;
}

function describedBy(id: string, error?: string, hint?: ReactNode) {
  return [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
}

function Messages({ id, error, hint }: { id: string; error?: string | undefined; hint?: ReactNode }) {
  return (
    <>
      {hint ? (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className={styles.fieldError}>
          {error}
        </span>
      ) : null}
    </>
  );
}

/** A labelled text input (the shared text field: `strip` drops characters as they are typed) with its message under it. */
export function TextField({
  label,
  registration,
  error,
  required = false,
  hint,
  type = 'text',
  autoComplete,
  inputMode,
  strip,
}: FieldProps & { type?: string; autoComplete?: string; inputMode?: 'text' | 'email' | 'tel' | 'numeric'; strip?: RegExp }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={required ? styles.required : undefined}>
        {label}
      </label>
      <SharedTextField
        id={id}
        type={type}
        strip={strip}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-required={required || undefined}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, error, hint)}
        className={error ? styles.invalid : undefined}
        {...registration}
      />
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

/** A labelled select with its message under it. */
export function SelectField({ label, registration, error, required = false, hint, children }: FieldProps & { children: ReactNode }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={required ? styles.required : undefined}>
        {label}
      </label>
      <select
        id={id}
        aria-required={required || undefined}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, error, hint)}
        className={error ? styles.invalid : undefined}
        {...registration}
      >
        {children}
      </select>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField({ label, registration }: { label: string; registration: UseFormRegisterReturn }) {
  return (
    <label className={styles.check}>
      <input type="checkbox" {...registration} />
      <span>{label}</span>
    </label>
  );
}
