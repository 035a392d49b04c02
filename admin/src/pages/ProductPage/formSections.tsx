import { useEffect, useId, useState } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { adminProductsAnswerSchema, VISIBILITIES } from '@shop/shared/backoffice';
import { ALL_GROUPS, customerGroups } from '@shop/shared/pricing';
import { call } from '../../api';
import ui from '../../ui.module.css';
import styles from './ProductPage.module.css';
import type { ProductFormValues } from './productForm';

type Form = UseFormReturn<ProductFormValues, unknown, unknown>;

/** A message under a row's field (its id is `${name}-error`). */
function RowError({ name, message }: { name: string; message: string | undefined }) {
  return message ? <span className={ui.fieldError} id={`${name}-error`}>{message}</span> : null;
}
const described = (name: string, message: string | undefined) => (message ? { 'aria-invalid': true as const, 'aria-describedby': `${name}-error` } : {});

/** Magento's four visibilities: where the product shows on its own. */
export function VisibilityField({ form }: { form: Form }) {
  return (
    <div className={ui.field}>
      <label htmlFor="visibility">Visibility</label>
      <select id="visibility" {...form.register('visibility')}>
        {VISIBILITIES.map((v) => (
          <option key={v.id} value={String(v.id)}>
            {v.label}
          </option>
        ))}
      </select>
      <span className={ui.muted}>
        Catalog: in category pages. Search: in search results. Not Visible Individually: no page of its own (bought through its configurable or grouped
        product).
      </span>
    </div>
  );
}

const GROUP_OPTIONS = [{ id: ALL_GROUPS, label: 'All groups' }, ...customerGroups.map((g) => ({ id: g.id, label: g.label }))];

