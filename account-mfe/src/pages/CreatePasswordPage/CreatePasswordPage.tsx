import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from '@shop/shared/router';
import { Form, ApiError, PageHeading, Spinner } from '@shop/shared';
import { createPasswordFormSchema } from '@shop/shared/schemas';
import type { z } from 'zod';
import { accountApi, messageOf } from '../../account/api';
import { TextField } from '../../components/Form/Field';
import styles from '../../components/Form/Form.module.css';
import { NewPasswordFields } from '../../components/Form/NewPasswordFields';

type Values = z.infer<typeof createPasswordFormSchema>;
const INVALID = '/customer/account/login?resetToken=invalid';

/**
 * Set a new password, from the reset mail's link (?id={customerId}&token={resetToken}). The token
 * is checked first: an invalid one goes to login with resetToken=invalid; success to resetSuccess.
 */
export default function CreatePasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const customerId = params.get('id') ?? '';
  const resetToken = params.get('token') ?? '';
  const [email, setEmail] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(createPasswordFormSchema), defaultValues: { password: '', passwordConfirmation: '' } });

  useEffect(() => {
    let live = true;
    (async () => {
      if (!/^\d+$/.test(customerId) || !resetToken) return navigate(INVALID, { replace: true });
      const valid = await accountApi.resetTokenValidate(customerId, resetToken).catch(() => false);
      const customer = valid ? await accountApi.customerGet(customerId, resetToken).catch(() => false as const) : false;
      if (!live) return;
      if (!customer) return navigate(INVALID, { replace: true });
      setEmail(customer.email);
    })();
    return () => {
      live = false;
    };
  }, [customerId, resetToken, navigate]);

  const onSubmit = handleSubmit(async ({ password }) => {
    if (!email) return;
    setFailure(null);
    try {
      await accountApi.resetPassword({ email, password, resetToken, customerId });
      navigate('/customer/account/login?resetSuccess=1');
    } catch (error) {
      // The token was used or expired meanwhile: the login page says so.
      if (error instanceof ApiError && error.status === 400 && (error.body as { field?: string })?.field === 'resetToken') {
        navigate(INVALID);
        return;
      }
      setFailure(messageOf(error, 'Your password could not be changed. Please try again.'));
    }
  });

  return (
    <div className={styles.form}>
      <PageHeading title="Set a New Password" />
      {email === null ? (
        <Spinner label="Checking your reset link…" />
      ) : (
        <Form onSubmit={onSubmit} noValidate>
          <p>Choose a new password for {email}.</p>
          {failure ? (
            <p role="alert" className={styles.error}>
              {failure}
            </p>
          ) : null}
          <NewPasswordFields
            label="New Password"
            password={{ registration: register('password'), error: errors.password?.message }}
            confirmation={{ registration: register('passwordConfirmation'), error: errors.passwordConfirmation?.message }}
            value={watch('password')}
          />
          <div className={styles.actions}>
            <button type="submit" className={styles.primary} disabled={isSubmitting}>
              {isSubmitting ? <Spinner label="Saving…" /> : null} Set a New Password
            </button>
          </div>
        </Form>
      )}
    </div>
  );
}
