import { useId, useRef, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { Link } from '@shop/shared/router';
import { useAtomValue, useStore } from 'jotai';
import { Form, authTokenAtom, cartAtom, formatGBP, meAtom, PageHeading, Spinner, useHydrated } from '@shop/shared';
import { CHECKOUT_TEXT } from '../../checkout/order';
import { useStockProblems } from '../../checkout/stock';
import { rateTitle, summaryTotals } from '../../checkout/totals';
import { AddressFieldset } from '../../components/AddressFieldset';
import { OrderSummary } from '../../components/OrderSummary';
import { usePaymentConfig } from '../../payment/config';
import formStyles from '../../components/Form.module.css';
import { BillingStep, CommentStep, ContactStep } from './CheckoutSteps';
import { DeliveryStep } from './DeliveryStep';
import { PaymentStep, PlaceOrder } from './PaymentStep';
import { useCheckoutForm, useFreshBasket } from './useCheckoutForm';
import { useDeliveryRates } from './useDeliveryRates';
import { usePlaceOrder } from './usePlaceOrder';
import styles from './CheckoutPage.module.css';

/**
 * The one-page checkout (spec sections 3, 4 and 9): contact email, shipping address, delivery
 * methods estimated for it, billing address (same as shipping by default), delivery comment,
 * payment (Stripe's Payment Element or the test provider's card form) and the order summary.
 * Place Order runs the checkout order: estimate, save shipping, save payment method, confirm.
 */
export default function CheckoutPage() {
  const store = useStore();
  const id = useId();
  const cart = useAtomValue(cartAtom);
  const me = useAtomValue(meAtom);
  const token = useAtomValue(authTokenAtom);
  const payment = usePaymentConfig();
  // Set while an order is being placed: no second order, no delivery estimate meanwhile.
  const submitting = useRef(false);
  const [summaryOpen, setSummaryOpen] = useState(false);

  const loaded = useFreshBasket(store, token);
  const form = useCheckoutForm(store, me);
  const { handleSubmit, control, formState } = form;
  const delivery = useDeliveryRates({ store, control, cart, loaded, token, submitting });
  const sameAsShipping = useWatch({ control, name: 'sameAsShipping' });
  const { selectedRate } = delivery;
  const totals = summaryTotals(cart, selectedRate);
  const order = usePlaceOrder({ store, submitting, rateForOrder: delivery.rateForOrder, payment });
  const stockProblems = useStockProblems(cart.items);

  // The server's HTML is the loading state (the basket is the browser's): so is the render that
  // hydrates it, even when the shell has loaded the basket before this page's code arrived.
  const hydrated = useHydrated();
  if (!hydrated || (!loaded && cart.items.length === 0)) {
    return (
      <div className={styles.page}>
        <PageHeading title="Checkout" />
        <Spinner label="Loading your basket…" />
      </div>
    );
  }

  if (cart.items.length === 0 && !order.placing) {
    return (
      <div className={styles.page}>
        <PageHeading title="Checkout" />
        <div className={styles.empty}>
          <p>{CHECKOUT_TEXT.emptyBasket}</p>
          <p>You have no items in your basket to check out.</p>
          <Link to="/" className={styles.primaryLink}>
            Continue Shopping
          </Link>
        </div>
      </div>
    );
  }

  const busy = order.placing || formState.isSubmitting;

  return (
    <div className={styles.page}>
      <PageHeading title="Checkout" />
      <div className={styles.layout}>
        <aside className={styles.aside} aria-labelledby={`${id}-summary`}>
          <div className={styles.summaryHead}>
            <h2 id={`${id}-summary`} className={styles.summaryTitle}>
              Order summary
            </h2>
            <button
              type="button"
              className={styles.summaryToggle}
              aria-expanded={summaryOpen}
              aria-controls={`${id}-summary-body`}
              onClick={() => setSummaryOpen((o) => !o)}
            >
              {summaryOpen ? 'Hide' : 'Show'} <span className={formStyles.srOnly}>order summary</span> ({formatGBP(totals.grandTotal)})
            </button>
          </div>
          <div id={`${id}-summary-body`} className={`${styles.summaryBody} ${summaryOpen ? styles.open : ''}`}>
            <OrderSummary cart={cart} totals={totals} shippingTitle={selectedRate ? rateTitle(selectedRate) : null} />
          </div>
        </aside>

        <FormProvider {...form}>
          <Form className={styles.form} noValidate onSubmit={handleSubmit(order.onValid)} aria-busy={busy}>
            {stockProblems.length > 0 ? (
              <div role="alert" className={styles.error}>
                {stockProblems.map((problem) => (
                  <p key={problem}>{problem}</p>
                ))}
                <p>Remove it from your basket, or change the quantity, to place your order.</p>
              </div>
            ) : null}
            <ContactStep id={id} error={formState.errors.email?.message} signedIn={Boolean(token)} />

            <section className={styles.step} aria-labelledby={`${id}-shipping`}>
              <h2 id={`${id}-shipping`}>Shipping address</h2>
              <AddressFieldset which="shipping" legend="Shipping address" savedAddresses={me?.addresses} />
            </section>

            <DeliveryStep id={id} delivery={delivery} freeDelivery={cart.totals?.free_delivery} />
            <BillingStep id={id} sameAsShipping={sameAsShipping} savedAddresses={me?.addresses} />
            <CommentStep id={id} error={formState.errors.comment?.message} />
            <PaymentStep id={id} payment={payment} amount={totals.grandTotal} paymentRef={order.paymentRef} />
            <PlaceOrder
              error={order.error}
              errorRef={order.errorRef}
              invalid={Object.keys(formState.errors).length > 0 && formState.isSubmitted}
              total={totals.grandTotal}
              busy={busy}
              disabled={busy || payment.status !== 'ready'}
            />
          </Form>
        </FormProvider>
      </div>
    </div>
  );
}
