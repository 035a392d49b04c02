import { z } from 'zod';

export const addressSchema = z.object({
  id: z.number().int().optional(),
  firstname: z.string(),
  lastname: z.string(),
  company: z.string().optional().nullable(),
  telephone: z.string(),
  street: z.array(z.string()),
  city: z.string(),
  region: z
    .object({ region: z.string().nullable().optional(), region_code: z.string().nullable().optional(), region_id: z.number().int().nullable().optional() })
    .optional()
    .nullable(),
  region_id: z.number().int().optional().nullable(),
  postcode: z.string(),
  country_id: z.string(),
  default_billing: z.boolean().optional(),
  default_shipping: z.boolean().optional(),
  custom_attributes: z.array(z.object({ attribute_code: z.string(), value: z.string() })).optional(),
});
export type Address = z.infer<typeof addressSchema>;

/** The signed-in customer (`data.data` of POST /api/me). */
export const customerSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  group_id: z.number().int(),
  addresses: z.array(addressSchema),
  custom_attributes: z.array(z.object({ attribute_code: z.string(), value: z.string() })).optional(),
  extension_attributes: z.object({ is_subscribed: z.boolean() }).partial().optional(),
});
export type Customer = z.infer<typeof customerSchema>;
