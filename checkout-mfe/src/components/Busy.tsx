import styles from './Busy.module.css';

/** A spinner with a visible text (the shared Spinner's text is for screen readers only). */
export function Busy({ text, status = true }: { text: string; status?: boolean }) {
  return (
    <span className={styles.busy} role={status ? 'status' : undefined}>
      <span className={styles.spinner} aria-hidden="true" />
      <span>{text}</span>
    </span>
  );
}
