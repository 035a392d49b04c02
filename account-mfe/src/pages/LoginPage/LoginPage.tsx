import { PageHeading } from '@shop/shared';

export default function LoginPage() {
  return <PageHeading title="Login or Create an Account" heading="Customer Login" />;
}
