import { PageHeading } from '@shop/shared';
import { AccountLayout } from '../../components/AccountLayout/AccountLayout';

export default function DownloadablePage() {
  return (
    <AccountLayout>
      <PageHeading title="My Downloadable Products" />
    </AccountLayout>
  );
}
