import { z } from 'zod';

/**
 * The back office's settings, read with the rest of the environment (config.ts):
 * - ADMIN_URL: the back office's public origin, used in staff set-up links (never a request's
 *   Host header). Default: the shop's own host on its port + 2 (`npm start` passes the address
 *   it serves the back office on). A deployment sets it (https).
 */
export interface BackofficeSettings {
  adminUrl: string;
}

const schema = z.object({
  ADMIN_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .refine((v) => /^https?:\/\/[^/]+/.test(v) && URL.canParse(v), 'must be an http(s) origin such as https://admin.example.co.uk')
      .optional(),
  ),
});

export function loadBackofficeSettings(env: NodeJS.ProcessEnv, shopUrl: string): BackofficeSettings {
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  if (parsed.data.ADMIN_URL) return { adminUrl: parsed.data.ADMIN_URL.replace(/\/+$/, '') };
  const shop = new URL(shopUrl);
  const port = Number(shop.port || (shop.protocol === 'https:' ? 443 : 80));
  return { adminUrl: `http://localhost:${port + 2}` };
}
