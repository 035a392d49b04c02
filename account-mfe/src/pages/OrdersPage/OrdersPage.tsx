import { PageHeading } from '@shop/shared';
import { AccountLayout } from '../../components/AccountLayout/AccountLayout';

export default function OrdersPage() {
  return (
    <AccountLayout>
      <PageHeading title="My Orders" />
    </AccountLayout>
  );
}
