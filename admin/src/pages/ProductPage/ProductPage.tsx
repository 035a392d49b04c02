import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  adminCategoryOptionsSchema,
  adminProductDetailSchema,
  productSaveAnswerSchema,
  type AdminProductDetail,
  type ProductCreateRequest,
  type ProductSaveRequest,
} from '@shop/shared/backoffice';
import { ApiError, call } from '../../api';
import { RichText } from '../../components/RichText';
import { dateTime, pence } from '../../money';
import ui from '../../ui.module.css';
import { useLoad } from '../../useLoad';
import { CategoryPicker, LinkedProducts, TierPrices, VisibilityField } from './formSections';
import styles from './ProductPage.module.css';
import { ProductSections } from './ProductSections';
import { formFieldOf, formValuesOf, NEW_PRODUCT_VALUES, newProductFormSchema, productFormResolver, productFormSchema, type ProductField, type ProductFormValues } from './productForm';

/**
 * One product: name, descriptions, prices and tier prices, stock, status, visibility, categories,
 * URL key, SEO words, related and up-sell products; saved together, live on the storefront at once.
 */
export function ProductPage() {
  const id = Number(useParams().id);
  const { data: product, setData, error } = useLoad(() => call(adminProductDetailSchema, 'GET', `/products/${id}`), [id]);
  const { data: categoryOptions, error: categoriesError } = useLoad(() => call(adminCategoryOptionsSchema, 'GET', '/products/categories'), []);
  // A page opened by a create or a duplicate says so.
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const [message, setMessage] = useState<{ kind: 'error' | 'notice'; text: string } | null>(notice ? { kind: 'notice', text: notice } : null);

  // A refusal (e.g. someone else saved meanwhile) is shown above the form: bring it into view.
  const messageRef = useRef<HTMLParagraphElement | null>(null);
  useEffect(() => {
    if (message?.kind === 'error') messageRef.current?.scrollIntoView?.({ block: 'center' });
  }, [message]);

  if (error || categoriesError) return <div className={ui.page}><p className={ui.error} role="alert">{error ?? categoriesError}</p></div>;
  if (!product || !categoryOptions) return <p className={ui.muted}>Loading…</p>;

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
        <p ref={messageRef} className={message.kind === 'error' ? ui.error : ui.notice} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {/* A new form for each saved version: its fields start from what was saved. */}
      <ProductForm
        key={product.updated_at}
        product={product}
        categories={categoryOptions.items}
        submit={async (request) => (await call(productSaveAnswerSchema, 'POST', `/products/${product.id}`, request)).product}
        onMessage={setMessage}
        onSaved={(saved) => {
          setData(saved);
          setMessage({ kind: 'notice', text: 'Saved. The shop shows the change within 2 seconds.' });
        }}
      />
      <ProductSections product={product} />
      {product.type_id === 'simple' && <DuplicateForm product={product} />}
    </div>
  );
}

/** A new simple product: the edit form with a SKU; its page opens once it is made. */
export function NewProductPage() {
  const navigate = useNavigate();
  const [message, setMessage] = useState<{ kind: 'error'; text: string } | null>(null);
  return (
    <div className={ui.page}>
      <p><Link to="/products">← Products</Link></p>
      <h1 className={ui.heading}>New product</h1>
      {message && <p className={ui.error} role="alert">{message.text}</p>}
      <ProductForm
        product={null}
        submit={async (request) => (await call(productSaveAnswerSchema, 'POST', '/products', request)).product}
        onMessage={setMessage}
        onSaved={(made) => navigate(`/products/${made.id}`, { state: { notice: `Made ${made.sku}.${made.enabled ? ' The shop shows it within 2 seconds.' : ''}` } })}
      />
    </div>
  );
}

