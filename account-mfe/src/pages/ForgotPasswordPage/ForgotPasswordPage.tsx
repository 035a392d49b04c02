import { PageHeading } from '@shop/shared';

export default function ForgotPasswordPage() {
  return <PageHeading title="Forgot Password" heading="Forgot Your Password?" />;
}
