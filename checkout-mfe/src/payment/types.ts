import type { CreatedPaymentMethod, NextActionHandler } from '../checkout/order';

/** Who pays, as the billing address says (Stripe's billing_details). */
export interface BillingDetails {
  name: string;
  email: string;
  phone: string;
  address: { line1: string; line2: string; city: string; state: string; postal_code: string; country: string };
}

/**
 * What the checkout page asks of the payment UI (Stripe's Payment Element or the test card form),
 * through a ref, when the shopper presses Place Order.
 */
export interface PaymentHandle {
  /** Checks what the shopper typed (messages shown beside the fields); false when it is not usable. */
  prepare(): Promise<boolean>;
  /** Makes the payment method the order is confirmed with. */
  createPaymentMethod(billing: BillingDetails): Promise<CreatedPaymentMethod>;
  /** The card needs an extra step (3-D Secure). */
  handleNextAction: NextActionHandler;
}
