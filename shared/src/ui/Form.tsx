import type { ComponentPropsWithRef } from 'react';
import { useHydrated } from '../pageData';
import styles from './Form.module.css';

/**
 * A form of the shop. On a server-rendered page its controls are disabled until the page has
 * hydrated: before then nothing handles a submit (the browser would send the form itself, fields
 * in the URL, a password included) and what is typed could be lost as the page takes over. Once
 * hydrated (at once on a page rendered in the browser) the controls are as the form sets them.
 * The fieldset takes no part in layout (display: contents).
 */
export function Form({ children, ...props }: ComponentPropsWithRef<'form'>) {
  const hydrated = useHydrated();
  return (
    <form method="post" {...props}>
      <fieldset className={styles.controls} disabled={!hydrated}>
        {children}
      </fieldset>
    </form>
  );
}
