import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import {
  setupConfirmRequestSchema,
  setupInfoAnswerSchema,
  setupPasswordAnswerSchema,
  setupPasswordRequestSchema,
  type SetupPasswordAnswer,
} from '@shop/shared/backoffice';
import { ApiError, call } from '../../api';
import ui from '../../ui.module.css';
import styles from './SetupPage.module.css';

const passwordForm = setupPasswordRequestSchema
  .extend({ confirmation: z.string().min(1, 'Type the password again.') })
  .refine((v) => v.password === v.confirmation, { path: ['confirmation'], message: 'Please enter the same password again.' });

/**
 * The one-time set-up link (#token, never sent to a server in a Referer or a log): choose a
 * password, then add the account to an authenticator app (QR code or the secret typed in) and
 * confirm with a code.
 */
export function SetupPage() {
  const token = useMemo(() => window.location.hash.slice(1), []);
  const [info, setInfo] = useState<{ email: string; role: string } | null>(null);
  const [enrolment, setEnrolment] = useState<SetupPasswordAnswer | null>(null);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    call(setupInfoAnswerSchema, 'POST', '/setup/info', { token }).then(setInfo, (e: unknown) => setError(e instanceof ApiError ? e.message : 'Something went wrong.'));
  }, [token]);

  const password = useForm<z.input<typeof passwordForm>>({ resolver: zodResolver(passwordForm) });
  const code = useForm<z.input<typeof setupConfirmRequestSchema>>({ resolver: zodResolver(setupConfirmRequestSchema) });

  const choosePassword = password.handleSubmit(async ({ password: value }) => {
    setError(null);
    try {
      setEnrolment(await call(setupPasswordAnswerSchema, 'POST', '/setup/password', { token, password: value }));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong.');
    }
  });
  const confirm = code.handleSubmit(async (values) => {
    setError(null);
    try {
      await call(z.object({ status: z.string() }), 'POST', '/setup/confirm', { token, code: values.code });
      setDone(true);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong.');
    }
  });

  return (
    <main className={styles.wrap}>
      <div className={`${ui.card} ${ui.page}`}>
        <h1 className={ui.heading}>Set up your back office account</h1>
        {error && (
          <p className={ui.error} role="alert">
            {error}
          </p>
        )}
        {done ? (
          <p className={ui.notice} role="status">
            Your account is ready. <Link to="/sign-in">Sign in</Link> with your email, password and a code from your app.
          </p>
        ) : info && !enrolment ? (
          <form className={ui.form} onSubmit={choosePassword} noValidate>
            <p>
              Account <strong>{info.email}</strong> ({info.role}). Step 1 of 2: choose a password of at least 8 characters with letters and
              numbers.
            </p>
            <div className={ui.field}>
              <label htmlFor="password">Password</label>
              <input id="password" type="password" autoComplete="new-password" {...password.register('password')} />
              {password.formState.errors.password && <span className={ui.fieldError}>{password.formState.errors.password.message}</span>}
            </div>
            <div className={ui.field}>
              <label htmlFor="confirmation">Password again</label>
              <input id="confirmation" type="password" autoComplete="new-password" {...password.register('confirmation')} />
              {password.formState.errors.confirmation && <span className={ui.fieldError}>{password.formState.errors.confirmation.message}</span>}
            </div>
            <button className={ui.button} type="submit" disabled={password.formState.isSubmitting}>
              Continue
            </button>
          </form>
        ) : enrolment ? (
          <form className={ui.form} onSubmit={confirm} noValidate>
            <p>Step 2 of 2: two-factor sign-in. Scan this code with an authenticator app, or type the secret into it.</p>
            <img className={styles.qr} alt="QR code for your authenticator app" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`} />
            <p>
              Secret: <code className={ui.code} data-testid="totp-secret">{enrolment.secret}</code>
            </p>
            <div className={ui.field}>
              <label htmlFor="code">The 6-digit code the app shows</label>
              <input id="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...code.register('code')} />
              {code.formState.errors.code && <span className={ui.fieldError}>{code.formState.errors.code.message}</span>}
            </div>
            <button className={ui.button} type="submit" disabled={code.formState.isSubmitting}>
              Confirm and finish
            </button>
          </form>
        ) : (
          !error && <p className={ui.muted}>Checking your link…</p>
        )}
      </div>
    </main>
  );
}
