import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { useAtom, useAtomValue, useStore } from 'jotai';
import {
  authTokenAtom,
  billingAddressAtom,
  cartAtom,
  checkoutEmailAtom,
  deliveryCommentAtom,
  formatGBP,
  meAtom,
  PageHeading,
  paymentMethodAtom,
  reloadCart,
  reportError,
  sameAsShippingAddressAtom,
  shippingAddressAtom,
  shippingCarrierCodeAtom,
  shippingMethodCodeAtom,
  Spinner,
  toPence,
  FREE_DELIVERY_MESSAGE,
  type ShippingEstimate,
} from '@shop/shared';
import { checkoutApi } from '../../api/checkoutApi';
import { estimateAddressFor, fieldsToState, savedAddressToState, stateToFields, type AddressFields } from '../../checkout/addresses';
import { checkoutFormResolver, COMMENT_MAX, type CheckoutFormValues } from '../../checkout/checkoutForm';
import { CHECKOUT_TEXT, CheckoutError, failureMessage, ownerOf, placeOrder } from '../../checkout/order';
import { chooseRate, rateTitle, summaryTotals } from '../../checkout/totals';
import { AddressFieldset } from '../../components/AddressFieldset';
import { Busy } from '../../components/Busy';
import { OrderSummary } from '../../components/OrderSummary';
import { usePaymentConfig } from '../../payment/config';
import { PaymentSection } from '../../payment/PaymentSection';
import type { BillingDetails, PaymentHandle } from '../../payment/types';
import formStyles from '../../components/Form.module.css';
import styles from './CheckoutPage.module.css';

type RatesState =
  | { status: 'idle' | 'loading'; rates: ShippingEstimate[]; error: null }
  | { status: 'ready'; rates: ShippingEstimate[]; error: null }
  | { status: 'failed'; rates: ShippingEstimate[]; error: string };

const NO_RATES = 'Sorry, we cannot deliver this basket to that address online. Please call us to arrange delivery.';
const CHOOSE_RATE = 'Please choose a delivery method.';

function billingDetailsOf(email: string, address: ReturnType<typeof fieldsToState>): BillingDetails {
  return {
    name: `${address.firstname} ${address.lastname}`.trim(),
    email,
    phone: address.phone,
    address: {
      line1: address.street[0] ?? '',
      line2: address.street[1] ?? '',
      city: address.city,
      state: address.region,
      postal_code: address.postcode,
      country: address.country_id,
    },
  };
}

const isBlankAddress = (a: AddressFields) => !a.firstname && !a.lastname && !a.streetLine1 && !a.city && !a.postcode;

/**
 * The one-page checkout (spec sections 3, 4 and 9): contact email, shipping address, delivery
 * methods estimated for it, billing address (same as shipping by default), delivery comment,
 * payment (Stripe's Payment Element or the test provider's card form) and the order summary.
 * Place Order runs the checkout order: estimate, save shipping, save payment method, confirm.
 */
