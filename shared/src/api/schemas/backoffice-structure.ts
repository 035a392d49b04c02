import { z } from 'zod';

/**
 * The back office's product sections beside the main form (`catalogue` role), each with its own
 * save: pictures, a configurable product's children, a grouped product's items and custom options.
 * Part of `@shop/shared/backoffice` (re-exported there).
 */

/** Largest picture staff may upload, bytes (a phone's photo fits). */
export const PRODUCT_IMAGE_LIMIT = 10 * 1024 * 1024;

/** The words of these sections' checks: the API answers them (400, naming the field) and the sections show them under the field. */
export const STRUCTURE_MESSAGES = {
  notImage: 'This file is not an image we can use: upload a JPEG, PNG or WebP picture.',
  imageTooLarge: 'This picture is too large: upload one of at most 10 MB.',
  imageTooSmall: 'This picture is too small: it needs to be at least 200 × 200 pixels.',
  alt: 'Alt text has at most 200 characters.',
  imagesChanged: 'The pictures have changed since this page loaded: reload it and try again.',
  notConfigurable: 'Only a configurable product has children.',
  childSku: 'No simple product has this SKU.',
  childNotSimple: 'Only a simple product can be a child of a configurable product.',
  childAlready: 'This product is already a child of this configurable product.',
  childOfOther: 'This product is already a child of another configurable product.',
  childValue: 'Choose a value for each option.',
  childValuesTaken: 'Another child already has these option values.',
  notChild: 'This product is not a child of this configurable product.',
  notGrouped: 'Only a grouped product has associated products.',
  groupedSku: 'No product has this SKU.',
  groupedSimpleOnly: 'Only a simple product can be part of a grouped product.',
  groupedAlready: 'This product is already part of this grouped product.',
  groupedChanged: 'The associated products have changed since this page loaded: reload it and try again.',
  optionTitle: 'Enter the option’s title.',
  optionType: 'Choose the option’s type: drop-down, radio buttons or checkboxes.',
  optionNoValues: 'An option needs at least one value.',
  valueTitle: 'Enter the value’s title.',
  optionsChanged: 'The options have changed since this page loaded: reload it and try again.',
  valuePrice: 'Enter the value’s price in pounds, e.g. 2.50 (0 or more).',
} as const;

/* ------------------------------------------------------------------ pictures */

export const adminProductImageSchema = z.object({
  id: z.number().int(),
  /** The picture as the storefront shows it (800 × 800), a path under /media. */
  file: z.string(),
  /** Alt text ('' when none: the storefront then names the picture after the product). */
  label: z.string(),
  position: z.number().int(),
});
export type AdminProductImage = z.infer<typeof adminProductImageSchema>;
export const adminProductImagesSchema = z.object({ items: z.array(adminProductImageSchema) });
export type AdminProductImages = z.infer<typeof adminProductImagesSchema>;

/** The pictures in their new order (the first is the main image) with their alt text; a picture left out is removed. */
export const productImagesSaveRequestSchema = z.object({
  images: z
    .array(
      z.object({
        id: z.number().int().positive(),
        label: z.string().trim().max(200, STRUCTURE_MESSAGES.alt),
      }),
    )
    .max(50),
});
export type ProductImagesSaveRequest = z.infer<typeof productImagesSaveRequestSchema>;

/* ------------------------------------------------------------------ configurable children and grouped items */

const skuField = z.string().trim().min(1, STRUCTURE_MESSAGES.childSku).max(64, STRUCTURE_MESSAGES.childSku);

export const adminStructureItemSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  price_pence: z.number().int(),
  qty: z.number().int(),
  is_in_stock: z.boolean(),
  enabled: z.boolean(),
  position: z.number().int(),
});

export const adminChildSchema = adminStructureItemSchema.extend({
  /** attribute_id → value_index, and the same as words (attribute label → value label). */
  option_values: z.record(z.string(), z.number().int()),
  option_labels: z.record(z.string(), z.string()),
});
export type AdminChild = z.infer<typeof adminChildSchema>;

export const adminProductStructureSchema = z.object({
  type_id: z.enum(['simple', 'configurable', 'grouped']),
  /** A configurable product's options (e.g. Size) with their values; [] otherwise. */
  configurable_options: z.array(
    z.object({ attribute_id: z.number().int(), code: z.string(), label: z.string(), values: z.array(z.object({ value_index: z.number().int(), label: z.string() })) }),
  ),
  children: z.array(adminChildSchema),
  /** A grouped product's items, in their order. */
  associated: z.array(adminStructureItemSchema),
});
export type AdminProductStructure = z.infer<typeof adminProductStructureSchema>;

/** Links an existing simple product as a child, with its value of each option (attribute_id → value_index). */
export const childLinkRequestSchema = z.object({
  sku: skuField,
  optionValues: z.record(z.string().regex(/^\d{1,9}$/), z.number().int().nonnegative()),
});
export type ChildLinkRequest = z.infer<typeof childLinkRequestSchema>;

export const groupedAddRequestSchema = z.object({ sku: z.string().trim().min(1, STRUCTURE_MESSAGES.groupedSku).max(64, STRUCTURE_MESSAGES.groupedSku) });
/** The grouped product's items in their new order (the ids it has now, each once). */
export const groupedOrderRequestSchema = z.object({ ids: z.array(z.number().int().positive()).max(200) });

/* ------------------------------------------------------------------ custom options */

export const CUSTOM_OPTION_TYPES = ['drop_down', 'radio', 'checkbox'] as const;
export const CUSTOM_OPTION_TYPE_LABELS: Record<(typeof CUSTOM_OPTION_TYPES)[number], string> = {
  drop_down: 'Drop-down',
  radio: 'Radio buttons',
  checkbox: 'Checkboxes',
};

const optionValueSchema = z.object({
  /** A value the option has now (kept, so baskets that chose it stay priced); none: a new value. */
  id: z.number().int().positive().optional(),
  title: z.string({ error: STRUCTURE_MESSAGES.valueTitle }).trim().min(1, STRUCTURE_MESSAGES.valueTitle).max(120),
  pricePence: z.number({ error: STRUCTURE_MESSAGES.valuePrice }).int(STRUCTURE_MESSAGES.valuePrice).min(0, STRUCTURE_MESSAGES.valuePrice).max(10_000_000, STRUCTURE_MESSAGES.valuePrice),
});

/** Every custom option of the product, in order: what is left out is removed. */
export const customOptionsSaveRequestSchema = z.object({
  options: z
    .array(
      z.object({
        /** An option the product has now (kept: baskets name options by id); none: a new option. */
        id: z.number().int().positive().optional(),
        title: z.string({ error: STRUCTURE_MESSAGES.optionTitle }).trim().min(1, STRUCTURE_MESSAGES.optionTitle).max(120),
        type: z.enum(CUSTOM_OPTION_TYPES, { error: STRUCTURE_MESSAGES.optionType }),
        required: z.boolean(),
        values: z.array(optionValueSchema).min(1, STRUCTURE_MESSAGES.optionNoValues).max(50),
      }),
    )
    .max(20),
});
export type CustomOptionsSaveRequest = z.infer<typeof customOptionsSaveRequestSchema>;

export const adminCustomOptionsSchema = z.object({
  options: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      type: z.string(),
      required: z.boolean(),
      values: z.array(z.object({ id: z.number().int(), title: z.string(), pricePence: z.number().int() })),
    }),
  ),
});
export type AdminCustomOptions = z.infer<typeof adminCustomOptionsSchema>;
