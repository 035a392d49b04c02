import { Dialog, formatGBP, fromPence, PHONE_STRIP, TextField } from '@shop/shared';
import { CHECKOUT_TEXT } from '../checkout/order';
import { Busy } from '../components/Busy';
import { formatCardNumber } from '../payment/testCard';
import { SheetAddressFields } from './SheetAddressFields';
import type { TestWallet } from './useTestWallet';
import styles from './Express.module.css';

/** The test wallet's sheet: contact, shipping and billing addresses, delivery, card, total, Pay. */
export function WalletSheetDialog({ id, wallet }: { id: string; wallet: TestWallet }) {
  const { sheet, paying, updating, error, contact, cards, cardNumber } = wallet;
  const changed = (address: Parameters<typeof wallet.addressChanged>[0]) => void wallet.addressChanged(address);
  const total = sheet ? fromPence(sheet.total) : 0;

  return (
    <Dialog open={wallet.open} onClose={wallet.close} title="Express Checkout" className={styles.sheet}>
      <p className={styles.sheetNotice}>Test wallet: no money is taken.</p>
      <form
        noValidate
        className={styles.sheetForm}
        onSubmit={(e) => {
          e.preventDefault();
          void wallet.pay();
        }}
      >
        <fieldset className={styles.sheetGroup} disabled={paying}>
          <legend>Contact</legend>
          <div className={styles.sheetRow}>
            <label className={styles.sheetField}>
              <span>Email</span>
              <input type="email" autoComplete="email" value={contact.email} onChange={(e) => contact.setEmail(e.target.value)} />
            </label>
            <label className={styles.sheetField}>
              <span>Phone</span>
              {/* As the checkout's phone field: what a phone number never has is dropped as it is typed. */}
              <TextField type="tel" inputMode="tel" autoComplete="tel" strip={PHONE_STRIP} value={contact.phone} onValueChange={contact.setPhone} />
            </label>
          </div>
        </fieldset>

        <fieldset className={styles.sheetGroup} disabled={paying}>
          <legend>Shipping address</legend>
          <SheetAddressFields which="shipping" value={wallet.shipping} onChange={wallet.setShipping} onAddressChanged={changed} />
        </fieldset>

        <fieldset className={styles.sheetGroup} disabled={paying}>
          <legend>Billing address</legend>
          <label className={styles.sheetCheck}>
            <input type="checkbox" checked={wallet.billingSame} onChange={(e) => wallet.setBillingSame(e.target.checked)} />
            Same as shipping address
          </label>
          {wallet.billingSame ? null : <SheetAddressFields which="billing" value={wallet.billing} onChange={wallet.setBilling} onAddressChanged={changed} />}
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
                  onChange={() => void wallet.rateChanged(rate.id)}
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
            <select value={cardNumber} onChange={(e) => wallet.setCardNumber(e.target.value)}>
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
          <button type="button" className={styles.cancelButton} onClick={wallet.close} disabled={paying}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
