import { useEffect, useState, type FormEvent } from 'react';
import { Form, PageHeading, Spinner } from '@shop/shared';
import { accountApi, messageOf } from '../../account/api';
import { useCustomer } from '../../account/useCustomer';
import { AccountLayout } from '../../components/AccountLayout/AccountLayout';
import styles from '../../components/Form/Form.module.css';

/** The three failure texts of spec section 8. */
export const NEWSLETTER_MESSAGES = {
  noUser: 'User data not available. Cannot update newsletter subscription.',
  serverFailed: 'Newsletter subscription update failed on the server.',
} as const;

/** Newsletter Subscription: one General Subscription checkbox, saved through /api/contact/newsletter. */
export default function NewsletterPage() {
  const { token, me, reload } = useCustomer();
  const [subscribed, setSubscribed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    setSubscribed(Boolean(me?.extension_attributes?.is_subscribed));
  }, [me]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!me || !token) {
      setNotice({ ok: false, text: NEWSLETTER_MESSAGES.noUser });
      return;
    }
    setBusy(true);
    try {
      const answer = await accountApi.newsletter({
        customerToken: token,
        email: me.email,
        firstName: me.firstname,
        lastName: me.lastname,
        isSubscribed: subscribed,
      });
      await reload();
      setNotice({ ok: true, text: answer.message });
    } catch (error) {
      // The server's own error text when it gave one.
      setNotice({ ok: false, text: messageOf(error, NEWSLETTER_MESSAGES.serverFailed) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountLayout>
      <PageHeading title="Newsletter Subscription" />
      {notice ? (
        <p role={notice.ok ? 'status' : 'alert'} className={notice.ok ? styles.success : styles.error}>
          {notice.text}
        </p>
      ) : null}
      <Form className={styles.form} onSubmit={save}>
        <fieldset className={styles.section}>
          <legend>Subscription option</legend>
          <label className={styles.check}>
            <input type="checkbox" checked={subscribed} onChange={(e) => setSubscribed(e.target.checked)} />
            <span>General Subscription</span>
          </label>
          <p className={styles.muted}>News about new products, installation advice and offers, about once a month. You can unsubscribe at any time.</p>
        </fieldset>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy}>
            {busy ? <Spinner label="Saving…" /> : null} Save
          </button>
        </div>
      </Form>
    </AccountLayout>
  );
}
