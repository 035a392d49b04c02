import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { addressToFormValues, emptyAddressFormValues, meAtom, PageHeading, type Address, type AddressFormInput, type AddressFormValues } from '@shop/shared';
import { saveAddress, ADDRESS_BOOK_MESSAGES } from '../../account/addresses';
import { useCustomer } from '../../account/useCustomer';
import { AccountLayout } from '../../components/AccountLayout/AccountLayout';
import { AddressBlock } from '../../components/AddressBlock/AddressBlock';
import styles from '../../components/Form/Form.module.css';
import { AddressForm } from './AddressForm';
import page from './AddressesPage.module.css';

type FormState = { mode: 'add'; initial: AddressFormInput } | { mode: 'edit'; id: number; initial: AddressFormInput } | null;

/** My Addresses: the address cards with their badges, and the add/edit form (spec sections 2, 4, 8). */
export default function AddressesPage() {
  const { token, me } = useCustomer();
  const setMe = useSetAtom(meAtom);
  const [form, setForm] = useState<FormState>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const open = (next: FormState) => {
    setError(null);
    setSaved(null);
    setForm(next);
  };

  const save = async (values: AddressFormValues) => {
    if (!form) return;
    setBusy(true);
    setError(null);
    try {
      const customer = await saveAddress(token, values, form.mode === 'edit' ? form.id : undefined);
      setMe(customer);
      setSaved(form.mode === 'add' ? 'You saved the address.' : 'You saved the changes to the address.');
      setForm(null);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : ADDRESS_BOOK_MESSAGES.formFallback);
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (!token) body = <p>Please log in to view your addresses.</p>;
  else if (!me) body = <p role="status">Loading your addresses...</p>;
  else
    body = (
      <>
        {saved ? (
          <p role="status" className={styles.success}>
            {saved}
          </p>
        ) : null}
        {me.addresses.length === 0 ? (
          <p>You have no saved addresses.</p>
        ) : (
          <ul className={page.cards}>
            {me.addresses.map((a) => (
              <AddressCard key={a.id} address={a} onEdit={() => a.id && open({ mode: 'edit', id: a.id, initial: addressToFormValues(a) })} />
            ))}
          </ul>
        )}
        {form ? (
          <AddressForm
            // A new key resets the form for each address it edits.
            key={form.mode === 'edit' ? form.id : 'new'}
            mode={form.mode}
            initial={form.initial}
            busy={busy}
            error={error}
            onSave={save}
            onCancel={() => open(null)}
          />
        ) : (
          <p>
            <button
              type="button"
              className={styles.primary}
              onClick={() => open({ mode: 'add', initial: emptyAddressFormValues({ firstname: me.firstname, lastname: me.lastname }) })}
            >
              Add New Address
            </button>
          </p>
        )}
      </>
    );

  return (
    <AccountLayout>
      <PageHeading title={form?.mode === 'add' ? 'Add New Address' : 'My Addresses'} heading="My Addresses" />
      {body}
    </AccountLayout>
  );
}

function AddressCard({ address, onEdit }: { address: Address; onEdit: () => void }) {
  const label = address.custom_attributes?.find((c) => c.attribute_code === 'address_label')?.value;
  const name = label ?? `${address.firstname} ${address.lastname}`;
  return (
    <li className={page.card} aria-label={name}>
      {label ? <p className={page.label}>{label}</p> : null}
      {address.default_billing || address.default_shipping ? (
        <p className={page.badges}>
          {address.default_billing ? <span className={page.badge}>Default Billing</span> : null}
          {address.default_shipping ? <span className={page.badge}>Default Shipping</span> : null}
        </p>
      ) : null}
      <AddressBlock address={address} />
      <p>
        <button type="button" className={styles.secondary} onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </button>
      </p>
    </li>
  );
}
