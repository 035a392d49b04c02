import { PageHeading } from '@shop/shared';
import { AccountLayout } from '../../components/AccountLayout/AccountLayout';

export default function NewsletterPage() {
  return (
    <AccountLayout>
      <PageHeading title="Newsletter Subscription" />
    </AccountLayout>
  );
}
