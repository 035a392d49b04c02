import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  Form,
  PHONE_STRIP,
  TextField,
  apiRequest,
  ApiError,
  type ContactFormInput,
  type ContactFormValues,
} from '@shop/shared';
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGES, contactFormSchema, contactMessageAnswerSchema } from '@shop/shared/schemas';
import styles from './CmsPage.module.css';

type Field = keyof ContactFormInput;
const FIELDS: Field[] = ['name', 'email', 'phone', 'message'];

/**
 * The Contact Us form: name, email, phone (optional) and message, checked with the same zod schema
 * as the API (messages under the fields). A sent message is thanked for; a failure keeps what the
 * shopper typed and says what went wrong.
 */
export function ContactForm() {
  const id = useId();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: { name: '', email: '', phone: '', message: '' },
  });

  const onSubmit = async (values: ContactFormValues) => {
    setFailure(null);
    try {
      await apiRequest('/contact/messages', { body: values, schema: contactMessageAnswerSchema });
      setSent(true);
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as { field?: string; message?: string } | undefined) : undefined;
      const field = FIELDS.find((f) => f === body?.field);
      if (field && error instanceof ApiError && error.status === 400) {
        setError(field, { message: (body?.message ?? '').replace(new RegExp(`^${field}: `), '') || CONTACT_MESSAGES.failed }, { shouldFocus: true });
      } else {
        // 429 answers say how long to wait; anything else gets the general message.
        setFailure(error instanceof ApiError && error.status === 429 ? error.message : CONTACT_MESSAGES.failed);
      }
    }
  };

  if (sent) {
    return (
      <div className={styles.thanks} role="status" tabIndex={-1} ref={(el) => el?.focus()}>
        <h2 className={styles.formTitle}>Message sent</h2>
        <p>{CONTACT_MESSAGES.thankYou}</p>
      </div>
    );
  }

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
    ...register(field),
  });
  const message = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className={styles.fieldError}>
        {errors[field]?.message}
      </p>
    ) : null;

  return (
    <section className={styles.formBox} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.formTitle}>
        Send us a message
      </h2>
      <Form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-name`}>
            Name <span aria-hidden="true">*</span>
          </label>
          <input type="text" autoComplete="name" required maxLength={100} {...fieldProps('name')} />
          {message('name')}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-email`}>
            Email <span aria-hidden="true">*</span>
          </label>
          <input type="email" autoComplete="email" required maxLength={254} {...fieldProps('email')} />
          {message('email')}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-phone`}>Phone (optional)</label>
          <TextField type="tel" autoComplete="tel" maxLength={20} strip={PHONE_STRIP} {...fieldProps('phone')} />
          {message('phone')}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-message`}>
            Message <span aria-hidden="true">*</span>
          </label>
          <textarea rows={6} required maxLength={CONTACT_MESSAGE_MAX} {...fieldProps('message')} />
          {message('message')}
        </div>
        {failure ? (
          <p className={styles.formError} role="alert">
            {failure}
          </p>
        ) : null}
        <button type="submit" className={styles.submit} disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send Message'}
        </button>
      </Form>
    </section>
  );
}
