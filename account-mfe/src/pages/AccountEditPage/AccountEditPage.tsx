import { PageHeading } from '@shop/shared';
import { AccountLayout } from '../../components/AccountLayout/AccountLayout';

export default function AccountEditPage() {
  return (
    <AccountLayout>
      <PageHeading title="Account Information" />
    </AccountLayout>
  );
}
