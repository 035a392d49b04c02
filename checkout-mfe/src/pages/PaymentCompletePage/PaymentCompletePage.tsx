import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '@shop/shared/router';
import { useStore } from 'jotai';
import { ownerOf, PageHeading, reloadCart, Spinner } from '@shop/shared';
import { checkoutApi } from '../../api/checkoutApi';
import { CHECKOUT_TEXT, completeOrder, failureMessage } from '../../checkout/order';
import styles from './PaymentCompletePage.module.css';

type State =
  | { kind: 'missing' }
  | { kind: 'authenticate'; busy: boolean; error: string | null }
  | { kind: 'confirming' }
  | { kind: 'failed'; message: string }
  | { kind: 'cancelled'; message: string };

/**
 * Where the shopper comes back to after an extra confirmation step (3-D Secure): Stripe's return
 * URL (`payment_intent`, `redirect_status`), or the offline test provider's bank page. Shows
 * 'Confirming payment...' while the API finishes the order, then goes to the order success page;
 * a failed step says why and gives the basket back.
 */
export default function PaymentCompletePage() {
  const store = useStore();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const intent = params.get('payment_intent');
  const testAuthentication = params.get('test_authentication') === 'required';
  const started = useRef<string | null>(null);
  const [state, setState] = useState<State>(() =>
    !intent ? { kind: 'missing' } : testAuthentication ? { kind: 'authenticate', busy: false, error: null } : { kind: 'confirming' },
  );

  useEffect(() => {
    if (!intent) {
      setState({ kind: 'missing' });
      return;
    }
    if (testAuthentication) {
      setState({ kind: 'authenticate', busy: false, error: null });
      return;
    }
    const key = `${intent}:${params.get('redirect_status') ?? ''}`;
    if (started.current === key) return;
    started.current = key;
    setState({ kind: 'confirming' });
    checkoutApi
      .completePayment(intent, ownerOf(store))
      .then(async (answer) => {
        if (answer.status === 'requires_action') {
          if (answer.provider === 'test' && answer.redirectUrl) {
            navigate(answer.redirectUrl, { replace: true });
            return;
          }
          setState({ kind: 'failed', message: 'Your bank still needs you to confirm this payment. Please return to the checkout and try again.' });
          return;
        }
        await completeOrder(store, answer);
        navigate('/order/success', { replace: true });
      })
      .catch((error: unknown) => {
        setState({ kind: 'failed', message: failureMessage(error, 'We could not confirm your payment. Your basket is as you left it.') });
        reloadCart(store).catch(() => undefined);
      });
  }, [intent, testAuthentication, params, store, navigate]);

  const authenticate = async (outcome: 'complete' | 'fail') => {
    if (!intent) return;
    setState({ kind: 'authenticate', busy: true, error: null });
    try {
      const answer = await checkoutApi.testAuthenticate(intent, outcome);
      navigate(answer.returnUrl, { replace: true });
    } catch (error) {
      setState({ kind: 'authenticate', busy: false, error: failureMessage(error) });
    }
  };

  const cancel = async () => {
    if (!intent) return;
    setState({ kind: 'authenticate', busy: true, error: null });
    try {
      const answer = await checkoutApi.cancelPaymentIntent(intent, ownerOf(store));
      if (answer.status !== 'canceled' && answer.orderId) {
        // It went through meanwhile: the order is placed.
        navigate(`/payment-complete?payment_intent=${encodeURIComponent(intent)}&redirect_status=succeeded`, { replace: true });
        return;
      }
      setState({ kind: 'cancelled', message: answer.message || CHECKOUT_TEXT.paymentCancelled });
      reloadCart(store).catch(() => undefined);
    } catch (error) {
      setState({ kind: 'authenticate', busy: false, error: failureMessage(error) });
    }
  };

  return (
    <div className={styles.page}>
      <PageHeading title="Payment complete" heading={state.kind === 'authenticate' ? 'Confirm your payment' : 'Payment'} />
      {state.kind === 'confirming' ? (
        <div className={styles.panel} role="status" aria-live="polite">
          <span className={styles.spinner} aria-hidden="true" />
          <p className={styles.confirming}>{CHECKOUT_TEXT.confirming}</p>
          <p className={styles.muted}>Please do not close or refresh this page.</p>
        </div>
      ) : null}

      {state.kind === 'authenticate' ? (
        <section className={styles.bank} aria-labelledby="bank-heading">
          <p className={styles.bankBadge}>Test bank · 3-D Secure</p>
          <h2 id="bank-heading">Your bank needs you to confirm this payment</h2>
          <p>
            This is the offline test provider's stand-in for your bank's check. No money is taken. Complete the check to place your order, or
            fail it to see what a shopper sees when their bank refuses.
          </p>
          {state.error ? (
            <p role="alert" className={styles.error}>
              {state.error}
            </p>
          ) : null}
          <div className={styles.actions}>
            <button type="button" className={styles.primary} disabled={state.busy} onClick={() => void authenticate('complete')}>
              Complete authentication
            </button>
            <button type="button" className={styles.secondary} disabled={state.busy} onClick={() => void authenticate('fail')}>
              Fail authentication
            </button>
            <button type="button" className={styles.link} disabled={state.busy} onClick={() => void cancel()}>
              Cancel payment
            </button>
          </div>
          {state.busy ? <Spinner label="Contacting your bank…" /> : null}
        </section>
      ) : null}

      {state.kind === 'failed' || state.kind === 'cancelled' ? (
        <div className={styles.panel}>
          <p role="alert" className={styles.error}>
            {state.message}
          </p>
          <div className={styles.actions}>
            <Link to="/checkout" className={styles.primary}>
              Return to checkout
            </Link>
            <Link to="/" className={styles.secondary}>
              Continue Shopping
            </Link>
          </div>
        </div>
      ) : null}

      {state.kind === 'missing' ? (
        <div className={styles.panel}>
          <p>There is no payment to confirm here.</p>
          <div className={styles.actions}>
            <Link to="/checkout" className={styles.primary}>
              Go to checkout
            </Link>
            <Link to="/" className={styles.secondary}>
              Continue Shopping
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  );
}
