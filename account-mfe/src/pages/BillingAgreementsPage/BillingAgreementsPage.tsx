import { PageHeading } from '@shop/shared';
import { AccountLayout } from '../../components/AccountLayout/AccountLayout';

export default function BillingAgreementsPage() {
  return (
    <AccountLayout>
      <PageHeading title="Billing Agreements" />
    </AccountLayout>
  );
}
