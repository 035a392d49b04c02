import { PageHeading } from '@shop/shared';
import { AccountLayout } from '../../components/AccountLayout/AccountLayout';

export default function OrderViewPage() {
  return (
    <AccountLayout>
      <PageHeading title="Order details" />
    </AccountLayout>
  );
}
