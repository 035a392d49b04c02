import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from '@shop/shared/router';
import { Form, PageHeading, Spinner, useAuth, type LoginFormValues } from '@shop/shared';
import { ACCOUNT_MESSAGES } from '@shop/shared/forms';
import { loginFormSchema } from '@shop/shared/schemas';
import styles from './LoginPage.module.css';

type Notice = { kind: 'info' | 'success' | 'error'; text: string } | null;

/** Reads the reset banners from the query (resetEmail, resetSuccess, resetToken=invalid). */
function noticeFrom(params: URLSearchParams): Notice {
  const email = params.get('resetEmail');
  if (email) return { kind: 'info', text: ACCOUNT_MESSAGES.resetLinkSent(email) };
  if (params.has('resetSuccess')) return { kind: 'success', text: ACCOUNT_MESSAGES.passwordUpdated };
  if (params.get('resetToken') === 'invalid') return { kind: 'error', text: ACCOUNT_MESSAGES.invalidResetToken };
  return null;
}

export default function LoginPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [notice] = useState<Notice>(() => noticeFrom(params));
  const [failed, setFailed] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues>({ resolver: zodResolver(loginFormSchema), defaultValues: { email: '', password: '' } });

  // The banners are read once, then the parameters leave the address bar.
  useEffect(() => {
    if (['resetEmail', 'resetSuccess', 'resetToken'].some((k) => params.has(k))) {
      setParams({}, { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailed(false);
    try {
      await auth.login(email, password);
      navigate('/customer/account/index');
    } catch {
      setFailed(true);
    }
  });

  const invalid = (field: keyof LoginFormValues) => failed || Boolean(errors[field]);

  return (
    <div className={styles.page}>
      <PageHeading title="Login or Create an Account" heading="Customer Login" />
      {notice ? (
        <p role={notice.kind === 'error' ? 'alert' : 'status'} className={styles[notice.kind]}>
          {notice.text}
        </p>
      ) : null}
      <div className={styles.columns}>
        <section className={styles.panel} aria-labelledby="sign-in-heading">
          <h2 id="sign-in-heading">Registered Customers</h2>
          <p>If you have an account, sign in with your email address.</p>
          {failed ? (
            <p role="alert" className={styles.error}>
              {ACCOUNT_MESSAGES.invalidCredentials}
            </p>
          ) : null}
          <Form onSubmit={onSubmit} noValidate>
            <label className={styles.field}>
              <span>Email</span>
              <input
                type="email"
                autoComplete="email"
                aria-invalid={invalid('email')}
                className={invalid('email') ? styles.invalid : undefined}
                {...register('email')}
              />
              {errors.email ? <span className={styles.fieldError}>{errors.email.message}</span> : null}
            </label>
            <div className={styles.field}>
              <label htmlFor="login-password">Password</label>
              <span className={styles.password}>
                <input
                  id="login-password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  aria-invalid={invalid('password')}
                  className={invalid('password') ? styles.invalid : undefined}
                  {...register('password')}
                />
                <button type="button" className={styles.toggle} onClick={() => setShowPassword(!showPassword)} aria-pressed={showPassword}>
                  {showPassword ? 'Hide' : 'Show'}
                  <span className={styles.sr}> password</span>
                </button>
              </span>
              {errors.password ? <span className={styles.fieldError}>{errors.password.message}</span> : null}
            </div>
            <div className={styles.actions}>
              <button type="submit" className={styles.primary} disabled={isSubmitting}>
                {isSubmitting ? <Spinner label="Signing in…" /> : null} Sign In
              </button>
              <Link to="/customer/account/forgotpassword/">Forgot Your Password?</Link>
            </div>
          </Form>
        </section>
        <section className={styles.panel} aria-labelledby="new-here-heading">
          <h2 id="new-here-heading">New Here?</h2>
          <p>Creating an account has many benefits:</p>
          <ul>
            <li>Check out faster</li>
            <li>Save multiple shipping addresses</li>
            <li>View and track orders and more</li>
          </ul>
          <Link className={styles.secondary} to="/customer/account/create">
            Create an Account
          </Link>
        </section>
      </div>
    </div>
  );
}
