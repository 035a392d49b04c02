import type { Ref, RefObject } from 'react';
import { Link } from '@shop/shared/router';
import { formatGBP, Spinner, toPence } from '@shop/shared';
import { Busy } from '../../components/Busy';
import formStyles from '../../components/Form.module.css';
import type { usePaymentConfig } from '../../payment/config';
import { PaymentSection } from '../../payment/PaymentSection';
import type { PaymentHandle } from '../../payment/types';
import styles from './CheckoutPage.module.css';

/** The payment form (Stripe's Payment Element or the test card form), with Retry when it cannot load. */
export function PaymentStep({
  id,
  payment,
  amount,
  paymentRef,
}: {
  id: string;
  payment: ReturnType<typeof usePaymentConfig>;
  amount: number;
  paymentRef: Ref<PaymentHandle>;
}) {
  return (
    <section className={styles.step} aria-labelledby={`${id}-payment`}>
      <h2 id={`${id}-payment`}>Payment</h2>
      {payment.status === 'loading' ? <Spinner label="Loading the payment form…" /> : null}
      {payment.status === 'failed' ? (
        <div role="alert" className={styles.error}>
          <p>{payment.error}</p>
          <button type="button" className={styles.secondary} onClick={payment.retry}>
            Retry
          </button>
        </div>
      ) : null}
      {payment.status === 'ready' ? <PaymentSection config={payment.config} amountPence={toPence(amount)} ref={paymentRef} /> : null}
    </section>
  );
}

/** The order total, the reason the last attempt failed, and the Place Order button. */
export function PlaceOrder({
  error,
  errorRef,
  invalid,
  total,
  busy,
  disabled,
}: {
  error: string | null;
  errorRef: RefObject<HTMLParagraphElement | null>;
  /** The form was submitted with fields in error (and no other message shows). */
  invalid: boolean;
  total: number;
  busy: boolean;
  disabled: boolean;
}) {
  return (
    <div className={styles.place}>
      {error ? (
        <p ref={errorRef} role="alert" tabIndex={-1} className={styles.error}>
          {error}
        </p>
      ) : null}
      {invalid && !error ? (
        <p role="alert" className={styles.error}>
          Please check the highlighted fields.
        </p>
      ) : null}
      <p className={styles.toPay}>
        <span>Order Total (inc VAT)</span> <strong>{formatGBP(total)}</strong>
      </p>
      <button type="submit" className={styles.placeOrder} disabled={disabled}>
        {busy ? <Busy text="Placing your order…" status={false} /> : 'Place Order'}
      </button>
      <p className={formStyles.hint}>
        By placing your order you agree to our <Link to="/terms-and-conditions">Terms &amp; Conditions</Link>.
      </p>
    </div>
  );
}
