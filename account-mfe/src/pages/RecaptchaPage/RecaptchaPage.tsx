import { PageHeading } from '@shop/shared';

export default function RecaptchaPage() {
  return <PageHeading title="Security Check" />;
}
