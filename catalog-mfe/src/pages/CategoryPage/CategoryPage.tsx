import { PageHeading } from '@shop/shared';

export default function CategoryPage() {
  return <PageHeading title="Category" />;
}