export default function CheckoutPage() {
  const store = useStore();
  const navigate = useNavigate();
  const id = useId();
  const cart = useAtomValue(cartAtom);
  const me = useAtomValue(meAtom);
  const token = useAtomValue(authTokenAtom);
  const [carrierCode, setCarrierCode] = useAtom(shippingCarrierCodeAtom);
  const [methodCode, setMethodCode] = useAtom(shippingMethodCodeAtom);
  const payment = usePaymentConfig();
  const paymentRef = useRef<PaymentHandle>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const submitting = useRef(false);
  const [loaded, setLoaded] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [summaryOpen, setSummaryOpen] = useState(false);
  const [ratesState, setRatesState] = useState<RatesState>({ status: 'idle', rates: [], error: null });

  const form = useForm<CheckoutFormValues>({
    resolver: checkoutFormResolver,
    defaultValues: {
      email: store.get(checkoutEmailAtom),
      shipping: stateToFields(store.get(shippingAddressAtom)),
      sameAsShipping: store.get(sameAsShippingAddressAtom),
      billing: stateToFields(store.get(billingAddressAtom)),
      comment: store.get(deliveryCommentAtom),
    },
  });
  const { register, handleSubmit, setValue, getValues, control, formState } = form;

  // Fresh basket prices and lines for the page.
  useEffect(() => {
    let live = true;
    reloadCart(store)
      .catch((e: unknown) => reportError('[checkout] basket failed to load', e))
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [store, token]);

  // A signed-in customer: their email, and their default shipping address when nothing is typed yet.
  useEffect(() => {
    if (!me) return;
    if (!getValues('email')) setValue('email', me.email);
    if (isBlankAddress(getValues('shipping'))) {
      const preferred = me.addresses.find((a) => a.default_shipping || String(a.id) === me.default_shipping) ?? me.addresses[0];
      if (preferred) {
        for (const [k, v] of Object.entries(stateToFields(savedAddressToState(preferred)))) setValue(`shipping.${k as keyof AddressFields}`, v);
      } else {
        setValue('shipping.firstname', me.firstname);
        setValue('shipping.lastname', me.lastname);
      }
    }
  }, [me, getValues, setValue]);

  // The checkout state follows the form (spec section 3; the billing address is also stored).
  useEffect(() => {
    const sync = (v: Partial<CheckoutFormValues>) => {
      const shipping = fieldsToState(v.shipping ?? {});
      store.set(checkoutEmailAtom, v.email ?? '');
      store.set(shippingAddressAtom, shipping);
      store.set(sameAsShippingAddressAtom, v.sameAsShipping ?? true);
      store.set(billingAddressAtom, v.sameAsShipping === false ? fieldsToState(v.billing ?? {}) : shipping);
      store.set(deliveryCommentAtom, v.comment ?? '');
    };
    const subscription = form.watch((values) => sync(values as Partial<CheckoutFormValues>));
    return () => subscription.unsubscribe();
  }, [form, store]);

  // Delivery methods for the address, again whenever the country, postcode or basket changes.
  const country = useWatch({ control, name: 'shipping.country_id' });
  const postcode = useWatch({ control, name: 'shipping.postcode' });
  const sameAsShipping = useWatch({ control, name: 'sameAsShipping' });
  const estimateFor = useMemo(() => estimateAddressFor({ country_id: country, postcode: postcode || '*', city: '' }), [country, postcode]);
  const basketKey = cart.items.map((i) => `${i.sku}:${i.qty}`).join('|');
  const basketSettled = !cart.items.some((i) => String(i.item_id).startsWith('pending-'));
  useEffect(() => {
    if (!loaded || !basketKey || !basketSettled) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      // Placing the order estimates for itself (and then empties the basket): no second call.
      if (submitting.current) return;
      setRatesState((s) => ({ status: 'loading', rates: s.rates, error: null }));
      checkoutApi
        .estimateShipping(ownerOf(store), estimateFor, controller.signal)
        .then((answer) => {
          const rates = answer.filter((r) => r.available);
          const chosen = chooseRate(rates, store.get(shippingCarrierCodeAtom), store.get(shippingMethodCodeAtom));
          setCarrierCode(chosen?.carrier_code ?? null);
          setMethodCode(chosen?.method_code ?? null);
          setRatesState(rates.length ? { status: 'ready', rates, error: null } : { status: 'failed', rates, error: NO_RATES });
        })
        .catch((e: unknown) => {
          if (controller.signal.aborted) return;
          reportError('[checkout] delivery estimate failed', e);
          setRatesState({ status: 'failed', rates: [], error: failureMessage(e, 'We could not work out delivery just now. Please try again.') });
        });
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [loaded, basketKey, basketSettled, estimateFor, store, token, setCarrierCode, setMethodCode]);

  const selectedRate = ratesState.rates.find((r) => r.carrier_code === carrierCode && r.method_code === methodCode) ?? null;
  const totals = summaryTotals(cart, selectedRate);
  const freeDelivery = cart.totals?.free_delivery;

  /**
   * The delivery rate to order with. A shopper can be quicker than the estimate (Place Order just
   * after the page opens, their choice restored from the session): then estimate now and go on
   * with the choice they made earlier if it is still offered; otherwise show the options.
   */
  const rateForOrder = async (): Promise<ShippingEstimate> => {
    if (selectedRate) return selectedRate;
    if (ratesState.status === 'failed') throw new CheckoutError(ratesState.error);
    const rates = (await checkoutApi.estimateShipping(ownerOf(store), estimateFor)).filter((r) => r.available);
    const stored = rates.find((r) => r.carrier_code === store.get(shippingCarrierCodeAtom) && r.method_code === store.get(shippingMethodCodeAtom));
    const shown = stored ?? chooseRate(rates, null, null);
    setCarrierCode(shown?.carrier_code ?? null);
    setMethodCode(shown?.method_code ?? null);
    setRatesState(rates.length ? { status: 'ready', rates, error: null } : { status: 'failed', rates, error: NO_RATES });
    if (!rates.length) throw new CheckoutError(NO_RATES);
    if (!stored) throw new CheckoutError(CHOOSE_RATE);
    return stored;
  };

  const onValid = async (values: CheckoutFormValues) => {
    if (submitting.current) return;
    submitting.current = true;
    setPlacing(true);
    setError(null);
    let leaving = false;
    try {
      const rate = await rateForOrder();
      const handle = paymentRef.current;
      if (!handle) throw new CheckoutError(payment.error ?? 'The payment form is still loading. Please try again in a moment.');
      if (!(await handle.prepare())) return;
      const email = values.email.trim().toLowerCase();
      const shipping = fieldsToState(values.shipping);
      const billing = values.sameAsShipping ? null : fieldsToState(values.billing);
      const result = await placeOrder(store, {
        email,
        shippingAddress: shipping,
        billingAddress: billing,
        comment: values.comment,
        shippingMethod: { carrierCode: rate.carrier_code, methodCode: rate.method_code },
        paymentMethod: store.get(paymentMethodAtom),
        createPaymentMethod: () => handle.createPaymentMethod(billingDetailsOf(email, billing ?? shipping)),
        handleNextAction: handle.handleNextAction,
        returnUrl: `${window.location.origin}/payment-complete`,
      });
      leaving = true;
      if (result.kind === 'placed') navigate('/order/success');
    } catch (e) {
      setError(failureMessage(e));
      // The basket is as it was: show it as the server has it.
      reloadCart(store).catch(() => undefined);
      requestAnimationFrame(() => errorRef.current?.focus());
    } finally {
      if (!leaving) {
        submitting.current = false;
        setPlacing(false);
      }
    }
  };

  if (!loaded && cart.items.length === 0) {
    return (
      <div className={styles.page}>
        <PageHeading title="Checkout" />
        <Spinner label="Loading your basket…" />
      </div>
    );
  }

  if (cart.items.length === 0 && !placing) {
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

  const busy = placing || formState.isSubmitting;
  const commentError = formState.errors.comment?.message;
  const emailError = formState.errors.email?.message;

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
          <form className={styles.form} noValidate onSubmit={handleSubmit(onValid)} aria-busy={busy}>
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
                  aria-invalid={Boolean(emailError)}
                  aria-describedby={`${id}-email-hint${emailError ? ` ${id}-email-error` : ''}`}
                  className={emailError ? formStyles.invalid : undefined}
                  {...register('email')}
                />
                <span id={`${id}-email-hint`} className={formStyles.hint}>
                  We will send your order confirmation here.
                </span>
                {emailError ? (
                  <span id={`${id}-email-error`} className={formStyles.fieldError}>
                    {emailError}
                  </span>
                ) : null}
              </div>
              {!token ? (
                <p className={styles.signIn}>
                  Already have an account? <Link to="/customer/account/login">Sign in</Link> for faster checkout.
                </p>
              ) : null}
            </section>

            <section className={styles.step} aria-labelledby={`${id}-shipping`}>
              <h2 id={`${id}-shipping`}>Shipping address</h2>
              <AddressFieldset which="shipping" legend="Shipping address" savedAddresses={me?.addresses} />
            </section>

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
                      <input
                        type="radio"
                        name="shippingRate"
                        value={value}
                        checked={selectedRate === rate}
                        onChange={() => {
                          setCarrierCode(rate.carrier_code);
                          setMethodCode(rate.method_code);
                        }}
                      />
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

            <section className={styles.step} aria-labelledby={`${id}-billing`}>
              <h2 id={`${id}-billing`}>Billing address</h2>
              <label className={formStyles.check}>
                <input type="checkbox" {...register('sameAsShipping')} />
                My billing and shipping address are the same
              </label>
              {sameAsShipping === false ? <AddressFieldset which="billing" legend="Billing address" savedAddresses={me?.addresses} /> : null}
            </section>

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
                  aria-invalid={Boolean(commentError)}
                  aria-describedby={`${id}-comment-hint`}
                  {...register('comment')}
                />
                <span id={`${id}-comment-hint`} className={formStyles.hint}>
                  For example access for a large vehicle, or where to leave the delivery.
                </span>
                {commentError ? <span className={formStyles.fieldError}>{commentError}</span> : null}
              </div>
            </section>

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
              {payment.status === 'ready' ? (
                <PaymentSection config={payment.config} amountPence={toPence(totals.grandTotal)} ref={paymentRef} />
              ) : null}
            </section>

            <div className={styles.place}>
              {error ? (
                <p ref={errorRef} role="alert" tabIndex={-1} className={styles.error}>
                  {error}
                </p>
              ) : null}
              {Object.keys(formState.errors).length > 0 && formState.isSubmitted && !error ? (
                <p role="alert" className={styles.error}>
                  Please check the highlighted fields.
                </p>
              ) : null}
              <p className={styles.toPay}>
                <span>Order Total (inc VAT)</span> <strong>{formatGBP(totals.grandTotal)}</strong>
              </p>
              <button type="submit" className={styles.placeOrder} disabled={busy || payment.status !== 'ready'}>
                {busy ? <Busy text="Placing your order…" status={false} /> : 'Place Order'}
              </button>
              <p className={formStyles.hint}>
                By placing your order you agree to our <Link to="/terms-and-conditions">Terms &amp; Conditions</Link>.
              </p>
            </div>
          </form>
        </FormProvider>
      </div>
    </div>
  );
}
