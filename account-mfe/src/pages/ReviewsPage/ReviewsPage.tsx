import { PageHeading } from '@shop/shared';
import { AccountLayout } from '../../components/AccountLayout/AccountLayout';

export default function ReviewsPage() {
  return (
    <AccountLayout>
      <PageHeading title="My Product Reviews" />
    </AccountLayout>
  );
}
