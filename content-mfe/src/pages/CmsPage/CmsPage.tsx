import { Breadcrumb, NotFound, PageHeading, Spinner, type PageLoader } from '@shop/shared';
import { useEffect } from 'react';
import { useLocation, useParams } from '@shop/shared/router';
import { loadCmsPages } from '../../components/contentApi';
import { HtmlContent } from '../../components/HtmlContent';
import { loadContentData, shownKey } from '../../components/pageData';
import { useLoad } from '../../components/useLoad';
import { ContactForm } from './ContactForm';
import styles from './CmsPage.module.css';

/** What the page server loads to render a CMS page. */
export const loadPageData: PageLoader<{ identifier?: string }> = (page, api) =>
  loadContentData(api, ['cms-pages'], { cmsPage: page.props.identifier ?? page.params.identifier });

/** A CMS page by identifier (About, Contact, policies, the range maker's page): title, meta, body. */
export default function CmsPage({ identifier: fromProps }: { identifier?: string }) {
  const params = useParams();
  const identifier = fromProps ?? params.identifier ?? '';
  const pages = useLoad(loadCmsPages, shownKey('cms-pages', identifier), 'cms pages');
  const { hash } = useLocation();

  // Links such as an article's author (/about#dan-whitaker) point at an anchor inside the body,
  // which exists only once the page has loaded.
  useEffect(() => {
    if (pages.status !== 'done' || hash.length < 2) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [pages.status, hash]);

  if (pages.status === 'loading') {
    return (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  }
  // A failed load is logged only (spec section 8): nothing to show, but not 'not found' either.
  if (pages.status === 'failed') return null;
  const page = pages.data.find((p) => p.identifier === identifier);
  if (!page) return <NotFound />;
  const isContact = identifier === 'contact';
  return (
    <article className={styles.page} data-page="cms" data-identifier={identifier}>
      <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: page.title }]} />
      <PageHeading title={page.title} description={page.meta_description ?? undefined} />
      <div className={isContact ? styles.contactLayout : undefined}>
        <HtmlContent html={page.content} />
        {isContact ? <ContactForm /> : null}
      </div>
    </article>
  );
}
