import { useSearchParams } from 'react-router-dom';
import { PageHeading } from '@shop/shared';

export default function SearchPage() {
  const [params] = useSearchParams();
  const term = params.get('q') ?? '';
  return <PageHeading title={term ? `Search results for "${term}"` : 'Search'} />;
}
