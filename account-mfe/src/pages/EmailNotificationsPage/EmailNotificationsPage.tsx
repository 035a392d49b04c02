import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from '@shop/shared/router';
import { Form, PageHeading, Spinner, type EmailSubscriptionsAnswer } from '@shop/shared';
import { accountApi, messageOf } from '../../account/api';
import { useCustomer } from '../../account/useCustomer';
import { AccountLayout } from '../../components/AccountLayout/AccountLayout';
import styles from '../../components/Form/Form.module.css';

type Subscription = EmailSubscriptionsAnswer['data'][number];

/**
 * Email Notifications: which follow-up mails the shopper gets. Signed in, for their account; from
 * a mail's unsubscribe link (?token=…, signed by the API for one address), without signing in.
 */
export default function EmailNotificationsPage() {
  const { token } = useCustomer();
  const [params] = useSearchParams();
  const unsubscribeToken = params.get('token') ?? undefined;
  const who = unsubscribeToken ? { unsubscribeToken } : token ? { customerToken: token } : null;
  const [email, setEmail] = useState('');
  const [subscriptions, setSubscriptions] = useState<Subscription[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!who) return;
    accountApi
      .emailSubscriptions(who)
      .then((answer) => {
        setEmail(answer.email);
        setSubscriptions(answer.data);
      })
      .catch((error: unknown) =>
        setLoadError(unsubscribeToken ? 'This unsubscribe link is not valid. Please sign in to manage your email notifications.' : messageOf(error, 'Could not load your email notifications. Please try again.')),
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unsubscribeToken, token]);

  // Without a login or a link the page is the account area's: sign in first.
  if (!who) return <Navigate to="/customer/account/login" replace />;

  const set = (code: string, isSubscribed: boolean) =>
    setSubscriptions((list) => list?.map((s) => (s.eventCode === code ? { ...s, isSubscribed } : s)) ?? null);

  const save = async (event: FormEvent, all?: false) => {
    event.preventDefault();
    if (!subscriptions) return;
    const chosen = all === false ? subscriptions.map((s) => ({ ...s, isSubscribed: false })) : subscriptions;
    setBusy(true);
    setNotice(null);
    try {
      const answer = await accountApi.saveEmailSubscriptions(
        who,
        chosen.map(({ eventCode, isSubscribed }) => ({ eventCode, isSubscribed })),
      );
      setSubscriptions(answer.data);
      setNotice({ ok: true, text: 'Your email notification settings have been saved.' });
    } catch (error) {
      setNotice({ ok: false, text: messageOf(error, 'Could not save your email notification settings. Please try again.') });
    } finally {
      setBusy(false);
    }
  };

  const content = (
    <>
      <PageHeading title="Email Notifications" />
      {notice ? (
        <p role={notice.ok ? 'status' : 'alert'} className={notice.ok ? styles.success : styles.error}>
          {notice.text}
        </p>
      ) : null}
      {loadError ? (
        <p role="alert" className={styles.error}>
          {loadError}
        </p>
      ) : !subscriptions ? (
        <Spinner label="Loading your email notifications…" />
      ) : (
        <Form className={styles.form} onSubmit={(e) => void save(e)}>
          <fieldset className={styles.section}>
            <legend>Emails we may send to {email}</legend>
            {subscriptions.map((s) => (
              <label key={s.eventCode} className={styles.check}>
                <input type="checkbox" checked={s.isSubscribed} onChange={(e) => set(s.eventCode, e.target.checked)} />
                <span>{s.label}</span>
              </label>
            ))}
          </fieldset>
          <p className={styles.muted}>Order confirmations and password reset emails are always sent.</p>
          <div className={styles.actions}>
            <button type="submit" className={styles.primary} disabled={busy}>
              {busy ? <Spinner label="Saving…" /> : null} Save
            </button>
            <button type="button" className={styles.secondary} disabled={busy} onClick={(e) => void save(e, false)}>
              Unsubscribe from all
            </button>
          </div>
        </Form>
      )}
    </>
  );

  // From a mail's link the shopper may not be signed in: no account menu then.
  return token ? <AccountLayout>{content}</AccountLayout> : <div>{content}</div>;
}
