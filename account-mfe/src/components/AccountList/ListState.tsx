import type { ReactNode } from 'react';
import styles from '../Form/Form.module.css';

/** The loading, error and empty states of an account list, or the list itself. */
export function ListState({
  state,
  loading,
  empty,
  children,
}: {
  state: { loading: boolean; error: string | null; items: unknown[] };
  loading: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (state.loading) return <p role="status">{loading}</p>;
  if (state.error)
    return (
      <p role="alert" className={styles.error}>
        {state.error}
      </p>
    );
  if (state.items.length === 0) return <p>{empty}</p>;
  return <>{children}</>;
}
