import { useParams } from 'react-router-dom';
import { PageHeading } from '@shop/shared';

export default function ArticlePage() {
  const { articlePage = '' } = useParams();
  return (
    <article data-page="article" data-article={articlePage}>
      <PageHeading title="Article" heading="Advice article" />
    </article>
  );
}
