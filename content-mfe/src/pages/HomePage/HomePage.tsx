import { PageHeading, RANGE_MAKER } from '@shop/shared';

export default function HomePage() {
  return (
    <section data-page="home">
      <PageHeading heading="Waterproofing, damp proofing and drainage membranes" />
      <p>Trade and retail supply of the {RANGE_MAKER} range, with free expert advice.</p>
    </section>
  );
}
