import { useState } from 'react';
import { Link } from 'react-router-dom';
import { adminProductStructureSchema, type AdminProductStructure } from '@shop/shared/backoffice';
import { call } from '../../api';
import { pence } from '../../money';
import ui from '../../ui.module.css';
import { useLoad } from '../../useLoad';
import styles from './ProductSections.module.css';
import { refusalField, refusalText } from './sectionErrors';
import { Notice, type Message } from '../../components/Notice';

type Item = AdminProductStructure['associated'][number];

const stock = (item: Item) => `${item.qty}${item.is_in_stock && item.qty > 0 ? '' : ' (out of stock)'}`;

/**
 * A configurable product's children (with their option values) or a grouped product's items: each
 * change is saved at once and live on the storefront within 2 seconds. Nothing for a simple product.
 */
export function ProductChildren({ productId }: { productId: number }) {
  const { data, setData, error } = useLoad(() => call(adminProductStructureSchema, 'GET', `/products/${productId}/structure`), [productId]);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  if (error) return <p className={ui.error}>{error}</p>;
  if (!data || data.type_id === 'simple') return null;

  /** One change: the new structure, or the refusal (under its field when `onField` takes it). */
  const change = async (path: string, body: unknown, done: string, onField?: (field: string, text: string) => boolean) => {
    setMessage(null);
    setBusy(true);
    try {
      setData(await call(adminProductStructureSchema, 'POST', `/products/${productId}/${path}`, body));
      setMessage({ kind: 'notice', text: `${done} The shop shows it within 2 seconds.` });
      return true;
    } catch (e) {
      const field = refusalField(e);
      if (!(field && onField?.(field, refusalText(e)))) setMessage({ kind: 'error', text: refusalText(e) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const status = <Notice message={message} />;

  if (data.type_id === 'configurable') {
    return (
      <section className={`${ui.card} ${styles.section}`} aria-labelledby="children-heading">
        <h2 id="children-heading">Children (variants)</h2>
        <p className={ui.muted}>The shopper chooses {data.configurable_options.map((o) => o.label).join(' and ') || 'an option'} on the product page; each choice is one of these products.</p>
        <div className={ui.tableWrap}>
          <table className={ui.table}>
            <thead>
              <tr>
                <th>Product</th>
                {data.configurable_options.map((o) => <th key={o.attribute_id}>{o.label}</th>)}
                <th className={ui.num}>Price</th>
                <th className={ui.num}>Stock</th>
                <th>Status</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.children.map((child) => (
                <tr key={child.id}>
                  <td><Link to={`/products/${child.id}`}>{child.name}</Link><br /><span className={ui.muted}>{child.sku}</span></td>
                  {data.configurable_options.map((o) => <td key={o.attribute_id}>{child.option_labels[o.label] || '—'}</td>)}
                  <td className={ui.num}>{pence(child.price_pence)}</td>
                  <td className={ui.num}>{stock(child)}</td>
                  <td>{child.enabled ? 'Enabled' : 'Disabled'}</td>
                  <td>
                    <button type="button" className={ui.secondary} disabled={busy} aria-label={`Unlink ${child.sku}`} onClick={() => void change(`children/${child.id}/unlink`, {}, `Unlinked ${child.sku}.`)}>
                      Unlink
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {status}
        <LinkChildForm structure={data} busy={busy} link={(body, onField) => change('children', body, `Linked ${body.sku}.`, onField)} />
      </section>
    );
  }

  const ids = data.associated.map((a) => a.id);
  const reorder = (index: number, step: -1 | 1) => {
    const next = [...ids];
    const [id] = next.splice(index, 1);
    next.splice(index + step, 0, id!);
    void change('associated/order', { ids: next }, 'Order saved.');
  };
  return (
    <section className={`${ui.card} ${styles.section}`} aria-labelledby="associated-heading">
      <h2 id="associated-heading">Products in this group</h2>
      <p className={ui.muted}>The product page lists them in this order, each with its own quantity box.</p>
      <div className={ui.tableWrap}>
        <table className={ui.table}>
          <thead>
            <tr><th className={ui.num}>Position</th><th>Product</th><th className={ui.num}>Price</th><th className={ui.num}>Stock</th><th>Actions</th></tr>
          </thead>
          <tbody>
            {data.associated.map((item, i) => (
              <tr key={item.id}>
                <td className={ui.num}>{i + 1}</td>
                <td><Link to={`/products/${item.id}`}>{item.name}</Link><br /><span className={ui.muted}>{item.sku}{item.enabled ? '' : ' · disabled'}</span></td>
                <td className={ui.num}>{pence(item.price_pence)}</td>
                <td className={ui.num}>{stock(item)}</td>
                <td>
                  <div className={ui.row}>
                    <button type="button" className={ui.secondary} disabled={busy || i === 0} aria-label={`Move ${item.sku} up`} onClick={() => reorder(i, -1)}>Up</button>
                    <button type="button" className={ui.secondary} disabled={busy || i === ids.length - 1} aria-label={`Move ${item.sku} down`} onClick={() => reorder(i, 1)}>Down</button>
                    <button type="button" className={ui.secondary} disabled={busy} aria-label={`Remove ${item.sku}`} onClick={() => void change(`associated/${item.id}/remove`, {}, `Removed ${item.sku}.`)}>Remove</button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {status}
      <AddBySkuForm busy={busy} add={(sku, onField) => change('associated', { sku }, `Added ${sku}.`, onField)} />
    </section>
  );
}

function AddBySkuForm({ busy, add }: { busy: boolean; add: (sku: string, onField: (field: string, text: string) => boolean) => Promise<boolean> }) {
  const [sku, setSku] = useState('');
  const [skuError, setSkuError] = useState<string | null>(null);
  return (
    <form
      className={ui.row}
      noValidate
      aria-label="Add a product to the group"
      onSubmit={async (e) => {
        e.preventDefault();
        setSkuError(null);
        if (await add(sku.trim(), (field, text) => (field === 'sku' ? (setSkuError(text), true) : false))) setSku('');
      }}
    >
      <div className={ui.field}>
        <label htmlFor="associated-sku">SKU of a simple product</label>
        <input id="associated-sku" value={sku} onChange={(e) => setSku(e.target.value)} {...(skuError ? { 'aria-invalid': true, 'aria-describedby': 'associated-sku-error' } : {})} />
        {skuError && <span className={ui.fieldError} id="associated-sku-error">{skuError}</span>}
      </div>
      <button type="submit" className={ui.button} disabled={busy}>Add to the group</button>
    </form>
  );
}

function LinkChildForm({ structure, busy, link }: {
  structure: AdminProductStructure;
  busy: boolean;
  link: (body: { sku: string; optionValues: Record<string, number> }, onField: (field: string, text: string) => boolean) => Promise<boolean>;
}) {
  const [sku, setSku] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const described = (key: string) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `child-${key}-error` } : {});
  return (
    <form
      className={`${ui.form}`}
      noValidate
      aria-label="Link a child"
      onSubmit={async (e) => {
        e.preventDefault();
        setErrors({});
        const optionValues = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '').map(([k, v]) => [k, Number(v)]));
        const linked = await link({ sku: sku.trim(), optionValues }, (field, text) => {
          // "optionValues.12" is that option's select; "optionValues" (the values are taken) goes under the first.
          const key = field === 'sku' ? 'sku' : field.startsWith('optionValues') ? (field.split('.')[1] ?? String(structure.configurable_options[0]?.attribute_id ?? 'sku')) : null;
          if (!key) return false;
          setErrors({ [key]: text });
          return true;
        });
        if (linked) {
          setSku('');
          setValues({});
        }
      }}
    >
      <h3>Link a simple product as a child</h3>
      <div className={ui.field}>
        <label htmlFor="child-sku">SKU</label>
        <input id="child-sku" value={sku} onChange={(e) => setSku(e.target.value)} {...described('sku')} />
        {errors.sku && <span className={ui.fieldError} id="child-sku-error">{errors.sku}</span>}
      </div>
      {structure.configurable_options.map((o) => {
        const key = String(o.attribute_id);
        return (
          <div className={ui.field} key={key}>
            <label htmlFor={`child-${key}`}>{o.label}</label>
            <select id={`child-${key}`} value={values[key] ?? ''} onChange={(e) => setValues({ ...values, [key]: e.target.value })} {...described(key)}>
              <option value="">Choose…</option>
              {o.values.map((v) => <option key={v.value_index} value={v.value_index}>{v.label}</option>)}
            </select>
            {errors[key] && <span className={ui.fieldError} id={`child-${key}-error`}>{errors[key]}</span>}
          </div>
        );
      })}
      <button type="submit" className={ui.button} disabled={busy}>Link the child</button>
    </form>
  );
}
