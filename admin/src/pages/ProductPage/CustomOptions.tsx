import { useState } from 'react';
import {
  adminCustomOptionsSchema,
  CUSTOM_OPTION_TYPE_LABELS,
  CUSTOM_OPTION_TYPES,
  type AdminCustomOptions,
  type CustomOptionsSaveRequest,
} from '@shop/shared/backoffice';
import { call } from '../../api';
import ui from '../../ui.module.css';
import { useLoad } from '../../useLoad';
import styles from './ProductSections.module.css';
import { refusalField, refusalText } from './sectionErrors';
import { Notice, type Message } from '../../components/Notice';

/** An option as the section edits it: prices as typed (pounds), ids kept so baskets that chose them stay priced. */
interface DraftValue { id?: number; title: string; price: string }
interface DraftOption { id?: number; title: string; type: string; required: boolean; values: DraftValue[] }

const draftOf = (o: AdminCustomOptions): DraftOption[] =>
  o.options.map((x) => ({ id: x.id, title: x.title, type: x.type, required: x.required, values: x.values.map((v) => ({ id: v.id, title: v.title, price: (v.pricePence / 100).toFixed(2) })) }));

/** Pounds as typed to pence; anything else goes as it is, for the API to refuse with its words under the field. */
const penceOf = (price: string): number => {
  const text = price.trim().replace(/^£/, '');
  return /^\d+(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : text === '' ? 0 : -1;
};

/**
 * The product's custom options (a drop-down, radio buttons or checkboxes, each value with a title
 * and a price added to the unit price), saved together with "Update options".
 */
export function CustomOptions({ productId }: { productId: number }) {
  const { data, setData, error } = useLoad(() => call(adminCustomOptionsSchema, 'GET', `/products/${productId}/options`), [productId]);
  const [draft, setDraft] = useState<DraftOption[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  if (error) return <p className={ui.error}>{error}</p>;
  if (!data) return null;
  const options = draft ?? draftOf(data);
  const edit = (next: DraftOption[]) => {
    setDraft(next);
    setMessage(null);
  };
  const setOption = (i: number, patch: Partial<DraftOption>) => edit(options.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  const setValue = (i: number, k: number, patch: Partial<DraftValue>) => setOption(i, { values: options[i]!.values.map((v, j) => (j === k ? { ...v, ...patch } : v)) });
  const errorOf = (key: string) =>
    errors[key] ? (
      <span className={ui.fieldError} id={`${key}-error`}>
        {errors[key]}
      </span>
    ) : null;
  const described = (key: string) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${key}-error` } : {});

  const onSave = async () => {
    setErrors({});
    setMessage(null);
    setBusy(true);
    const request: CustomOptionsSaveRequest = {
      options: options.map((o) => ({
        ...(o.id ? { id: o.id } : {}),
        title: o.title,
        type: o.type as CustomOptionsSaveRequest['options'][number]['type'],
        required: o.required,
        values: o.values.map((v) => ({ ...(v.id ? { id: v.id } : {}), title: v.title, pricePence: penceOf(v.price) })),
      })),
    };
    try {
      const saved = await call(adminCustomOptionsSchema, 'POST', `/products/${productId}/options`, request);
      setData(saved);
      setDraft(null);
      setMessage({ kind: 'notice', text: 'Options saved. The shop shows them within 2 seconds.' });
    } catch (e) {
      // "options.1.values.0.pricePence" → under that value's price; "options.0.values" → under the option.
      const field = refusalField(e)?.replace(/\.pricePence$/, '.price') ?? null;
      if (field && /^options\.\d+/.test(field)) {
        setErrors({ [field.replace(/\./g, '-')]: refusalText(e) });
        setMessage({ kind: 'error', text: 'Nothing was saved: see the message under the field.' });
      } else setMessage({ kind: 'error', text: refusalText(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={`${ui.card} ${styles.section}`} aria-labelledby="options-heading">
      <h2 id="options-heading">Custom options</h2>
      <p className={ui.muted}>Choices the shopper makes when buying; a value’s price (£, ex VAT) is added to the unit price.</p>
      {options.length === 0 && <p>No custom options.</p>}
      {options.map((option, i) => {
        const key = `options-${i}`;
        return (
          <fieldset key={option.id ?? `new-${i}`} className={styles.option}>
            <legend>Option {i + 1}</legend>
            <div className={ui.field}>
              <label htmlFor={`${key}-title`}>Title</label>
              <input id={`${key}-title`} value={option.title} onChange={(e) => setOption(i, { title: e.target.value })} {...described(`${key}-title`)} />
              {errorOf(`${key}-title`)}
            </div>
            <div className={ui.row}>
              <div className={ui.field}>
                <label htmlFor={`${key}-type`}>Type</label>
                <select id={`${key}-type`} value={option.type} onChange={(e) => setOption(i, { type: e.target.value })} {...described(`${key}-type`)}>
                  {CUSTOM_OPTION_TYPES.map((t) => <option key={t} value={t}>{CUSTOM_OPTION_TYPE_LABELS[t]}</option>)}
                </select>
                {errorOf(`${key}-type`)}
              </div>
              <label>
                <input type="checkbox" checked={option.required} onChange={(e) => setOption(i, { required: e.target.checked })} /> Required
              </label>
            </div>
            <div className={styles.values} role="group" aria-label={`Values of option ${i + 1}`}>
              {option.values.map((value, k) => {
                const vkey = `${key}-values-${k}`;
                return (
                  <div key={value.id ?? `new-${k}`} className={styles.value}>
                    <div className={ui.field}>
                      <label htmlFor={`${vkey}-title`}>Value {k + 1} title</label>
                      <input id={`${vkey}-title`} value={value.title} onChange={(e) => setValue(i, k, { title: e.target.value })} {...described(`${vkey}-title`)} />
                      {errorOf(`${vkey}-title`)}
                    </div>
                    <div className={ui.field}>
                      <label htmlFor={`${vkey}-price`}>Price (£)</label>
                      <input id={`${vkey}-price`} inputMode="decimal" value={value.price} onChange={(e) => setValue(i, k, { price: e.target.value })} {...described(`${vkey}-price`)} />
                      {errorOf(`${vkey}-price`)}
                    </div>
                    <button type="button" className={ui.secondary} aria-label={`Remove value ${k + 1} of option ${i + 1}`} onClick={() => setOption(i, { values: option.values.filter((_, j) => j !== k) })}>
                      Remove
                    </button>
                  </div>
                );
              })}
              {errorOf(`${key}-values`)}
            </div>
            <div className={ui.row}>
              <button type="button" className={ui.secondary} onClick={() => setOption(i, { values: [...option.values, { title: '', price: '0.00' }] })}>
                Add a value
              </button>
              <button type="button" className={ui.secondary} aria-label={`Remove option ${i + 1}`} onClick={() => edit(options.filter((_, j) => j !== i))}>
                Remove the option
              </button>
            </div>
          </fieldset>
        );
      })}
      <div className={ui.row}>
        <button type="button" className={ui.secondary} onClick={() => edit([...options, { title: '', type: 'drop_down', required: false, values: [{ title: '', price: '0.00' }] }])}>
          Add an option
        </button>
      </div>
      <Notice message={message} />
      <div className={ui.row}>
        <button type="button" className={ui.button} disabled={draft === null || busy} onClick={() => void onSave()}>
          Update options
        </button>
        {draft !== null && (
          <button type="button" className={ui.secondary} onClick={() => { setDraft(null); setErrors({}); setMessage(null); }}>
            Undo changes
          </button>
        )}
      </div>
    </section>
  );
}
