import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
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
  /** The rest are an existing product's only (a new product starts without them). */
  shortDescription: string;
  description: string;
  visibility: string;
  tierPrices: TierRow[];
  related: Array<{ sku: string }>;
  upsell: Array<{ sku: string }>;
  /** Every category of the shop, ticked where the product is in it. */
  categories: CategoryRow[];
  /** The version the form was opened on (sent back: a save over a newer one is refused). */
  updatedAt: string;
  /** The stock quantity the form was opened with (sent back: the save keeps stock unless qty changed). */
  qtyWas: number;
}
export interface TierRow {
  customerGroupId: string;
  qty: string;
  pricePence: string;
}
export interface CategoryRow {
  categoryId: number;
  label: string;
  checked: boolean;
  position: string;
}
export type ProductField = keyof ProductFormValues;

/** '12.50', '£1,250', '-3' → pence, or an issue under the field. */
function pence(text: string, field: ProductField | Array<string | number>, belowZero: string, ctx: z.RefinementCtx): number {
  const path = Array.isArray(field) ? field : [field];
  const value = text.trim().replace(/^£/, '').replace(/,/g, '');
  if (/^-\s*£?\d/.test(value)) {
    ctx.addIssue({ code: 'custom', path, message: belowZero });
    return 0;
  }
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value)) {
    ctx.addIssue({ code: 'custom', path, message: PRODUCT_MESSAGES.price });
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
  shortDescription: z.string(),
  description: z.string(),
  visibility: z.string(),
  tierPrices: z.array(z.object({ customerGroupId: z.string(), qty: z.string(), pricePence: z.string() })),
  related: z.array(z.object({ sku: z.string() })),
  upsell: z.array(z.object({ sku: z.string() })),
  categories: z.array(z.object({ categoryId: z.number(), label: z.string(), checked: z.boolean(), position: z.string() })),
  updatedAt: z.string(),
  qtyWas: z.number(),
});

/** A whole number typed in a field, or an issue under it. */
function whole(text: string, path: Array<string | number>, message: string, ctx: z.RefinementCtx): number {
  const value = text.trim();
  if (!/^\d{1,7}$/.test(value)) {
    ctx.addIssue({ code: 'custom', path, message });
    return 0;
  }
  return Number(value);
}

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

/** An existing product's request: the fields above and its descriptions, lists and version. */
function toSaveRequest(v: ProductFormValues, ctx: z.RefinementCtx) {
  return {
    ...toRequest(v, ctx),
    updatedAt: v.updatedAt,
    qtyWas: v.qtyWas,
    shortDescription: v.shortDescription,
    description: v.description,
    visibility: Number(v.visibility),
    tierPrices: v.tierPrices.map((t, i) => ({
      customerGroupId: Number(t.customerGroupId),
      qty: whole(t.qty, ['tierPrices', i, 'qty'], PRODUCT_MESSAGES.tierQty, ctx),
      pricePence: pence(t.pricePence, ['tierPrices', i, 'pricePence'], PRODUCT_MESSAGES.tierPriceBelowZero, ctx),
    })),
    related: v.related.map((l) => l.sku.trim()),
    upsell: v.upsell.map((l) => l.sku.trim()),
    categories: v.categories.flatMap((c, i) =>
      c.checked ? [{ categoryId: c.categoryId, position: whole(c.position, ['categories', i, 'position'], PRODUCT_MESSAGES.categoryPosition, ctx) }] : [],
    ),
  };
}

/** An existing product's form: the save request's rules (the API's own schema). */
export const productFormSchema = formFields.transform(toSaveRequest).pipe(productSaveRequestSchema);
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
  shortDescription: '',
  description: '',
  visibility: '4',
  tierPrices: [],
  related: [],
  upsell: [],
  categories: [],
  updatedAt: '',
  qtyWas: 0,
};

const pounds = (p: number) => (p / 100).toFixed(2);

/** An existing product's form; `categories` are every category of the shop (id and path of names). */
export function formValuesOf(p: AdminProductDetail, categories: ReadonlyArray<{ id: number; label: string }> = []): ProductFormValues {
  const placed = new Map(p.categories.map((c) => [c.category_id, c.position]));
  return {
    shortDescription: p.short_description,
    description: p.description,
    visibility: String(p.visibility),
    tierPrices: p.tier_prices.map((t) => ({ customerGroupId: String(t.customer_group_id), qty: String(t.qty), pricePence: pounds(t.price_pence) })),
    related: p.related.map((l) => ({ sku: l.sku })),
    upsell: p.upsell.map((l) => ({ sku: l.sku })),
    categories: categories.map((c) => ({ categoryId: c.id, label: c.label, checked: placed.has(c.id), position: String(placed.get(c.id) ?? 0) })),
    updatedAt: p.updated_at,
    qtyWas: p.qty,
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
export const formFieldOf = (field: string | undefined, values: ProductFormValues): string | null => {
  if (!field || field === 'updatedAt') return null;
  if (field === 'qtyWas') return 'qty';
  if (field in values) return field;
  // A row of a list: tierPrices.0.qty as it is; related.2 is that row's SKU field.
  const link = /^(related|upsell)\.(\d+)$/.exec(field);
  if (link) return `${link[1]}.${link[2]}.sku`;
  if (/^tierPrices\.\d+\.(customerGroupId|qty|pricePence)$/.test(field)) return field;
  return null;
};

/**
 * The form's resolver: the schema's, with a linked SKU's refusal (the request's `related.2`) put
 * under that row's field (`related.2.sku`), so typing in the field clears it as any other.
 */
export function productFormResolver(schema: typeof productFormSchema | typeof newProductFormSchema): Resolver<ProductFormValues> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<ProductFormValues>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const errors = result.errors as Record<string, unknown> & FieldErrors<ProductFormValues>;
    for (const list of ['related', 'upsell'] as const) {
      const rows = errors[list] as unknown as Array<{ message?: string; type?: string; sku?: unknown } | undefined> | undefined;
      rows?.forEach((row, i) => {
        if (row && row.message !== undefined && row.sku === undefined) rows[i] = { sku: { type: row.type ?? 'custom', message: row.message } };
      });
    }
    return result;
  };
}
