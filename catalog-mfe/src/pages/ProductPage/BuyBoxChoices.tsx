import { Price } from '@shop/shared';
import { priceFor } from '../../catalog/pricing';
import { availableValues } from './buying';
import type { BuyBoxState } from './useBuyBox';
import styles from './BuyBox.module.css';

/** One select per option of a configurable product (values no child offers are disabled). */
export function ConfigurableChoices({ box }: { box: BuyBoxState }) {
  const { product, id, options, selection, attempted, isConfigurable, variant, optionRefs, choose } = box;
  return (
    <>
      {options.map((option) => {
        const available = availableValues(product, selection, option);
        const selectId = `${id}-cfg-${option.attribute_id}`;
        const unchosen = attempted && isConfigurable && !variant && selection[option.attribute_id] === undefined;
        return (
          <div key={option.attribute_id} className={`${styles.field} ${unchosen ? styles.invalid : ''}`}>
            <label htmlFor={selectId} className={styles.label}>
              {option.label} <span aria-hidden="true" className={styles.required}>*</span>
            </label>
            <select
              id={selectId}
              ref={(el) => {
                optionRefs.current.set(-option.attribute_id, el);
              }}
              className={styles.select}
              value={selection[option.attribute_id] ?? ''}
              required
              aria-invalid={unchosen || undefined}
              onChange={(e) => choose(option.attribute_id, e.target.value)}
            >
              <option value="">Choose {option.label}…</option>
              {option.values.map((v) => (
                <option key={v.value_index} value={v.value_index} disabled={!available.has(v.value_index)}>
                  {v.label}
                  {available.has(v.value_index) ? '' : ' (unavailable)'}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </>
  );
}

/** The items of a grouped product, one radio each with its price for the customer's group. */
export function GroupedItemChoices({ box, group }: { box: BuyBoxState; group: number }) {
  const { id, items, item, itemSku, attempted, chooseItem } = box;
  return (
    <fieldset id={`${id}-items`} className={`${styles.items} ${attempted && !item ? styles.invalid : ''}`}>
      <legend className={styles.label}>
        Choose an item <span aria-hidden="true" className={styles.required}>*</span>
      </legend>
      {items.map((i) => {
        const p = priceFor(i, group);
        return (
          <label key={i.sku} className={`${styles.item} ${i.sku === itemSku ? styles.itemChosen : ''}`}>
            <input
              type="radio"
              name={`${id}-item`}
              value={i.sku}
              checked={i.sku === itemSku}
              disabled={!i.stock.is_in_stock}
              onChange={() => chooseItem(i.sku, i.default_qty)}
            />
            <span className={styles.itemName}>
              {i.name}
              <span className={styles.itemMeta}>
                SKU {i.sku}
                {i.default_qty && i.default_qty > 1 ? ` · ${i.default_qty} in the kit` : ''}
                {i.stock.is_in_stock ? '' : ' · Out of stock'}
              </span>
            </span>
            <Price exVat={p.unit} className={styles.itemPrice} />
          </label>
        );
      })}
    </fieldset>
  );
}
