import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { reloadCart, reportError, type Customer, type ShopStore } from '@shop/shared';
import { fieldsToState, savedAddressToState, stateToFields, type AddressFields } from '../../checkout/addresses';
import { checkoutFormResolver, type CheckoutFormValues } from '../../checkout/checkoutForm';
import {
  billingAddressAtom,
  checkoutEmailAtom,
  deliveryCommentAtom,
  sameAsShippingAddressAtom,
  shippingAddressAtom,
} from '../../checkout/checkoutState';

const isBlankAddress = (a: AddressFields) => !a.firstname && !a.lastname && !a.streetLine1 && !a.city && !a.postcode;

/** Fresh basket prices and lines for the page (again when the login changes); true once answered. */
export function useFreshBasket(store: ShopStore, token: string | null): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    reloadCart(store)
      .catch((e: unknown) => reportError('[checkout] basket failed to load', e))
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [store, token]);
  return loaded;
}

/**
 * The checkout form, started from the checkout state (spec section 3), filled in for a signed-in
 * customer, and written back to the checkout state as the shopper types.
 */
export function useCheckoutForm(store: ShopStore, me: Customer | null) {
  const form = useForm<CheckoutFormValues>({
    resolver: checkoutFormResolver,
    defaultValues: {
      email: store.get(checkoutEmailAtom),
      shipping: stateToFields(store.get(shippingAddressAtom)),
      sameAsShipping: store.get(sameAsShippingAddressAtom),
      billing: stateToFields(store.get(billingAddressAtom)),
      comment: store.get(deliveryCommentAtom),
    },
  });
  const { getValues, setValue } = form;

  // A signed-in customer: their email, and their default shipping address when nothing is typed yet.
  useEffect(() => {
    if (!me) return;
    if (!getValues('email')) setValue('email', me.email);
    if (isBlankAddress(getValues('shipping'))) {
      const preferred = me.addresses.find((a) => a.default_shipping || String(a.id) === me.default_shipping) ?? me.addresses[0];
      if (preferred) {
        for (const [k, v] of Object.entries(stateToFields(savedAddressToState(preferred)))) setValue(`shipping.${k as keyof AddressFields}`, v);
      } else {
        setValue('shipping.firstname', me.firstname);
        setValue('shipping.lastname', me.lastname);
      }
    }
  }, [me, getValues, setValue]);

  // The checkout state follows the form (spec section 3; the billing address is also stored).
  useEffect(() => {
    const sync = (v: Partial<CheckoutFormValues>) => {
      const shipping = fieldsToState(v.shipping ?? {});
      store.set(checkoutEmailAtom, v.email ?? '');
      store.set(shippingAddressAtom, shipping);
      store.set(sameAsShippingAddressAtom, v.sameAsShipping ?? true);
      store.set(billingAddressAtom, v.sameAsShipping === false ? fieldsToState(v.billing ?? {}) : shipping);
      store.set(deliveryCommentAtom, v.comment ?? '');
    };
    const subscription = form.watch((values) => sync(values as Partial<CheckoutFormValues>));
    return () => subscription.unsubscribe();
  }, [form, store]);

  return form;
}
