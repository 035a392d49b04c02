import { z } from '../api/schemas/z';
import { ACCOUNT_MESSAGES as M } from './messages';

/** At least 8 characters with letters and digits; at most 256. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export function isAcceptablePassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /\p{L}/u.test(password) && /\p{Nd}/u.test(password);
}

/** A new password (registration, reset, change). Never trimmed: spaces are part of it. */
export const newPasswordSchema = z
  .string({ error: M.passwordRules })
  .max(PASSWORD_MAX_LENGTH, M.passwordTooLong)
  .refine(isAcceptablePassword, M.passwordRules);

/** An email address, trimmed and lower-cased (accounts are one per address, in any case). */
export const emailSchema = z
  .string({ error: M.requiredField })
  .trim()
  .min(1, M.requiredField)
  .max(254, M.emailInvalid)
  .pipe(z.email({ error: M.emailInvalid }))
  .transform((email) => email.toLowerCase());

/** Login form (spec section 5): email (email type) and password required. */
export const loginFormSchema = z.object({
  email: emailSchema,
  password: z.string({ error: M.requiredField }).min(1, M.requiredField).max(PASSWORD_MAX_LENGTH, M.passwordTooLong),
});
export type LoginFormValues = z.output<typeof loginFormSchema>;

/** Captcha: 6 characters from letters and digits without look-alikes (no I, O, l, 0, 1), 220x80. */
export const CAPTCHA_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
export const CAPTCHA_LENGTH = 6;
export const CAPTCHA_WIDTH = 220;
export const CAPTCHA_HEIGHT = 80;

/** Forgot password form: email required; the captcha as typed (checked by the server, case-sensitive). */
export const forgotPasswordFormSchema = z.object({
  email: emailSchema,
  captcha: z.string({ error: M.requiredField }).trim().min(1, M.requiredField).max(CAPTCHA_LENGTH * 2, M.invalidCaptcha),
});
export type ForgotPasswordFormValues = z.output<typeof forgotPasswordFormSchema>;

/** Set a new password form (the reset link's page). */
export const createPasswordFormSchema = z
  .object({
    password: newPasswordSchema,
    passwordConfirmation: z.string({ error: M.requiredField }).min(1, M.requiredField),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: 'Please enter the same password again.',
  });

/** Create an account form. */
export const registerFormSchema = z
  .object({
    firstname: z.string({ error: 'First Name is required' }).trim().min(1, 'First Name is required').max(255),
    lastname: z.string({ error: 'Last Name is required' }).trim().min(1, 'Last Name is required').max(255),
    company: z.string().trim().max(255).optional(),
    email: emailSchema,
    password: newPasswordSchema,
    passwordConfirmation: z.string({ error: M.requiredField }).min(1, M.requiredField),
    newsletter: z.boolean().default(false),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: 'Please enter the same password again.',
  });
export type RegisterFormValues = z.output<typeof registerFormSchema>;
