import { PageHeading } from '@shop/shared';

export default function PaymentCompletePage() {
  return <PageHeading title="Payment complete" />;
}
