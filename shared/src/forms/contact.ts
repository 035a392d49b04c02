import { z } from '../api/schemas/z';
import { isValidPhone } from './address';
import { ACCOUNT_MESSAGES, ADDRESS_MESSAGES } from './messages';

/** Texts of the contact form (the Contact Us page): the messages under its fields and its outcomes. */
export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  emailRequired: 'Email is required',
  emailInvalid: ACCOUNT_MESSAGES.emailInvalid,
  phoneInvalid: ADDRESS_MESSAGES.phoneInvalid,
  messageRequired: 'Message is required',
  messageTooLong: 'Message must be at most 5000 characters',
  noControlCharacters: 'must not contain control characters',
  thankYou: "Thank you for your message. We'll reply by email within one working day.",
  failed: 'Sorry, we could not send your message. Please try again, or call our technical helpline.',
} as const;

export const CONTACT_MESSAGE_MAX = 5000;

// NUL and other control characters (tabs and line breaks aside) have no place in a message and
// PostgreSQL text cannot hold NUL at all.
const noControl = (s: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s);

const requiredText = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine(noControl, CONTACT_MESSAGES.noControlCharacters);

/**
 * The contact form (name, email, optional phone, message). The browser form (react-hook-form) and
 * POST /api/contact/messages validate with this same schema.
 */
export const contactFormSchema = z.object({
  // One line: it goes into the subject of the mail to the shop.
  name: requiredText(CONTACT_MESSAGES.nameRequired, 100, CONTACT_MESSAGES.nameTooLong).transform((s) => s.replace(/\s+/g, ' ')),
  email: z
    .string({ error: CONTACT_MESSAGES.emailRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.emailRequired)
    .max(254, CONTACT_MESSAGES.emailInvalid)
    .pipe(z.email({ error: CONTACT_MESSAGES.emailInvalid })),
  phone: z
    .string({ error: CONTACT_MESSAGES.phoneInvalid })
    .trim()
    .refine((p) => p === '' || isValidPhone(p), CONTACT_MESSAGES.phoneInvalid)
    .optional(),
  message: requiredText(CONTACT_MESSAGES.messageRequired, CONTACT_MESSAGE_MAX, CONTACT_MESSAGES.messageTooLong),
});
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormValues = z.output<typeof contactFormSchema>;

/** Answer of POST /api/contact/messages. */
export const contactMessageAnswerSchema = z.object({ status: z.literal('success'), id: z.number().int() });
export type ContactMessageAnswer = z.infer<typeof contactMessageAnswerSchema>;
