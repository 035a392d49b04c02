import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { apiRequest, PageHeading, Spinner } from '@shop/shared';

interface CmsPageData {
  identifier: string;
  title: string;
  meta_description?: string;
  content?: string;
}

/** A CMS page by identifier (About, Contact, policies, the range maker's page). */
export default function CmsPage({ identifier: fromProps }: { identifier?: string }) {
  const params = useParams();
  const identifier = fromProps ?? params.identifier ?? '';
  const [page, setPage] = useState<CmsPageData | null | undefined>(undefined);

  useEffect(() => {
    let live = true;
    setPage(undefined);
    apiRequest<undefined>('/content/cms-pages')
      .then((answer) => {
        const items = (answer as { items?: CmsPageData[] }).items ?? [];
        if (live) setPage(items.find((p) => p.identifier === identifier) ?? null);
      })
      .catch((error: unknown) => {
        console.error('[content] cms pages failed to load', error);
        if (live) setPage(null);
      });
    return () => {
      live = false;
    };
  }, [identifier]);

  if (page === undefined) return <Spinner />;
  if (page === null) return <PageHeading title="Page not found" heading="Sorry, we couldn't find that page" />;
  return (
    <article data-page="cms" data-identifier={identifier}>
      <PageHeading title={page.title} description={page.meta_description} />
    </article>
  );
}
