import { PageHeading } from '@shop/shared';
import { AccountLayout } from '../../components/AccountLayout/AccountLayout';

export default function AddressesPage() {
  return (
    <AccountLayout>
      <PageHeading title="My Addresses" />
    </AccountLayout>
  );
}
