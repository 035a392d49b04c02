import { z } from '../api/schemas/z';
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
const regionIdField = z
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

/**
 * The address form of the account area (My Addresses) and checkout, with the exact messages of
 * spec section 5. Street lines are two fields here; `addressFormToInput` makes the API body.
 */
export const addressFormSchema = z
  .object({
    firstname: requiredText(M.firstnameRequired),
    lastname: requiredText(M.lastnameRequired),
    company: optionalText(),
    telephone: requiredText(M.phoneRequired, 40),
    streetLine1: requiredText(M.streetRequired),
    streetLine2: optionalText(),
    city: requiredText(M.cityRequired),
    postcode: requiredText(M.postcodeRequired, 20),
    country_id: requiredText(M.countryRequired, 2),
    region_id: regionIdField,
    address_label: optionalText(100),
    default_billing: z.boolean().default(false),
    default_shipping: z.boolean().default(false),
  })
  .superRefine((value, ctx) => checkAddressRules(value, ctx));

export type AddressFormInput = z.input<typeof addressFormSchema>;
export type AddressFormValues = z.output<typeof addressFormSchema>;

/** The address of an add/update call built from the form: only non-empty street lines. */
export function addressFormToInput(values: AddressFormValues, id?: number) {
  return {
    ...(id === undefined ? {} : { id }),
    firstname: values.firstname,
    lastname: values.lastname,
    company: values.company,
    telephone: values.telephone,
    street: [values.streetLine1, values.streetLine2 ?? ''].map((s) => s.trim()).filter(Boolean),
    city: values.city,
    postcode: values.postcode,
    country_id: values.country_id,
    region_id: values.region_id,
    default_billing: values.default_billing,
    default_shipping: values.default_shipping,
    ...(values.address_label ? { custom_attributes: [{ attribute_code: 'address_label', value: values.address_label }] } : {}),
  };
}

/** The address sent by add-address / update-address, as the API validates it (unknown keys refused). */
export const addressInputSchema = z
  .strictObject({
    id: z.number().int().positive().optional(),
    firstname: requiredText(M.firstnameRequired),
    lastname: requiredText(M.lastnameRequired),
    company: optionalText(),
    telephone: requiredText(M.phoneRequired, 40),
    street: z
      .array(z.string({ error: M.streetRequired }).trim().max(255, 'Please use at most 255 characters'), { error: M.streetRequired })
      .max(2, 'At most 2 street lines')
      .transform((lines) => lines.filter(Boolean))
      .refine((lines) => lines.length > 0, { message: M.streetRequired, path: [0] }),
    city: requiredText(M.cityRequired),
    postcode: requiredText(M.postcodeRequired, 20),
    country_id: requiredText(M.countryRequired, 2),
    region_id: regionIdField,
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
