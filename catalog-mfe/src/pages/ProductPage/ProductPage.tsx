import { PageHeading } from '@shop/shared';

export default function ProductPage() {
  return <PageHeading title="Product" />;
}
