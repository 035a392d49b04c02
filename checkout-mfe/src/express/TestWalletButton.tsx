import { useId } from 'react';
import type { PaymentConfig } from '../api/checkoutApi';
import { Busy } from '../components/Busy';
import type { BasketLine } from '@shop/shared';
import { useTestWallet } from './useTestWallet';
import { WalletSheetDialog } from './WalletSheetDialog';
import styles from './Express.module.css';

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
  product: BasketLine | null;
  config: PaymentConfig;
  /** Why the button cannot be used yet (the product page's options are not all chosen). */
  disabledReason?: string | null | undefined;
}) {
  const id = useId();
  const wallet = useTestWallet(product, config, disabledReason);
  const { opening, buttonError } = wallet;

  return (
    <div className={styles.express}>
      <button
        type="button"
        className={styles.walletButton}
        onClick={() => void wallet.start()}
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

      <WalletSheetDialog id={id} wallet={wallet} />
    </div>
  );
}
