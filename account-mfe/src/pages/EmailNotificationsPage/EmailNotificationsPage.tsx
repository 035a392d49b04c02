import { PageHeading } from '@shop/shared';
import { AccountLayout } from '../../components/AccountLayout/AccountLayout';

export default function EmailNotificationsPage() {
  return (
    <AccountLayout>
      <PageHeading title="Email Notifications" />
    </AccountLayout>
  );
}
