import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue, useStore } from 'jotai';
import { basketOpenAtom, COUNTRIES, Dialog, formatGBP, fromPence, meAtom } from '@shop/shared';
import type { PaymentConfig } from '../api/checkoutApi';
import { checkoutApi } from '../api/checkoutApi';
import { CHECKOUT_TEXT, CheckoutError, failureMessage } from '../checkout/order';
import { Busy } from '../components/Busy';
import { formatCardNumber } from '../payment/testCard';
import { createExpressFlow, type ExpressProduct, type WalletConfirmDetails, type WalletSheet } from './expressFlow';
import styles from './Express.module.css';
import { checkoutEmailAtom, shippingAddressAtom } from '../checkout/checkoutState';

interface SheetAddress {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}

const emptySheetAddress: SheetAddress = { name: '', line1: '', line2: '', city: '', state: '', postal_code: '', country: 'GB' };

/**
 * The offline test provider's express wallet: a button and a sheet of the shop's own that behave
 * like Apple Pay / Google Pay in Stripe's Express Checkout Element (contact, address, delivery
 * rates, line items, total, a stored card, Pay). All the logic is the express flow's.
 */
export function TestWalletButton({
  product,
  config,
  disabledReason,
}: {
  product: ExpressProduct | null;
  config: PaymentConfig;
  /** Why the button cannot be used yet (the product page's options are not all chosen). */
  disabledReason?: string | null | undefined;
}) {
  const id = useId();
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

  // What the wallet "knows" about the shopper: the checkout's details or the customer's.
  const prefill = () => {
    const address = store.get(shippingAddressAtom);
    const saved = me?.addresses.find((a) => a.default_shipping) ?? me?.addresses[0];
    const name = `${address.firstname} ${address.lastname}`.trim() || (saved ? `${saved.firstname} ${saved.lastname}` : me ? `${me.firstname} ${me.lastname}` : '');
    setEmail((e) => e || store.get(checkoutEmailAtom) || me?.email || '');
    setPhone((p) => p || address.phone || saved?.telephone || '');
    setShipping((s) =>
      s.line1 || s.postal_code
        ? s
        : address.street[0] || address.postcode !== '*'
          ? {
              name,
              line1: address.street[0] ?? '',
              line2: address.street[1] ?? '',
              city: address.city,
              state: address.region,
              postal_code: address.postcode === '*' ? '' : address.postcode,
              country: address.country_id || 'GB',
            }
          : saved
            ? {
                name,
                line1: saved.street[0] ?? '',
                line2: saved.street[1] ?? '',
                city: saved.city,
                state: saved.region?.region ?? '',
                postal_code: saved.postcode,
                country: saved.country_id,
              }
            : { ...emptySheetAddress, name },
    );
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
      setButtonError(e instanceof Error ? e.message : CHECKOUT_TEXT.placeOrderFailed);
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
      setError(e instanceof Error ? e.message : CHECKOUT_TEXT.placeOrderFailed);
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
      setError(e instanceof Error ? e.message : CHECKOUT_TEXT.placeOrderFailed);
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
      setError(e instanceof Error ? e.message : CHECKOUT_TEXT.placeOrderFailed);
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

  const addressFields = (which: 'shipping' | 'billing', value: SheetAddress, set: (a: SheetAddress) => void) => {
    const field = (key: keyof SheetAddress, label: string, autoComplete: string, optional = false) => (
      <label className={styles.sheetField}>
        <span>
          {label}
          {optional ? <span className={styles.optional}> (optional)</span> : null}
        </span>
        <input
          value={value[key]}
          autoComplete={`${which} ${autoComplete}`}
          onChange={(e) => set({ ...value, [key]: e.target.value })}
          onBlur={() => which === 'shipping' && (key === 'postal_code' || key === 'city' || key === 'state') && void addressChanged(value)}
        />
      </label>
    );
    return (
      <>
        {field('name', 'Full name', 'name')}
        {field('line1', 'Address line 1', 'address-line1')}
        {field('line2', 'Address line 2', 'address-line2', true)}
        <div className={styles.sheetRow}>
          {field('city', 'Town or city', 'address-level2')}
          {field('postal_code', 'Postcode', 'postal-code')}
        </div>
        <div className={styles.sheetRow}>
          {field('state', 'County', 'address-level1', true)}
          <label className={styles.sheetField}>
            <span>Country</span>
            <select
              value={value.country}
              autoComplete={`${which} country`}
              onChange={(e) => {
                const next = { ...value, country: e.target.value };
                set(next);
                if (which === 'shipping') void addressChanged(next);
              }}
            >
              {COUNTRIES.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        </div>
      </>
    );
  };

  const total = sheet ? fromPence(sheet.total) : 0;

  return (
    <div className={styles.express}>
      <button
        type="button"
        className={styles.walletButton}
        onClick={() => void start()}
        disabled={Boolean(disabledReason) || opening}
        aria-describedby={disabledReason ? `${id}-why` : undefined}
        aria-busy={opening}
      >
        {opening ? <Busy text="Express Checkout" status={false} /> : <>Express Checkout</>}
        <span className={styles.walletBadge}>test wallet</span>
      </button>
      {disabledReason ? (
        <p id={`${id}-why`} className={styles.why}>
          {disabledReason}
        </p>
      ) : null}
      {buttonError ? (
        <p role="alert" className={styles.buttonError}>
          {buttonError}
        </p>
      ) : null}

      <Dialog open={open} onClose={close} title="Express Checkout" className={styles.sheet}>
        <p className={styles.sheetNotice}>Test wallet: no money is taken.</p>
        <form
          noValidate
          className={styles.sheetForm}
          onSubmit={(e) => {
            e.preventDefault();
            void pay();
          }}
        >
          <fieldset className={styles.sheetGroup} disabled={paying}>
            <legend>Contact</legend>
            <div className={styles.sheetRow}>
              <label className={styles.sheetField}>
                <span>Email</span>
                <input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
              </label>
              <label className={styles.sheetField}>
                <span>Phone</span>
                <input type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
              </label>
            </div>
          </fieldset>

          <fieldset className={styles.sheetGroup} disabled={paying}>
            <legend>Shipping address</legend>
            {addressFields('shipping', shipping, setShipping)}
          </fieldset>

          <fieldset className={styles.sheetGroup} disabled={paying}>
            <legend>Billing address</legend>
            <label className={styles.sheetCheck}>
              <input type="checkbox" checked={billingSame} onChange={(e) => setBillingSame(e.target.checked)} />
              Same as shipping address
            </label>
            {billingSame ? null : addressFields('billing', billing, setBilling)}
          </fieldset>

          <fieldset className={styles.sheetGroup} disabled={paying || updating} aria-busy={updating}>
            <legend>Delivery</legend>
            {sheet && sheet.shippingRates.length > 0 ? (
              sheet.shippingRates.map((rate) => (
                <label key={rate.id} className={styles.sheetRate}>
                  <input
                    type="radio"
                    name={`${id}-rate`}
                    value={rate.id}
                    checked={sheet.selectedRateId === rate.id}
                    onChange={() => void rateChanged(rate.id)}
                  />
                  <span>{rate.displayName}</span>
                  <strong>{rate.amount === 0 ? 'Free' : formatGBP(fromPence(rate.amount))}</strong>
                </label>
              ))
            ) : (
              <p className={styles.why}>{updating ? 'Finding delivery options…' : 'No delivery options for this address.'}</p>
            )}
          </fieldset>

          <fieldset className={styles.sheetGroup} disabled={paying}>
            <legend>Card</legend>
            <label className={styles.sheetField}>
              <span>Pay with</span>
              <select value={cardNumber} onChange={(e) => setCardNumber(e.target.value)}>
                {cards.map((c) => (
                  <option key={c.number} value={c.number}>
                    •••• {c.number.slice(-4)} ({c.description})
                  </option>
                ))}
              </select>
            </label>
            <p className={styles.why}>{formatCardNumber(cardNumber)}</p>
          </fieldset>

          {sheet ? (
            <section className={styles.sheetGroup} aria-label="Order total">
              <ul className={styles.lineItems}>
                {sheet.lineItems.map((item, i) => (
                  <li key={i}>
                    <span>{item.name}</span>
                    <span>{formatGBP(fromPence(item.amount))}</span>
                  </li>
                ))}
              </ul>
              <p className={styles.sheetTotal}>
                <span>Total (inc VAT)</span> <strong>{formatGBP(total)}</strong>
              </p>
            </section>
          ) : null}

          {error ? (
            <p role="alert" className={styles.sheetError}>
              {error}
            </p>
          ) : null}
          {paying ? (
            <p className={styles.confirming}>
              <Busy text={CHECKOUT_TEXT.confirming} />
            </p>
          ) : null}

          <div className={styles.sheetActions}>
            <button type="submit" className={styles.payButton} disabled={paying || updating || !sheet?.selectedRateId}>
              Pay {formatGBP(total)}
            </button>
            <button type="button" className={styles.cancelButton} onClick={close} disabled={paying}>
              Cancel
            </button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
