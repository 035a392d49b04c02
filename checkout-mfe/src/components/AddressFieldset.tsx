import { useId } from 'react';
import { Controller, useFormContext, useWatch, type FieldError } from 'react-hook-form';
import { PHONE_STRIP, TextField, type Address } from '@shop/shared';
import { COUNTRIES, findCountry, RegionInput } from '@shop/shared/forms';
import { savedAddressLabel, stateToFields, savedAddressToState } from '../checkout/addresses';
import type { CheckoutFormValues } from '../checkout/checkoutForm';
import type { AddressFields } from '../checkout/addresses';
import styles from './Form.module.css';

type Which = 'shipping' | 'billing';

/**
 * One address of the checkout form (shipping or billing) with the address form's rules and
 * messages; a signed-in customer can fill it from a saved address.
 */
export function AddressFieldset({
  which,
  legend,
  savedAddresses = [],
  onChanged,
}: {
  which: Which;
  legend: string;
  savedAddresses?: Address[] | undefined;
  /** Told after a saved address filled the fields. */
  onChanged?: () => void;
}) {
  const id = useId();
  const {
    register,
    setValue,
    getValues,
    formState: { errors },
  } = useFormContext<CheckoutFormValues>();
  const country = useWatch<CheckoutFormValues, `${Which}.country_id`>({ name: `${which}.country_id` });
  const regions = findCountry(country)?.regions ?? [];
  const fieldErrors = (errors[which] ?? {}) as Partial<Record<keyof AddressFields, FieldError>>;
  const auto = (token: string) => `${which} ${token}`;

  const text = (
    name: keyof AddressFields,
    label: string,
    options: { required?: boolean; autoComplete?: string; type?: string; inputMode?: 'tel' | 'text'; wide?: boolean; strip?: RegExp } = {},
  ) => {
    const error = fieldErrors[name]?.message;
    const inputId = `${id}-${name}`;
    return (
      <div className={`${styles.field} ${options.wide ? styles.wide : ''}`}>
        <label htmlFor={inputId}>
          {label}
          {options.required ? (
            <span className={styles.required} aria-hidden="true">
              {' '}
              *
            </span>
          ) : (
            <span className={styles.optional}> (optional)</span>
          )}
        </label>
        <TextField
          id={inputId}
          type={options.type ?? 'text'}
          strip={options.strip}
          autoComplete={options.autoComplete}
          inputMode={options.inputMode}
          aria-required={options.required || undefined}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className={error ? styles.invalid : undefined}
          {...register(`${which}.${name}`)}
        />
        {error ? (
          <span id={`${inputId}-error`} className={styles.fieldError}>
            {error}
          </span>
        ) : null}
      </div>
    );
  };

  const pickSaved = (value: string) => {
    const address = savedAddresses.find((a) => String(a.id) === value);
    if (!address) return;
    const fields = stateToFields(savedAddressToState(address));
    for (const [key, v] of Object.entries(fields) as [keyof AddressFields, string][]) {
      setValue(`${which}.${key}`, v, { shouldDirty: true, shouldValidate: Boolean(errors[which]) });
    }
    onChanged?.();
  };

  const regionError = fieldErrors.region_id?.message;
  const countryError = fieldErrors.country_id?.message;

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      {savedAddresses.length > 0 ? (
        <div className={`${styles.field} ${styles.wide}`}>
          <label htmlFor={`${id}-saved`}>Choose a saved address</label>
          <select id={`${id}-saved`} defaultValue="" onChange={(e) => pickSaved(e.target.value)}>
            <option value="">Enter a new address</option>
            {savedAddresses.map((a) => (
              <option key={a.id} value={String(a.id)}>
                {savedAddressLabel(a)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className={styles.grid}>
        {text('firstname', 'First Name', { required: true, autoComplete: auto('given-name') })}
        {text('lastname', 'Last Name', { required: true, autoComplete: auto('family-name') })}
        {text('company', 'Company', { autoComplete: auto('organization'), wide: true })}
        {text('streetLine1', 'Street Address (Line 1)', { required: true, autoComplete: auto('address-line1'), wide: true })}
        {text('streetLine2', 'Street Address (Line 2)', { autoComplete: auto('address-line2'), wide: true })}
        {text('city', 'City', { required: true, autoComplete: auto('address-level2') })}
        <div className={styles.field}>
          <label htmlFor={`${id}-country`}>
            Country
            <span className={styles.required} aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <select
            id={`${id}-country`}
            autoComplete={auto('country')}
            aria-required
            aria-invalid={Boolean(countryError)}
            className={countryError ? styles.invalid : undefined}
            {...register(`${which}.country_id`, {
              onChange: () => {
                if (!findCountry(getValues(`${which}.country_id`))?.regions.length) setValue(`${which}.region_id`, '');
              },
            })}
          >
            {COUNTRIES.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {countryError ? <span className={styles.fieldError}>{countryError}</span> : null}
        </div>
        {regions.length > 0 ? (
          <div className={styles.field}>
            <label htmlFor={`${id}-region`}>
              County/State/Province
              <span className={styles.required} aria-hidden="true">
                {' '}
                *
              </span>
            </label>
            <Controller
              name={`${which}.region_id`}
              render={({ field }) => (
                <RegionInput
                  id={`${id}-region`}
                  countryId={country}
                  value={String(field.value ?? '')}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                  autoComplete={auto('address-level1')}
                  placeholder={country === 'GB' ? 'Start typing your county' : undefined}
                  aria-required
                  aria-invalid={Boolean(regionError)}
                  aria-describedby={regionError ? `${id}-region-error` : undefined}
                  className={regionError ? styles.invalid : undefined}
                />
              )}
            />
            {regionError ? (
              <span id={`${id}-region-error`} className={styles.fieldError}>
                {regionError}
              </span>
            ) : null}
          </div>
        ) : null}
        {text('postcode', 'Postal Code', { required: true, autoComplete: auto('postal-code') })}
        {text('telephone', 'Phone Number', { required: true, autoComplete: auto('tel'), type: 'tel', inputMode: 'tel', strip: PHONE_STRIP })}
      </div>
    </fieldset>
  );
}
