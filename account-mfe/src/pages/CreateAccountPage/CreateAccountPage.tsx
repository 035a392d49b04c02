import { PageHeading } from '@shop/shared';

export default function CreateAccountPage() {
  return <PageHeading title="Create an Account" />;
}
