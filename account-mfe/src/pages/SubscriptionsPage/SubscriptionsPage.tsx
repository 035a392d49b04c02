import { PageHeading } from '@shop/shared';
import { AccountLayout } from '../../components/AccountLayout/AccountLayout';

export default function SubscriptionsPage() {
  return (
    <AccountLayout>
      <PageHeading title="My Subscriptions" />
    </AccountLayout>
  );
}