/** A copy of this product under a new SKU and URL key; it starts disabled (check it, then enable it). */
function DuplicateForm({ product }: { product: AdminProductDetail }) {
  const navigate = useNavigate();
  const [sku, setSku] = useState('');
  const [urlKey, setUrlKey] = useState('');
  const [errors, setErrors] = useState<{ sku?: string; urlKey?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    setBusy(true);
    try {
      const copy = (await call(productSaveAnswerSchema, 'POST', `/products/${product.id}/duplicate`, { sku, urlKey })).product;
      navigate(`/products/${copy.id}`, { state: { notice: `This is a copy of ${product.sku}. It is disabled until you enable it.` } });
    } catch (error) {
      const text = error instanceof ApiError ? error.message.replace(/^[A-Za-z]+: /, '') : 'Something went wrong. Please try again.';
      const field = error instanceof ApiError && (error.field === 'sku' || error.field === 'urlKey') ? error.field : 'form';
      setErrors({ [field]: text });
    } finally {
      setBusy(false);
    }
  };
  const invalid = (name: 'sku' | 'urlKey') => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `duplicate-${name}-error` } : {});
  return (
    <form className={`${ui.card} ${ui.form}`} onSubmit={onSubmit} noValidate aria-label="Duplicate">
      <h2>Duplicate</h2>
      <p className={ui.muted}>A copy with the same words, prices, stock, categories, pictures and options. It starts disabled.</p>
      <div className={ui.row}>
        <div className={ui.field}>
          <label htmlFor="duplicate-sku">New SKU</label>
          <input id="duplicate-sku" value={sku} onChange={(e) => setSku(e.target.value)} {...invalid('sku')} />
          {errors.sku && <span className={ui.fieldError} id="duplicate-sku-error">{errors.sku}</span>}
        </div>
        <div className={ui.field}>
          <label htmlFor="duplicate-urlKey">New URL key</label>
          <input id="duplicate-urlKey" value={urlKey} onChange={(e) => setUrlKey(e.target.value)} {...invalid('urlKey')} />
          {errors.urlKey && <span className={ui.fieldError} id="duplicate-urlKey-error">{errors.urlKey}</span>}
        </div>
      </div>
      {errors.form && <p className={ui.error} role="alert">{errors.form}</p>}
      <button className={ui.button} type="submit" disabled={busy}>
        Duplicate
      </button>
    </form>
  );
}

function ProductForm({ product, categories = [], submit, onSaved, onMessage }: {
  /** null: a new product. */
  product: AdminProductDetail | null;
  /** Every category of the shop (an existing product's form). */
  categories?: ReadonlyArray<{ id: number; label: string }>;
  submit: (request: ProductSaveRequest | ProductCreateRequest) => Promise<AdminProductDetail>;
  onSaved: (product: AdminProductDetail) => void;
  onMessage: (message: { kind: 'error'; text: string } | null) => void;
}) {
  const form = useForm<ProductFormValues, unknown, ProductSaveRequest | ProductCreateRequest>({
    resolver: productFormResolver(product ? productFormSchema : newProductFormSchema) as never,
    defaultValues: product ? formValuesOf(product, categories) : NEW_PRODUCT_VALUES,
  });
  const { errors, isSubmitting } = form.formState;

  const onSave = form.handleSubmit(async (request) => {
    onMessage(null);
    try {
      onSaved(await submit(request));
    } catch (e) {
      const field = e instanceof ApiError ? formFieldOf(e.field, form.getValues()) : null;
      // A zod refusal reads "field: message"; under the field, the message is enough.
      if (e instanceof ApiError && field) form.setError(field as ProductField, { message: e.message.replace(/^[A-Za-z.0-9]+: /, '') }, { shouldFocus: true });
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
    <form className={`${ui.card} ${ui.form} ${product ? styles.form : ''}`} onSubmit={onSave} noValidate aria-label="Product">
      {!product && (
        <div className={ui.field}>
          <label htmlFor="sku">SKU</label>
          <input id="sku" {...form.register('sku')} {...described('sku')} />
          {fieldError('sku')}
        </div>
      )}
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
      {product && (
        <>
          <VisibilityField form={form as never} />
          <RichText form={form} name="shortDescription" label="Short description" error={errors.shortDescription?.message} previewPath="/categories/preview" />
          <RichText form={form} name="description" label="Description" error={errors.description?.message} previewPath="/categories/preview" />
          <TierPrices form={form as never} />
          <CategoryPicker form={form as never} />
          <LinkedProducts
            form={form as never}
            list="related"
            known={product.related}
            title="Related products"
            hint="Shown beside the product on its page (only enabled products show)."
          />
          <LinkedProducts
            form={form as never}
            list="upsell"
            known={product.upsell}
            title="Up-sell products"
            hint="Shown under the product as “You may also be interested in the following product(s)”."
          />
        </>
      )}
      <div className={ui.field}>
        <label htmlFor="urlKey">URL key</label>
        <input id="urlKey" {...form.register('urlKey')} {...described('urlKey')} />
        {fieldError('urlKey')}
        <span className={ui.muted}>Changing it keeps the old address working: it redirects (301) to the new one.</span>
      </div>
      {product && product.old_paths.length > 0 && (
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
        {product ? 'Save' : 'Make the product'}
      </button>
    </form>
  );
}
