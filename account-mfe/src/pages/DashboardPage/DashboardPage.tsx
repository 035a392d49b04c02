import { PageHeading } from '@shop/shared';
import { AccountLayout } from '../../components/AccountLayout/AccountLayout';

export default function DashboardPage() {
  return (
    <AccountLayout>
      <PageHeading title="My Account" />
    </AccountLayout>
  );
}
