import { PageHeading } from '@shop/shared';

export default function AdvicePage() {
  return (
    <section data-page="advice">
      <PageHeading title="Resources" heading="Installation videos and advice" />
    </section>
  );
}
