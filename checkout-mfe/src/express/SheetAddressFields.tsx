import { COUNTRIES } from '@shop/shared/forms';
import type { SheetAddress } from './testWallet';
import styles from './Express.module.css';

/**
 * The address fields of the test wallet's sheet. A shipping address tells the wallet when its
 * postcode, town, county (on leaving the field) or country changes, so the rates follow.
 */
export function SheetAddressFields({
  which,
  value,
  onChange,
  onAddressChanged,
}: {
  which: 'shipping' | 'billing';
  value: SheetAddress;
  onChange: (address: SheetAddress) => void;
  onAddressChanged: (address: SheetAddress) => void;
}) {
  const field = (key: keyof SheetAddress, label: string, autoComplete: string, optional = false) => (
    <label className={styles.sheetField}>
      <span>
        {label}
        {optional ? <span className={styles.optional}> (optional)</span> : null}
      </span>
      <input
        value={value[key]}
        autoComplete={`${which} ${autoComplete}`}
        onChange={(e) => onChange({ ...value, [key]: e.target.value })}
        onBlur={() => which === 'shipping' && (key === 'postal_code' || key === 'city' || key === 'state') && onAddressChanged(value)}
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
              onChange(next);
              if (which === 'shipping') onAddressChanged(next);
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
}
