import { useEffect, useMemo, useState, type RefObject } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { useAtom } from 'jotai';
import { ownerOf, reportError, type Cart, type ShippingEstimate, type ShopStore } from '@shop/shared';
import { checkoutApi } from '../../api/checkoutApi';
import { estimateAddressFor } from '../../checkout/addresses';
import type { CheckoutFormValues } from '../../checkout/checkoutForm';
import { shippingCarrierCodeAtom, shippingMethodCodeAtom } from '../../checkout/checkoutState';
import { CheckoutError, failureMessage } from '../../checkout/order';
import { chooseRate } from '../../checkout/totals';

export type RatesState =
  | { status: 'idle' | 'loading'; rates: ShippingEstimate[]; error: null }
  | { status: 'ready'; rates: ShippingEstimate[]; error: null }
  | { status: 'failed'; rates: ShippingEstimate[]; error: string };

const NO_RATES = 'Sorry, we cannot deliver this basket to that address online. Please call us to arrange delivery.';
const CHOOSE_RATE = 'Please choose a delivery method.';

/**
 * Delivery methods for the shipping address, asked again whenever the country, postcode or
 * basket changes (not while an order is being placed), and the method the shopper chose.
 */
export function useDeliveryRates({
  store,
  control,
  cart,
  loaded,
  token,
  submitting,
}: {
  store: ShopStore;
  control: Control<CheckoutFormValues>;
  cart: Cart;
  loaded: boolean;
  token: string | null;
  submitting: RefObject<boolean>;
}) {
  const [carrierCode, setCarrierCode] = useAtom(shippingCarrierCodeAtom);
  const [methodCode, setMethodCode] = useAtom(shippingMethodCodeAtom);
  const [ratesState, setRatesState] = useState<RatesState>({ status: 'idle', rates: [], error: null });

  const country = useWatch({ control, name: 'shipping.country_id' });
  const postcode = useWatch({ control, name: 'shipping.postcode' });
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
  }, [loaded, basketKey, basketSettled, estimateFor, store, token, setCarrierCode, setMethodCode, submitting]);

  const selectedRate = ratesState.rates.find((r) => r.carrier_code === carrierCode && r.method_code === methodCode) ?? null;

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

  const chooseRateOf = (rate: ShippingEstimate) => {
    setCarrierCode(rate.carrier_code);
    setMethodCode(rate.method_code);
  };

  return { ratesState, selectedRate, rateForOrder, chooseRate: chooseRateOf, country, estimateFor };
}

export type DeliveryRates = ReturnType<typeof useDeliveryRates>;
