import type { ReactNode } from 'react';
import { pageTitle } from '../shop';

/**
 * The page's document title and its visible heading. React 19 hoists <title> and <meta> into the
 * document head from anywhere in the tree.
 */
export function PageHeading({
  title,
  heading = title,
  description,
  children,
}: {
  /** The page's own title; without one the shop's default title is used. */
  title?: string | undefined;
  heading?: ReactNode;
  description?: string | undefined;
  children?: ReactNode;
}) {
  return (
    <>
      <title>{pageTitle(title)}</title>
      {description ? <meta name="description" content={description} /> : null}
      <h1>{heading}</h1>
      {children}
    </>
  );
}
