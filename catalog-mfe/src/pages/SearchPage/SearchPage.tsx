import { PageHeading } from '@shop/shared';

export default function SearchPage() {
  return <PageHeading title="Search results" />;
}