/** Tier (group) prices: a price for a customer group from a quantity on. */
export function TierPrices({ form }: { form: Form }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'tierPrices' });
  const errors = form.formState.errors.tierPrices;
  return (
    <fieldset className={styles.section}>
      <legend>Tier prices</legend>
      <p className={ui.muted}>
        A lower price for a customer group from a quantity on (ex VAT). A quantity-1 price for one group replaces the price for that group; for every group,
        change the price instead. A special price beats them all.
      </p>
      {fields.length === 0 && <p className={ui.muted}>No tier prices.</p>}
      <ul className={styles.rows} aria-label="Tier prices">
        {fields.map((field, i) => {
          const e = errors?.[i];
          const name = (part: 'customerGroupId' | 'qty' | 'pricePence') => `tierPrices.${i}.${part}` as const;
          return (
            <li key={field.id} className={styles.tierRow}>
              <div className={ui.field}>
                <label htmlFor={name('customerGroupId')}>Customer group</label>
                <select id={name('customerGroupId')} {...form.register(name('customerGroupId'))} {...described(name('customerGroupId'), e?.customerGroupId?.message)}>
                  {GROUP_OPTIONS.map((g) => (
                    <option key={g.id} value={String(g.id)}>
                      {g.label}
                    </option>
                  ))}
                </select>
                <RowError name={name('customerGroupId')} message={e?.customerGroupId?.message} />
              </div>
              <div className={ui.field}>
                <label htmlFor={name('qty')}>From quantity</label>
                <input id={name('qty')} inputMode="numeric" {...form.register(name('qty'))} {...described(name('qty'), e?.qty?.message)} />
                <RowError name={name('qty')} message={e?.qty?.message} />
              </div>
              <div className={ui.field}>
                <label htmlFor={name('pricePence')}>Tier price (£, ex VAT)</label>
                <input id={name('pricePence')} inputMode="decimal" {...form.register(name('pricePence'))} {...described(name('pricePence'), e?.pricePence?.message)} />
                <RowError name={name('pricePence')} message={e?.pricePence?.message} />
              </div>
              <div className={ui.field}>
                <span aria-hidden="true">&nbsp;</span>
                <button type="button" className={ui.secondary} onClick={() => remove(i)} aria-label={`Remove tier price ${i + 1}`}>
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <p>
        <button type="button" className={ui.secondary} onClick={() => append({ customerGroupId: '2', qty: '1', pricePence: '' })}>
          Add a tier price
        </button>
      </p>
    </fieldset>
  );
}

/** Products whose name or SKU has `text`, as the datalist's suggestions (the products list's own search). */
function useSkuSuggestions(text: string) {
  const [items, setItems] = useState<Array<{ sku: string; name: string }>>([]);
  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      call(adminProductsAnswerSchema, 'GET', `/products?pageSize=10&q=${encodeURIComponent(q)}`)
        .then((answer) => live && setItems(answer.items.map((p) => ({ sku: p.sku, name: p.name }))))
        .catch(() => live && setItems([]));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);
  return items;
}

/** Related or up-sell products: SKUs in their order on the storefront, with suggestions as staff type. */
export function LinkedProducts({ form, list, title, hint, known }: {
  form: Form;
  list: 'related' | 'upsell';
  title: string;
  hint: string;
  /** The products linked when the form opened, by SKU: their names shown under their rows. */
  known: ReadonlyArray<{ sku: string; name: string; enabled: boolean }>;
}) {
  const names = new Map(known.map((k) => [k.sku.toLowerCase(), k]));
  const rows = form.watch(list);
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: list });
  const errors = form.formState.errors[list];
  const listId = useId();
  const [typing, setTyping] = useState('');
  const suggestions = useSkuSuggestions(typing);
  return (
    <fieldset className={styles.section}>
      <legend>{title}</legend>
      <p className={ui.muted}>{hint}</p>
      <datalist id={listId}>
        {suggestions.map((s) => (
          <option key={s.sku} value={s.sku}>
            {s.name}
          </option>
        ))}
      </datalist>
      {fields.length === 0 && <p className={ui.muted}>None.</p>}
      <ol className={styles.rows} aria-label={title}>
        {fields.map((field, i) => {
          const name = `${list}.${i}.sku` as const;
          const e = errors?.[i];
          const message = e?.sku?.message ?? e?.message;
          const registration = form.register(name);
          return (
            <li key={field.id} className={styles.linkRow}>
              <div className={ui.field}>
                <label htmlFor={name}>
                  {title}: SKU {i + 1}
                </label>
                <input
                  id={name}
                  list={listId}
                  autoComplete="off"
                  {...registration}
                  onChange={(event) => {
                    setTyping(event.target.value);
                    return registration.onChange(event);
                  }}
                  {...described(name, message)}
                />
                <RowError name={name} message={message} />
                {(() => {
                  const linked = names.get((rows[i]?.sku ?? '').trim().toLowerCase());
                  return linked ? <span className={ui.muted}>{linked.enabled ? linked.name : `${linked.name} (disabled: not shown)`}</span> : null;
                })()}
              </div>
              <div className={ui.field}>
                <span aria-hidden="true">&nbsp;</span>
                <div className={styles.linkActions}>
                  <button type="button" className={`${ui.secondary} ${styles.small}`} disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`Move ${title.toLowerCase()} ${i + 1} up`}>
                    ↑
                  </button>
                  <button
                    type="button"
                    className={`${ui.secondary} ${styles.small}`}
                    disabled={i === fields.length - 1}
                    onClick={() => move(i, i + 1)}
                    aria-label={`Move ${title.toLowerCase()} ${i + 1} down`}
                  >
                    ↓
                  </button>
                  <button type="button" className={`${ui.secondary} ${styles.small}`} onClick={() => remove(i)} aria-label={`Remove ${title.toLowerCase()} ${i + 1}`}>
                    ✕
                  </button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <p>
        <button type="button" className={ui.secondary} onClick={() => append({ sku: '' })}>
          Add a product
        </button>
      </p>
    </fieldset>
  );
}

/** The categories the product is in, and its place in each (lower first in the category's default order). */
export function CategoryPicker({ form }: { form: Form }) {
  const { fields } = useFieldArray({ control: form.control, name: 'categories', keyName: 'key' });
  const errors = form.formState.errors.categories;
  const checked = form.watch('categories');
  return (
    <fieldset className={styles.section}>
      <legend>Categories and position</legend>
      <p className={ui.muted}>Tick the categories the product is in. Position orders a category’s page by default: lower first.</p>
      <ul className={styles.categories}>
        {fields.map((field, i) => {
          const name = `categories.${i}.position` as const;
          const message = errors?.[i]?.position?.message;
          return (
            <li key={field.key} className={styles.category}>
              <label>
                <input type="checkbox" {...form.register(`categories.${i}.checked`)} /> {field.label}
              </label>
              <div className={ui.field}>
                <input
                  id={name}
                  aria-label={`Position in ${field.label}`}
                  inputMode="numeric"
                  disabled={!checked[i]?.checked}
                  {...form.register(name)}
                  {...described(name, message)}
                />
                <RowError name={name} message={message} />
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
