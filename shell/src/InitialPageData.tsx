import { useState, type ReactNode } from 'react';
import { useLocation } from '@shop/shared/router';
import { PageDataProvider, type PageData } from '@shop/shared';

const NONE: PageData = {};

/**
 * The page server's data serves the page it rendered only: once the shopper navigates, pages
 * fetch what they show as before.
 */
export function InitialPageData({ data, children }: { data: PageData; children: ReactNode }) {
  const { key } = useLocation();
  const [first] = useState(key);
  return <PageDataProvider data={key === first ? data : NONE}>{children}</PageDataProvider>;
}
