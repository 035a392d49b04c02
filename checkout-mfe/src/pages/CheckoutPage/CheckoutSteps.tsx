import { useFormContext } from 'react-hook-form';
import { Link } from '@shop/shared/router';
import type { Address } from '@shop/shared';
import { COMMENT_MAX, type CheckoutFormValues } from '../../checkout/checkoutForm';
import { AddressFieldset } from '../../components/AddressFieldset';
import formStyles from '../../components/Form.module.css';
import styles from './CheckoutPage.module.css';

/** Step 1: the contact email (and, for a guest, the way to sign in). */
export function ContactStep({ id, error, signedIn }: { id: string; error: string | undefined; signedIn: boolean }) {
  const { register } = useFormContext<CheckoutFormValues>();
  return (
    <section className={styles.step} aria-labelledby={`${id}-contact`}>
      <h2 id={`${id}-contact`}>Contact</h2>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-email`}>
          Email Address
          <span className={formStyles.required} aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          aria-required
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}-email-hint${error ? ` ${id}-email-error` : ''}`}
          className={error ? formStyles.invalid : undefined}
          {...register('email')}
        />
        <span id={`${id}-email-hint`} className={formStyles.hint}>
          We will send your order confirmation here.
        </span>
        {error ? (
          <span id={`${id}-email-error`} className={formStyles.fieldError}>
            {error}
          </span>
        ) : null}
      </div>
      {!signedIn ? (
        <p className={styles.signIn}>
          Already have an account? <Link to="/customer/account/login">Sign in</Link> for faster checkout.
        </p>
      ) : null}
    </section>
  );
}

/** The billing address: the shipping address unless the shopper unticks the box. */
export function BillingStep({ id, sameAsShipping, savedAddresses }: { id: string; sameAsShipping: boolean; savedAddresses: Address[] | undefined }) {
  const { register } = useFormContext<CheckoutFormValues>();
  return (
    <section className={styles.step} aria-labelledby={`${id}-billing`}>
      <h2 id={`${id}-billing`}>Billing address</h2>
      <label className={formStyles.check}>
        <input type="checkbox" {...register('sameAsShipping')} />
        My billing and shipping address are the same
      </label>
      {sameAsShipping === false ? <AddressFieldset which="billing" legend="Billing address" savedAddresses={savedAddresses} /> : null}
    </section>
  );
}

/** An optional note for the driver. */
export function CommentStep({ id, error }: { id: string; error: string | undefined }) {
  const { register } = useFormContext<CheckoutFormValues>();
  return (
    <section className={styles.step} aria-labelledby={`${id}-comment`}>
      <h2 id={`${id}-comment`}>Delivery comment</h2>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-comment-text`}>
          Anything the driver should know? <span className={formStyles.optional}>(optional)</span>
        </label>
        <textarea
          id={`${id}-comment-text`}
          rows={3}
          maxLength={COMMENT_MAX}
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}-comment-hint`}
          {...register('comment')}
        />
        <span id={`${id}-comment-hint`} className={formStyles.hint}>
          For example access for a large vehicle, or where to leave the delivery.
        </span>
        {error ? <span className={formStyles.fieldError}>{error}</span> : null}
      </div>
    </section>
  );
}
