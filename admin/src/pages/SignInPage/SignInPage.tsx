import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { sessionAnswerSchema, signInRequestSchema, type SignInRequest } from '@shop/shared/backoffice';
import { ApiError, call } from '../../api';
import { useSession } from '../../session';
import ui from '../../ui.module.css';
import styles from './SignInPage.module.css';

/** Email, password and the authenticator app's code: two-factor for every staff member. */
export function SignInPage() {
  const { session, signedIn } = useSession();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from ?? '/';
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<SignInRequest>({ resolver: zodResolver(signInRequestSchema) });

  if (session) return <Navigate to={from} replace />;

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      signedIn(await call(sessionAnswerSchema, 'POST', '/sign-in', values));
      navigate(from, { replace: true });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');
    }
  });

  const { errors, isSubmitting } = formState;
  return (
    <main className={styles.wrap}>
      <form className={`${ui.card} ${ui.form}`} onSubmit={onSubmit} noValidate>
        <h1 className={ui.heading}>Back office sign-in</h1>
        {error && (
          <p className={ui.error} role="alert">
            {error}
          </p>
        )}
        <div className={ui.field}>
          <label htmlFor="email">Email</label>
          <input id="email" type="email" autoComplete="username" aria-invalid={Boolean(errors.email)} {...register('email')} />
          {errors.email && <span className={ui.fieldError}>{errors.email.message}</span>}
        </div>
        <div className={ui.field}>
          <label htmlFor="password">Password</label>
          <input id="password" type="password" autoComplete="current-password" aria-invalid={Boolean(errors.password)} {...register('password')} />
          {errors.password && <span className={ui.fieldError}>{errors.password.message}</span>}
        </div>
        <div className={ui.field}>
          <label htmlFor="code">Code from your authenticator app</label>
          <input id="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} aria-invalid={Boolean(errors.code)} {...register('code')} />
          {errors.code && <span className={ui.fieldError}>{errors.code.message}</span>}
        </div>
        <button className={ui.button} type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
