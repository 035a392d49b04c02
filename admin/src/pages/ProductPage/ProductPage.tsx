import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { adminProductDetailSchema, productSaveAnswerSchema, type AdminProductDetail, type ProductSaveRequest } from '@shop/shared/backoffice';
import { ApiError, call } from '../../api';
import { dateTime, pence } from '../../money';
import ui from '../../ui.module.css';
import { useLoad } from '../../useLoad';
import { formFieldOf, formValuesOf, productFormSchema, type ProductField, type ProductFormValues } from './productForm';


/** One product: name, prices, stock, status, URL key and SEO words; saved together, live on the storefront at once. */
export function ProductPage() {
  const id = Number(useParams().id);
  const { data: product, setData, error } = useLoad(() => call(adminProductDetailSchema, 'GET', `/products/${id}`), [id]);
  const [message, setMessage] = useState<{ kind: 'error' | 'notice'; text: string } | null>(null);

  if (error) return <div className={ui.page}><p className={ui.error} role="alert">{error}</p></div>;
  if (!product) return <p className={ui.muted}>Loading…</p>;

  return (
    <div className={ui.page}>
      <p><Link to="/products">← Products</Link></p>
      <h1 className={ui.heading}>{product.name}</h1>
      <p className={ui.muted}>
        SKU {product.sku} · {product.type_id}
        {product.visibility === 1 ? ' · a variant, shown on its parent’s page' : ''} · last saved {dateTime(product.updated_at)}
      </p>
      <p>
        {product.storefront_path ? (
          <>On the storefront at <code className={ui.code}>{product.storefront_path}</code></>
        ) : (
          'Not on the storefront (disabled, or a variant).'
        )}
        {product.special_price_active && product.special_price_pence !== null ? ` Special price ${pence(product.special_price_pence)} applies today.` : ''}
      </p>
      {message && (
        <p className={message.kind === 'error' ? ui.error : ui.notice} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {/* A new form for each saved version: its fields start from what was saved. */}
      <ProductForm
        key={product.updated_at}
        product={product}
        onMessage={setMessage}
        onSaved={(saved) => {
          setData(saved);
          setMessage({ kind: 'notice', text: 'Saved. The shop shows the change within 2 seconds.' });
        }}
      />
    </div>
  );
}

function ProductForm({ product, onSaved, onMessage }: {
  product: AdminProductDetail;
  onSaved: (product: AdminProductDetail) => void;
  onMessage: (message: { kind: 'error'; text: string } | null) => void;
}) {
  const form = useForm<ProductFormValues, unknown, ProductSaveRequest>({ resolver: zodResolver(productFormSchema), defaultValues: formValuesOf(product) });
  const { errors, isSubmitting } = form.formState;

  const onSave = form.handleSubmit(async (request) => {
    onMessage(null);
    try {
      const answer = await call(productSaveAnswerSchema, 'POST', `/products/${product.id}`, request);
      onSaved(answer.product);
    } catch (e) {
      const field = e instanceof ApiError ? formFieldOf(e.field, form.getValues()) : null;
      // A zod refusal reads "field: message"; under the field, the message is enough.
      if (e instanceof ApiError && field) form.setError(field, { message: e.message.replace(/^[A-Za-z]+: /, '') }, { shouldFocus: true });
      else onMessage({ kind: 'error', text: e instanceof ApiError ? e.message : 'Something went wrong. Please try again.' });
    }
  });

  const fieldError = (name: ProductField) =>
    errors[name] ? (
      <span className={ui.fieldError} id={`${name}-error`}>
        {errors[name]?.message}
      </span>
    ) : null;
  const described = (name: ProductField) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {});

  return (
    <form className={`${ui.card} ${ui.form}`} onSubmit={onSave} noValidate aria-label="Product">
      <div className={ui.field}>
        <label htmlFor="name">Name</label>
        <input id="name" {...form.register('name')} {...described('name')} />
        {fieldError('name')}
      </div>
      <div className={ui.row}>
        <div className={ui.field}>
          <label htmlFor="pricePence">Price (£, ex VAT)</label>
          <input id="pricePence" inputMode="decimal" {...form.register('pricePence')} {...described('pricePence')} />
          {fieldError('pricePence')}
        </div>
        <div className={ui.field}>
          <label htmlFor="specialPricePence">Special price (£, ex VAT; empty for none)</label>
          <input id="specialPricePence" inputMode="decimal" {...form.register('specialPricePence')} {...described('specialPricePence')} />
          {fieldError('specialPricePence')}
        </div>
        <div className={ui.field}>
          <label htmlFor="specialFrom">Special price from</label>
          <input id="specialFrom" type="date" {...form.register('specialFrom')} {...described('specialFrom')} />
          {fieldError('specialFrom')}
        </div>
        <div className={ui.field}>
          <label htmlFor="specialTo">Special price to</label>
          <input id="specialTo" type="date" {...form.register('specialTo')} {...described('specialTo')} />
          {fieldError('specialTo')}
        </div>
      </div>
      <div className={ui.row}>
        <div className={ui.field}>
          <label htmlFor="qty">Stock quantity</label>
          <input id="qty" inputMode="numeric" {...form.register('qty')} {...described('qty')} />
          {fieldError('qty')}
        </div>
        <label>
          <input type="checkbox" {...form.register('isInStock')} /> In stock (can be bought while the quantity is above 0)
        </label>
        <label>
          <input type="checkbox" {...form.register('enabled')} /> Enabled (shown on the storefront)
        </label>
      </div>
      <div className={ui.field}>
        <label htmlFor="urlKey">URL key</label>
        <input id="urlKey" {...form.register('urlKey')} {...described('urlKey')} />
        {fieldError('urlKey')}
        <span className={ui.muted}>Changing it keeps the old address working: it redirects (301) to the new one.</span>
      </div>
      {product.old_paths.length > 0 && (
        <p className={ui.muted}>Old addresses redirecting here: {product.old_paths.join(', ')}</p>
      )}
      <div className={ui.field}>
        <label htmlFor="metaTitle">SEO title (empty: the product’s name)</label>
        <input id="metaTitle" {...form.register('metaTitle')} {...described('metaTitle')} />
        {fieldError('metaTitle')}
      </div>
      <div className={ui.field}>
        <label htmlFor="metaDescription">SEO description</label>
        <textarea id="metaDescription" rows={3} {...form.register('metaDescription')} {...described('metaDescription')} />
        {fieldError('metaDescription')}
      </div>
      <button className={ui.button} type="submit" disabled={isSubmitting}>
        Save
      </button>
    </form>
  );
}
