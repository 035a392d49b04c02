import { z } from 'zod';
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH, INFO_EMAIL, SHOP_NAME } from '@shop/shared/schemas';

/** An origin on this machine (localhost, 127.x, ::1): a developer's or a newcomer's shop. */
export function isLocalShopUrl(value: string | undefined): boolean {
  if (!value || !URL.canParse(value)) return false;
  const { hostname } = new URL(value);
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '[::1]' || /^127\./.test(hostname);
}

/** An https origin on a real host name: the shop is deployed where shoppers can reach it. */
export function isPublicShopUrl(value: string | undefined): boolean {
  if (!value || !URL.canParse(value)) return false;
  return new URL(value).protocol === 'https:' && !isLocalShopUrl(value);
}

/**
 * Settings of the accounts and mail domains, read from the environment once, by loadConfig:
 * - APP_SECRET: server secret for signed links (unsubscribe, downloads) and captcha codes; at least
 *   32 characters. Unset: generated once and kept in app_meta (so every instance shares it).
 * - SHOP_URL: the storefront's public origin, used in links inside mail (never taken from a
 *   request's Host header). Default http://localhost:8080 (`npm start`).
 * - MAIL_FROM: sender of the shop's mail. Default "<shop name> <info address>".
 * - CAPTCHA_TEST_CODE: for automated browser tests only (like reCAPTCHA's test keys): every
 *   captcha is drawn with this code, so a test can type it. Still one answer per challenge, still
 *   case-sensitive. Refused with a public (https) SHOP_URL; the API warns at start when it is set.
 */
export interface AuthSettings {
  appSecret: string | undefined;
  shopUrl: string;
  mailFrom: string;
  captchaTestCode?: string | undefined;
}

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  APP_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  SHOP_URL: optional(
    z
      .string()
      .refine((v) => /^https?:\/\/[^/]+/.test(v) && URL.canParse(v), 'must be an http(s) origin such as https://shop.example.co.uk'),
  ),
  MAIL_FROM: optional(z.string().min(3)),
  CAPTCHA_TEST_CODE: optional(
    z
      .string()
      .regex(new RegExp(`^[${CAPTCHA_ALPHABET}]{${CAPTCHA_LENGTH}}$`), `must be ${CAPTCHA_LENGTH} characters of the captcha alphabet`),
  ),
});

/** The shop's mail sender when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = `${SHOP_NAME} <${INFO_EMAIL}>`;

export function loadAuthSettings(env: NodeJS.ProcessEnv): AuthSettings {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment: ${problems.join('; ')}`);
  }
  // A fixed captcha code on a deployed shop would hand every script the answer.
  if (parsed.data.CAPTCHA_TEST_CODE && isPublicShopUrl(parsed.data.SHOP_URL)) {
    throw new Error('Invalid environment: CAPTCHA_TEST_CODE is for automated tests only and is refused with a public SHOP_URL');
  }
  return {
    appSecret: parsed.data.APP_SECRET,
    shopUrl: (parsed.data.SHOP_URL ?? 'http://localhost:8080').replace(/\/+$/, ''),
    mailFrom: parsed.data.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    captchaTestCode: parsed.data.CAPTCHA_TEST_CODE,
  };
}
