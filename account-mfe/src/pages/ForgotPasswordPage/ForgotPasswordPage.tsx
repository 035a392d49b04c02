import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '@shop/shared/router';
import { Form, PageHeading, Spinner, type ForgotPasswordFormValues } from '@shop/shared';
import { ACCOUNT_MESSAGES } from '@shop/shared/forms';
import { forgotPasswordFormSchema } from '@shop/shared/schemas';
import { accountApi } from '../../account/api';
import { CaptchaField } from '../../components/Captcha/CaptchaField';
import { useCaptcha } from '../../components/Captcha/useCaptcha';
import { TextField } from '../../components/Form/Field';
import styles from '../../components/Form/Form.module.css';

/**
 * Forgot password (spec sections 2, 4, 5): email and the server's captcha. A wrong captcha says
 * 'Invalid Captcha.' and sends nothing; a sent request goes to login with resetEmail.
 */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const [failed, setFailed] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordFormValues>({ resolver: zodResolver(forgotPasswordFormSchema), defaultValues: { email: '', captcha: '' } });

  const onSubmit = handleSubmit(async ({ email, captcha: answer }) => {
    setFailed(false);
    const challengeId = captcha.challenge?.id;
    if (!challengeId || !(await captcha.verify(answer))) {
      setError('captcha', { message: ACCOUNT_MESSAGES.invalidCaptcha });
      setValue('captcha', '');
      await captcha.reload();
      return;
    }
    try {
      await accountApi.forgotPassword(email, challengeId);
      navigate(`/customer/account/login?resetEmail=${encodeURIComponent(email)}`);
    } catch (error) {
      console.warn('[account] forgot password failed', error);
      setFailed(true);
      setValue('captcha', '');
      await captcha.reload();
    }
  });

  return (
    <div className={styles.form}>
      <PageHeading title="Forgot Password" heading="Forgot Your Password?" />
      <p>Please enter your email address below to receive a password reset link.</p>
      {failed ? (
        <p role="alert" className={styles.error}>
          {ACCOUNT_MESSAGES.forgotPasswordFailed}
        </p>
      ) : null}
      <Form onSubmit={onSubmit} noValidate>
        <TextField label="Email" type="email" autoComplete="email" required registration={register('email')} error={errors.email?.message} />
        <CaptchaField captcha={captcha} registration={register('captcha')} error={errors.captcha?.message} />
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={isSubmitting}>
            {isSubmitting ? <Spinner label="Sending…" /> : null} Submit
          </button>
          <Link to="/customer/account/login">Go back to sign in</Link>
        </div>
      </Form>
    </div>
  );
}
