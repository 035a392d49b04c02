import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from '@shop/shared/router';
import { useAtomValue, useStore } from 'jotai';
import { basketOpenAtom, meAtom, type BasketLine } from '@shop/shared';
import type { PaymentConfig } from '../api/checkoutApi';
import { checkoutApi } from '../api/checkoutApi';
import { checkoutEmailAtom, shippingAddressAtom } from '../checkout/checkoutState';
import { CHECKOUT_TEXT, CheckoutError, failureMessage } from '../checkout/order';
import { createExpressFlow, type WalletConfirmDetails, type WalletSheet } from './expressFlow';
import { emptySheetAddress, walletPrefill, type SheetAddress } from './testWallet';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : CHECKOUT_TEXT.placeOrderFailed);

/**
 * The test wallet's sheet: what it shows (contact, addresses, rates, total, the stored card) and
 * what it does, each step handed to the express flow as Stripe's Express Checkout Element would.
 */
export function useTestWallet(product: BasketLine | null, config: PaymentConfig, disabledReason: string | null | undefined) {
  const store = useStore();
  const navigate = useNavigate();
  const me = useAtomValue(meAtom);
  const cards = useMemo(() => (config.testCards?.length ? config.testCards : [{ number: '4242424242424242', description: 'Visa: succeeds' }]), [config]);
  const card = useRef(cards[0]!.number);
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(false);
  const [buttonError, setButtonError] = useState<string | null>(null);
  const [sheet, setSheet] = useState<WalletSheet | null>(null);
  const [updating, setUpdating] = useState(false);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [shipping, setShipping] = useState<SheetAddress>(emptySheetAddress);
  const [billingSame, setBillingSame] = useState(true);
  const [billing, setBilling] = useState<SheetAddress>(emptySheetAddress);
  const [cardNumber, setCardNumber] = useState(cards[0]!.number);
  const lastAddress = useRef('');
  const payingRef = useRef(false);
  card.current = cardNumber;

  const flow = useMemo(
    () =>
      createExpressFlow({
        store,
        navigate,
        async createPaymentMethod(details) {
          const digits = card.current;
          try {
            const pm = await checkoutApi.createTestPaymentMethod({
              type: 'card',
              card: { number: digits, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: /^3[47]/.test(digits) ? '1234' : '123' },
              billing_details: {
                name: details.billingDetails?.name ?? null,
                email: details.billingDetails?.email ?? null,
                phone: details.billingDetails?.phone ?? null,
              },
            });
            // A card from the (test) wallet: the order says it was paid with the wallet.
            return { id: pm.id, type: 'test_wallet' };
          } catch (e) {
            throw new CheckoutError(failureMessage(e), { cause: e });
          }
        },
        async handleNextAction(answer) {
          // The test bank's page (/payment-complete) finishes the order.
          setOpen(false);
          store.set(basketOpenAtom, false);
          navigate(answer.redirectUrl ?? '/payment-complete');
          return null;
        },
      }),
    [store, navigate],
  );

  // What the shopper already typed in the sheet stays; only empty fields are filled in.
  const prefill = () => {
    const known = walletPrefill(store.get(shippingAddressAtom), store.get(checkoutEmailAtom), me);
    setEmail((e) => e || known.email);
    setPhone((p) => p || known.phone);
    setShipping((s) => (s.line1 || s.postal_code ? s : known.shipping));
  };

  const start = async () => {
    if (opening || disabledReason) return;
    setButtonError(null);
    setError(null);
    setOpening(true);
    try {
      prefill();
      const answer = await flow.click(product);
      setSheet(answer);
      lastAddress.current = '';
      setOpen(true);
    } catch (e) {
      setButtonError(messageOf(e));
    } finally {
      setOpening(false);
    }
  };

  // The address the sheet opened with counts as the wallet's first address.
  useEffect(() => {
    if (open && !lastAddress.current && (shipping.postal_code || shipping.country !== 'GB')) void addressChanged(shipping);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  async function addressChanged(address: SheetAddress) {
    const key = [address.country, address.postal_code.trim().toUpperCase(), address.city.trim(), address.state.trim()].join('|');
    if (key === lastAddress.current) return;
    lastAddress.current = key;
    setUpdating(true);
    setError(null);
    try {
      setSheet(await flow.shippingAddressChange({ country: address.country, postal_code: address.postal_code, city: address.city, state: address.state }));
    } catch (e) {
      setError(messageOf(e));
      setSheet((s) => (s ? { ...s, shippingRates: [], selectedRateId: null } : s));
    } finally {
      setUpdating(false);
    }
  }

  const rateChanged = async (rateId: string) => {
    setUpdating(true);
    setError(null);
    try {
      setSheet(await flow.shippingRateChange(rateId));
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setUpdating(false);
    }
  };

  const pay = async () => {
    if (payingRef.current) return;
    payingRef.current = true;
    setPaying(true);
    setError(null);
    const bill = billingSame ? shipping : billing;
    const details: WalletConfirmDetails = {
      billingDetails: { name: bill.name || shipping.name, email, phone, address: bill },
      shippingAddress: { name: shipping.name, address: shipping },
      shippingRate: sheet?.selectedRateId ? { id: sheet.selectedRateId } : null,
      expressPaymentType: 'card',
    };
    try {
      const answer = await flow.confirm(details);
      if (answer) {
        setOpen(false);
        store.set(basketOpenAtom, false);
      }
    } catch (e) {
      setError(messageOf(e));
    } finally {
      payingRef.current = false;
      setPaying(false);
    }
  };

  const close = () => {
    if (paying) return;
    flow.cancel();
    setOpen(false);
  };

  return {
    cards,
    open,
    opening,
    buttonError,
    sheet,
    updating,
    paying,
    error,
    contact: { email, setEmail, phone, setPhone },
    shipping,
    setShipping,
    billingSame,
    setBillingSame,
    billing,
    setBilling,
    cardNumber,
    setCardNumber,
    start,
    addressChanged,
    rateChanged,
    pay,
    close,
  };
}

export type TestWallet = ReturnType<typeof useTestWallet>;
