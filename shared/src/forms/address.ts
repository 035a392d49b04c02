import { z } from 'zod';
import type { Address } from '../api/schemas/customer';
import { countryHasRegions, findCountry, findRegion } from './countries';
import { ADDRESS_MESSAGES as M } from './messages';

/** An optional + then 7 to 20 digits, spaces, hyphens or brackets (spec section 5). */
export const PHONE_PATTERN = /^\+?[0-9 \-()]{7,20}$/;

/** A UK postcode, with or without the space (GIR 0AA included). */
export const UK_POSTCODE_PATTERN =
  /^(GIR ?0AA|[A-PR-UWYZ](\d{1,2}|[A-HK-Y]\d(\d|[ABEHMNPRVWXY])?|\d[A-HJKPSTUW]) ?\d[ABD-HJLNP-UW-Z]{2})$/i;

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}

export function isValidUkPostcode(value: string): boolean {
  return UK_POSTCODE_PATTERN.test(value.trim());
}

/** 'ls11ab' -> 'LS1 1AB' (UK postcodes only; others are trimmed). */
export function normalisePostcode(countryId: string, postcode: string): string {
  const trimmed = postcode.trim();
  if (countryId !== 'GB' || !isValidUkPostcode(trimmed)) return trimmed;
  const compact = trimmed.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** A required text field: missing, null or blank all give `message`. */
export const requiredText = (message: string, max = 255) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Please use at most ${max} characters`);

export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, `Please use at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

interface AddressParts {
  country_id: string;
  postcode: string;
  telephone: string;
  region_id?: number | null;
}

/**
 * The rules that span fields (phone pattern, UK postcode for GB, region required when the country
 * has regions), shared by the browser form and the API so both say the same words.
 */
export function checkAddressRules(value: AddressParts, ctx: z.RefinementCtx, regionPath: (string | number)[] = ['region_id']) {
  if (value.telephone && !isValidPhone(value.telephone)) {
    ctx.addIssue({ code: 'custom', path: ['telephone'], message: M.phoneInvalid });
  }
  if (value.country_id && !findCountry(value.country_id)) {
    ctx.addIssue({ code: 'custom', path: ['country_id'], message: M.countryUnsupported });
    return;
  }
  if (value.country_id === 'GB' && value.postcode && !isValidUkPostcode(value.postcode)) {
    ctx.addIssue({ code: 'custom', path: ['postcode'], message: M.postcodeInvalidUk });
  }
  if (countryHasRegions(value.country_id)) {
    if (value.region_id === null || value.region_id === undefined) {
      ctx.addIssue({ code: 'custom', path: regionPath, message: M.regionRequired });
    } else if (!findRegion(value.country_id, value.region_id)) {
      ctx.addIssue({ code: 'custom', path: regionPath, message: M.regionInvalid });
    }
  }
}

/** A select gives '' or '5001'; the API wants an integer or nothing. */
export const regionIdField = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: M.regionInvalid });
      return z.NEVER;
    }
    return n;
  });

/* ------------------------------------------------------------------ the address, defined once */

/**
 * An address as the shop keeps and answers it: the one base every address schema derives from.
 * Plain values, no transforms (the API's serializer encodes answers and refuses transforms).
 * - answers extend it as it is: the address book's `addressSchema` (api/schemas/customer.ts) and
 *   the order's `orderAddressSchema` (api/schemas/orders.ts);
 * - what a shopper sends extends `addressRulesSchema` (the same fields with their rules and the
 *   spec's messages): `addressFormSchema`, `addressInputSchema` (add/update address) and
 *   `checkoutAddressSchema` (api/schemas/checkout.ts).
 * The region's name and code are not here: the server names the region from region_id
 * (findRegion) and each shape carries the name its own way. A field added here reaches every one
 * of them; give it a rule below when a shopper types it (api/README.md, "Adding a field to an
 * address", lists the other places).
 */
export const addressBaseSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  company: z.string().nullable(),
  telephone: z.string(),
  street: z.array(z.string()),
  city: z.string(),
  postcode: z.string(),
  country_id: z.string(),
  region_id: z.number().int().nullable(),
});
export type AddressBase = z.infer<typeof addressBaseSchema>;

