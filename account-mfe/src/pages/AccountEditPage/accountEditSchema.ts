import { z } from 'zod';
import { ACCOUNT_MESSAGES as M } from '@shop/shared/forms';
import { emailSchema, newPasswordSchema } from '@shop/shared/schemas';

/**
 * Account Information: names and company always; the email or the password only with the
 * current password (the API refuses them without it).
 */
export const accountEditSchema = z
  .object({
    firstname: z.string().trim().min(1, 'First Name is required').max(255),
    lastname: z.string().trim().min(1, 'Last Name is required').max(255),
    company: z.string().trim().max(255),
    changeEmail: z.boolean(),
    changePassword: z.boolean(),
    email: z.string(),
    currentPassword: z.string(),
    newPassword: z.string(),
    passwordConfirmation: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.changeEmail) {
      const email = emailSchema.safeParse(v.email);
      if (!email.success) ctx.addIssue({ code: 'custom', path: ['email'], message: email.error.issues[0]?.message ?? M.emailInvalid });
    }
    if ((v.changeEmail || v.changePassword) && !v.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: M.requiredField });
    }
    if (v.changePassword) {
      const password = newPasswordSchema.safeParse(v.newPassword);
      if (!password.success) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: password.error.issues[0]?.message ?? M.passwordRules });
      else if (v.newPassword !== v.passwordConfirmation) {
        ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: 'Please enter the same password again.' });
      }
    }
  });

export type AccountEditValues = z.infer<typeof accountEditSchema>;
