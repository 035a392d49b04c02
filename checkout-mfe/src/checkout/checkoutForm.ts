import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { addressFormSchema } from '@shop/shared/schemas';
import { checkoutEmailField } from '@shop/shared/schemas';
import type { AddressFields } from './addresses';

/**
 * The checkout page's form: contact email, shipping address, 'billing same as shipping' or a
 * billing address, delivery comment. The addresses follow the address form's rules and messages
 * (spec section 5, `addressFormSchema` of @shop/shared); the email the checkout's
 * ('This is a required field.', 'Please enter a valid email address.').
 */
export interface CheckoutFormValues {
  email: string;
  shipping: AddressFields;
  sameAsShipping: boolean;
  billing: AddressFields;
  comment: string;
}

export const COMMENT_MAX = 1000;
export const COMMENT_TOO_LONG = `Please keep the comment under ${COMMENT_MAX} characters`;

const base = {
  email: checkoutEmailField,
  shipping: addressFormSchema,
  sameAsShipping: z.boolean(),
  comment: z.string().max(COMMENT_MAX, COMMENT_TOO_LONG),
};

/** Billing same as shipping: the billing fields are not checked. */
export const sameBillingSchema = z.object({ ...base, billing: z.unknown() });
/** A separate billing address: checked with the same rules. */
export const separateBillingSchema = z.object({ ...base, billing: addressFormSchema });

const sameResolver = zodResolver(sameBillingSchema, undefined, { raw: true });
const separateResolver = zodResolver(separateBillingSchema, undefined, { raw: true });

/** Picks the schema by the 'same as shipping' box; answers the raw values (converted on submit). */
export const checkoutFormResolver: Resolver<CheckoutFormValues> = (values, context, options) =>
  (values.sameAsShipping ? sameResolver : separateResolver)(values as never, context, options as never) as ReturnType<
    Resolver<CheckoutFormValues>
  >;
