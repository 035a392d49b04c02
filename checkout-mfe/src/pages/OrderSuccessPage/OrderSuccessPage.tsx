import { PageHeading } from '@shop/shared';

export default function OrderSuccessPage() {
  return <PageHeading title="Thank you for your order" />;
}
