import { z } from 'zod';
import { PRODUCT_MESSAGES, productCreateRequestSchema, productSaveRequestSchema, type AdminProductDetail } from '@shop/shared/backoffice';

/**
 * The product form: money typed in pounds, quantities as text, dates as the date inputs give them
 * ('' for none). Its fields carry the names of the save request's, so the form's own checks and
 * the API's (400 naming the field) land under the same field.
 */
export interface ProductFormValues {
  /** Only a new product's form asks for it. */
  sku: string;
  name: string;
  pricePence: string;
  specialPricePence: string;
  specialFrom: string;
  specialTo: string;
  qty: string;
  isInStock: boolean;
  enabled: boolean;
  urlKey: string;
  metaTitle: string;
  metaDescription: string;
}
export type ProductField = keyof ProductFormValues;

/** '12.50', '£1,250', '-3' → pence, or an issue under the field. */
function pence(text: string, field: ProductField, belowZero: string, ctx: z.RefinementCtx): number {
  const value = text.trim().replace(/^£/, '').replace(/,/g, '');
  if (/^-\s*£?\d/.test(value)) {
    ctx.addIssue({ code: 'custom', path: [field], message: belowZero });
    return 0;
  }
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value)) {
    ctx.addIssue({ code: 'custom', path: [field], message: PRODUCT_MESSAGES.price });
    return 0;
  }
  return Math.round(Number(value) * 100);
}

const formFields = z.object({
  sku: z.string(),
  name: z.string(),
  pricePence: z.string(),
  specialPricePence: z.string(),
  specialFrom: z.string(),
  specialTo: z.string(),
  qty: z.string(),
  isInStock: z.boolean(),
  enabled: z.boolean(),
  urlKey: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
});

/** The typed values as the request's: pounds to pence, text to numbers. */
function toRequest(v: ProductFormValues, ctx: z.RefinementCtx) {
  const qty = v.qty.trim();
  if (!/^\d{1,8}$/.test(qty)) ctx.addIssue({ code: 'custom', path: ['qty'], message: PRODUCT_MESSAGES.qty });
  return {
    name: v.name,
    pricePence: pence(v.pricePence, 'pricePence', PRODUCT_MESSAGES.priceBelowZero, ctx),
    specialPricePence: v.specialPricePence.trim() === '' ? null : pence(v.specialPricePence, 'specialPricePence', PRODUCT_MESSAGES.specialBelowZero, ctx),
    specialFrom: v.specialFrom || null,
    specialTo: v.specialTo || null,
    qty: Number(qty),
    isInStock: v.isInStock,
    enabled: v.enabled,
    urlKey: v.urlKey,
    metaTitle: v.metaTitle,
    metaDescription: v.metaDescription,
  };
}

/** An existing product's form: the save request's rules (the API's own schema). */
export const productFormSchema = formFields.transform(toRequest).pipe(productSaveRequestSchema);
/** A new product's form: the same, and its SKU (the create request's schema). */
export const newProductFormSchema = formFields.transform((v, ctx) => ({ ...toRequest(v, ctx), sku: v.sku })).pipe(productCreateRequestSchema);

/** A new product's form as it opens: in stock, enabled, nothing typed. */
export const NEW_PRODUCT_VALUES: ProductFormValues = {
  sku: '',
  name: '',
  pricePence: '',
  specialPricePence: '',
  specialFrom: '',
  specialTo: '',
  qty: '0',
  isInStock: true,
  enabled: true,
  urlKey: '',
  metaTitle: '',
  metaDescription: '',
};

const pounds = (p: number) => (p / 100).toFixed(2);

export function formValuesOf(p: AdminProductDetail): ProductFormValues {
  return {
    sku: p.sku,
    name: p.name,
    pricePence: pounds(p.price_pence),
    specialPricePence: p.special_price_pence === null ? '' : pounds(p.special_price_pence),
    specialFrom: p.special_from ?? '',
    specialTo: p.special_to ?? '',
    qty: String(p.qty),
    isInStock: p.is_in_stock,
    enabled: p.enabled,
    urlKey: p.url_key,
    metaTitle: p.meta_title ?? '',
    metaDescription: p.meta_description ?? '',
  };
}

/** The form field an API error names (400 `field`), if it is one of the form's. */
export const formFieldOf = (field: string | undefined, values: ProductFormValues): ProductField | null =>
  field && field in values ? (field as ProductField) : null;
