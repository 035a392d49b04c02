import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Form, PHONE_STRIP, Spinner, type AddressFormInput, type AddressFormValues } from '@shop/shared';
import { COUNTRIES, findCountry } from '@shop/shared/forms';
import { addressFormSchema } from '@shop/shared/schemas';
import { CheckboxField, SelectField, TextField } from '../../components/Form/Field';
import styles from '../../components/Form/Form.module.css';

/**
 * The add/edit address form (spec sections 2, 4, 5) on @shop/shared's address schema, so every
 * message under a field is the spec's. `error` is the red box after a failed save.
 */
export function AddressForm({
  mode,
  initial,
  busy,
  error,
  onSave,
  onCancel,
}: {
  mode: 'add' | 'edit';
  initial: AddressFormInput;
  busy: boolean;
  error: string | null;
  onSave: (values: AddressFormValues) => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<AddressFormInput, unknown, AddressFormValues>({ resolver: zodResolver(addressFormSchema), defaultValues: initial });

  const countryId = watch('country_id');
  const regions = findCountry(countryId)?.regions ?? [];
  // A region belongs to its country: changing the country clears it.
  useEffect(() => {
    const current = watch('region_id');
    if (current && !regions.some((r) => String(r.id) === String(current))) setValue('region_id', '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [countryId]);

  const title = mode === 'add' ? 'Add New Address' : 'Edit Address';
  return (
    <section className={styles.box} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <Form onSubmit={handleSubmit(onSave)} noValidate aria-busy={busy}>
        <fieldset className={styles.section}>
          <legend>Contact Information</legend>
          <div className={styles.row}>
            <TextField label="First Name" autoComplete="given-name" required registration={register('firstname')} error={errors.firstname?.message} />
            <TextField label="Last Name" autoComplete="family-name" required registration={register('lastname')} error={errors.lastname?.message} />
          </div>
          <TextField label="Company" autoComplete="organization" registration={register('company')} error={errors.company?.message} />
          <TextField
            label="Phone Number"
            type="tel"
            autoComplete="tel"
            strip={PHONE_STRIP}
            required
            registration={register('telephone')}
            error={errors.telephone?.message}
          />
        </fieldset>
        <fieldset className={styles.section}>
          <legend>Address</legend>
          <TextField
            label="Street Address (Line 1)"
            autoComplete="address-line1"
            required
            registration={register('streetLine1')}
            error={errors.streetLine1?.message}
          />
          <TextField label="Street Address (Line 2)" autoComplete="address-line2" registration={register('streetLine2')} error={errors.streetLine2?.message} />
          <div className={styles.row}>
            <TextField label="City" autoComplete="address-level2" required registration={register('city')} error={errors.city?.message} />
            <TextField label="Postal Code" autoComplete="postal-code" required registration={register('postcode')} error={errors.postcode?.message} />
          </div>
          <div className={styles.row}>
            <SelectField label="Country" required registration={register('country_id')} error={errors.country_id?.message}>
              <option value="">Please select a country</option>
              {COUNTRIES.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </SelectField>
            {regions.length > 0 ? (
              <SelectField label="County/State/Province" required registration={register('region_id')} error={errors.region_id?.message}>
                <option value="">Please select a county</option>
                {regions.map((r) => (
                  <option key={r.id} value={String(r.id)}>
                    {r.name}
                  </option>
                ))}
              </SelectField>
            ) : null}
          </div>
          <TextField
            label="Address Label"
            registration={register('address_label')}
            error={errors.address_label?.message}
            hint="Optional, for example Home or Site office."
          />
          <CheckboxField label="Use as my default billing address" registration={register('default_billing')} />
          <CheckboxField label="Use as my default shipping address" registration={register('default_shipping')} />
        </fieldset>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy}>
            {busy ? <Spinner label="Saving…" /> : null} {mode === 'add' ? 'Save Address' : 'Save Changes'}
          </button>
          <button type="button" className={styles.secondary} onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        </div>
      </Form>
    </section>
  );
}
