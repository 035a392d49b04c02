import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from '@shop/shared/router';
import { z } from 'zod';
import { Form, PageHeading, Spinner } from '@shop/shared';
import { ACCOUNT_MESSAGES } from '@shop/shared/forms';
import { CAPTCHA_LENGTH } from '@shop/shared/schemas';
import { CaptchaField } from '../../components/Captcha/CaptchaField';
import { useCaptcha } from '../../components/Captcha/useCaptcha';
import styles from '../../components/Form/Form.module.css';

const schema = z.object({
  captcha: z.string().trim().min(1, ACCOUNT_MESSAGES.requiredField).max(CAPTCHA_LENGTH * 2, ACCOUNT_MESSAGES.invalidCaptcha),
});

/** Only a path on this shop may follow the check (never another site). */
function safeReturnPath(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') ? value : '/customer/account/login';
}

/**
 * Security check (/customer/account/recaptcha): the same server challenge as Forgot password.
 * Solved, the shopper continues to `returnTo` (a path on this shop) or to login.
 */
export default function RecaptchaPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const captcha = useCaptcha();
  const [passed, setPassed] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { captcha: '' } });

  const onSubmit = handleSubmit(async ({ captcha: answer }) => {
    if (!(await captcha.verify(answer))) {
      setError('captcha', { message: ACCOUNT_MESSAGES.invalidCaptcha });
      setValue('captcha', '');
      await captcha.reload();
      return;
    }
    setPassed(true);
    navigate(safeReturnPath(params.get('returnTo')), { replace: true });
  });

  return (
    <div className={styles.form}>
      <PageHeading title="Security Check" />
      <p>To continue, please show us you are not a robot by typing the characters in the picture.</p>
      {passed ? (
        <p role="status" className={styles.success}>
          Thank you. You passed the security check.
        </p>
      ) : null}
      <Form onSubmit={onSubmit} noValidate>
        <CaptchaField captcha={captcha} registration={register('captcha')} error={errors.captcha?.message} />
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={isSubmitting}>
            {isSubmitting ? <Spinner label="Checking…" /> : null} Submit
          </button>
        </div>
      </Form>
    </div>
  );
}