/** The base's fields as a shopper sends them: each with its rule and spec message (section 5). */
export const addressRulesSchema = addressBaseSchema.extend({
  firstname: requiredText(M.firstnameRequired),
  lastname: requiredText(M.lastnameRequired),
  company: optionalText(),
  telephone: requiredText(M.phoneRequired, 40),
  /** Street lines as a list; only non-empty lines are kept (the form has two fields instead). */
  street: z
    .array(z.string({ error: M.streetRequired }).trim().max(255, 'Please use at most 255 characters'), { error: M.streetRequired })
    .max(2, 'At most 2 street lines')
    .transform((lines) => lines.filter(Boolean))
    .refine((lines) => lines.length > 0, { message: M.streetRequired, path: [0] }),
  city: requiredText(M.cityRequired),
  postcode: requiredText(M.postcodeRequired, 20),
  country_id: requiredText(M.countryRequired, 2),
  region_id: regionIdField,
});

/**
 * The address form of the account area (My Addresses) and checkout, with the exact messages of
 * spec section 5. Street lines are two fields here; `addressFormToInput` makes the API body.
 */
export const addressFormSchema = addressRulesSchema
  .omit({ street: true })
  .extend({
    streetLine1: requiredText(M.streetRequired),
    streetLine2: optionalText(),
    address_label: optionalText(100),
    default_billing: z.boolean().default(false),
    default_shipping: z.boolean().default(false),
  })
  .superRefine((value, ctx) => checkAddressRules(value, ctx));

export type AddressFormInput = z.input<typeof addressFormSchema>;
export type AddressFormValues = z.output<typeof addressFormSchema>;
/** The form's address fields as a form holds them: text (the region id as a select's value). */
export type AddressFormFields = Record<Exclude<keyof AddressFormValues, 'address_label' | 'default_billing' | 'default_shipping'>, string>;

/** The address of an add/update call built from the form: only non-empty street lines. */
export function addressFormToInput(values: AddressFormValues, id?: number) {
  const { streetLine1, streetLine2, address_label, ...fields } = values;
  return {
    ...(id === undefined ? {} : { id }),
    ...fields,
    street: [streetLine1, streetLine2 ?? ''].map((s) => s.trim()).filter(Boolean),
    ...(address_label ? { custom_attributes: [{ attribute_code: 'address_label', value: address_label }] } : {}),
  };
}

/** The form's values for a saved address being edited (street as two lines, region id as the select has it). */
export function addressToFormValues(address: Address) {
  return {
    firstname: address.firstname,
    lastname: address.lastname,
    company: address.company ?? '',
    telephone: address.telephone,
    streetLine1: address.street[0] ?? '',
    streetLine2: address.street[1] ?? '',
    city: address.city,
    postcode: address.postcode,
    country_id: address.country_id,
    region_id: String(address.region_id ?? address.region?.region_id ?? ''),
    address_label: address.custom_attributes?.find((a) => a.attribute_code === 'address_label')?.value ?? '',
    default_billing: Boolean(address.default_billing),
    default_shipping: Boolean(address.default_shipping),
  };
}

/** An empty form (country GB), with the customer's name when given. */
export const emptyAddressFormValues = (defaults: { firstname?: string; lastname?: string } = {}) => ({
  firstname: defaults.firstname ?? '',
  lastname: defaults.lastname ?? '',
  company: '',
  telephone: '',
  streetLine1: '',
  streetLine2: '',
  city: '',
  postcode: '',
  country_id: 'GB',
  region_id: '',
  address_label: '',
  default_billing: false,
  default_shipping: false,
});

/** The address sent by add-address / update-address, as the API validates it (unknown keys refused). */
export const addressInputSchema = z
  .strictObject({
    id: z.number().int().positive().optional(),
    ...addressRulesSchema.shape,
    /** Sent back as read (`{ region, region_code, region_id }`): ignored, the region comes from region_id. */
    region: z.union([z.string(), z.object({}).passthrough()]).nullish(),
    default_billing: z.boolean().optional(),
    default_shipping: z.boolean().optional(),
    custom_attributes: z
      .array(z.strictObject({ attribute_code: z.literal('address_label'), value: z.string().trim().max(100) }))
      .max(1)
      .optional(),
  })
  .superRefine((value, ctx) => checkAddressRules(value, ctx));

export type AddressInput = z.output<typeof addressInputSchema>;
