import { useRef, useState, type RefObject } from 'react';
import { useNavigate } from '@shop/shared/router';
import { reloadCart, type ShippingEstimate, type ShopStore } from '@shop/shared';
import { fieldsToState } from '../../checkout/addresses';
import type { CheckoutFormValues } from '../../checkout/checkoutForm';
import { paymentMethodAtom } from '../../checkout/checkoutState';
import { CheckoutError, failureMessage, placeOrder } from '../../checkout/order';
import type { PaymentConfigState } from '../../payment/config';
import type { BillingDetails, PaymentHandle } from '../../payment/types';

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

/**
 * Place Order: once at a time (`submitting`), with the chosen delivery method and the payment
 * form's method; on success to the order success page, otherwise the reason shown and focused.
 */
export function usePlaceOrder({
  store,
  submitting,
  rateForOrder,
  payment,
}: {
  store: ShopStore;
  submitting: RefObject<boolean>;
  /** The delivery rate chosen (estimated first if the shopper was quicker than the estimate). */
  rateForOrder: () => Promise<ShippingEstimate>;
  payment: PaymentConfigState;
}) {
  const navigate = useNavigate();
  const paymentRef = useRef<PaymentHandle>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<string | null>(null);

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

  return { onValid, placing, error, errorRef, paymentRef };
}
