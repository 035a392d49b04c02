import { useAtomValue } from 'jotai';
import { cartAtom } from '@shop/shared';
import { usePaymentConfig } from '../payment/config';
import type { ExpressProduct } from './expressFlow';
import { PAYMENT_UI } from '../payment/providers';

export interface ExpressCheckoutButtonProps {
  /**
   * The product to buy (product page): `{ sku, lineSku?, name, price, qty, productOptions?, image? }`
   * (the BasketLine of @shop/shared). It goes into the basket if it is not there yet. `null` while the
   * product cannot be bought yet (options not all chosen). Absent on the basket: the basket is bought.
   */
  line?: ExpressProduct | null | undefined;
  /** The same as `line` (either name works). */
  product?: ExpressProduct | null | undefined;
  /** Where the button sits: 'product' (product page) or 'basket' (slide-over). */
  context?: 'product' | 'basket' | undefined;
}

/**
 * The express wallet button (exposed as `checkout/ExpressCheckoutButton`) for the product page and
 * the basket: the active provider's wallet (payment/providers.tsx): Stripe's Express Checkout
 * Element (Apple Pay, Google Pay), or the test provider's own wallet sheet, both driven by the express flow.
 */
export default function ExpressCheckoutButton({ line, product, context }: ExpressCheckoutButtonProps) {
  const cart = useAtomValue(cartAtom);
  const payment = usePaymentConfig();
  const item = product ?? line ?? null;
  const onProductPage = context === 'product' || line !== undefined || product !== undefined;

  // The basket's button has nothing to buy in an empty basket.
  if (!onProductPage && cart.items.length === 0) return null;
  if (payment.status !== 'ready') return null;

  const disabledReason = onProductPage && !item ? 'Choose your options above to use Express Checkout.' : null;

  const { Wallet } = PAYMENT_UI[payment.config.provider];
  return <Wallet config={payment.config} product={item} disabledReason={disabledReason} />;
}
