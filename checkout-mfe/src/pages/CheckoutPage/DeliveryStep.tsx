import { formatGBP, Spinner, FREE_DELIVERY_MESSAGE, type Cart } from '@shop/shared';
import { rateTitle } from '../../checkout/totals';
import formStyles from '../../components/Form.module.css';
import type { DeliveryRates } from './useDeliveryRates';
import styles from './CheckoutPage.module.css';

/** The delivery methods for the address (one radio each), the free-delivery note and the estimate's status. */
export function DeliveryStep({ id, delivery, freeDelivery }: { id: string; delivery: DeliveryRates; freeDelivery: NonNullable<Cart['totals']>['free_delivery'] | undefined }) {
  const { ratesState, selectedRate, country, estimateFor } = delivery;
  return (
    <section className={styles.step} aria-labelledby={`${id}-delivery`}>
      <h2 id={`${id}-delivery`}>Delivery method</h2>
      {country === 'GB' && freeDelivery ? (
        freeDelivery.qualifies ? (
          <p className={styles.free}>Your order qualifies for Free 1-3 day Delivery.</p>
        ) : (
          <p className={styles.free}>
            <strong>{FREE_DELIVERY_MESSAGE}</strong>{' '}
            <span>({formatGBP(freeDelivery.remaining)} ex VAT to go)</span>
          </p>
        )
      ) : null}
      <fieldset className={styles.rates} aria-describedby={`${id}-rates-status`} aria-busy={ratesState.status === 'loading'}>
        <legend className={formStyles.srOnly}>Delivery method</legend>
        {ratesState.rates.map((rate) => {
          const value = `${rate.carrier_code}_${rate.method_code}`;
          return (
            <label key={value} className={`${styles.rate} ${selectedRate === rate ? styles.rateChosen : ''}`}>
              <input type="radio" name="shippingRate" value={value} checked={selectedRate === rate} onChange={() => delivery.chooseRate(rate)} />
              <span className={styles.rateTitle}>{rateTitle(rate)}</span>
              <span className={styles.ratePrice}>
                {rate.amount === 0 ? (
                  'Free'
                ) : (
                  <>
                    {formatGBP(rate.amount)} <small>ex VAT</small>
                    <small className={styles.rateInc}>{formatGBP(rate.price_incl_tax)} inc VAT</small>
                  </>
                )}
              </span>
            </label>
          );
        })}
      </fieldset>
      <div id={`${id}-rates-status`} aria-live="polite">
        {ratesState.status === 'loading' ? <Spinner label="Finding delivery options…" /> : null}
        {ratesState.status === 'failed' ? <p className={styles.warning}>{ratesState.error}</p> : null}
        {ratesState.status === 'ready' && estimateFor.postcode === '*' ? (
          <p className={formStyles.hint}>Delivery for the UK mainland. Enter your postcode to see the options for your address.</p>
        ) : null}
      </div>
    </section>
  );
}
