import { PageHeading } from '@shop/shared';

export default function CreatePasswordPage() {
  return <PageHeading title="Set a New Password" />;
}
