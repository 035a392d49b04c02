import { PageHeading } from '@shop/shared';

/** The page the catalogue team adds in the federation e2e test. */
export default function TradeCounterPage() {
  return (
    <section>
      <PageHeading title="Trade Counter" heading="Trade counter collection" />
      <p>Order online and collect from the trade counter the next working day.</p>
    </section>
  );
}
