import { PageHeading } from '@shop/shared';

export default function CheckoutPage() {
  return <PageHeading title="Checkout" />;
}
