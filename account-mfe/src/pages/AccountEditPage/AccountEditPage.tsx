import { zodResolver } from '@hookform/resolvers/zod';
import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from '@shop/shared/router';
import { Form, authTokenAtom, PageHeading, Spinner, type Customer } from '@shop/shared';
import { ACCOUNT_MESSAGES } from '@shop/shared/forms';
import { accountApi, messageOf } from '../../account/api';
import { companyOf, useCustomer } from '../../account/useCustomer';
import { AccountLayout } from '../../components/AccountLayout/AccountLayout';
import { CheckboxField, TextField } from '../../components/Form/Field';
import styles from '../../components/Form/Form.module.css';
import { NewPasswordFields } from '../../components/Form/NewPasswordFields';
import { accountEditSchema, type AccountEditValues } from './accountEditSchema';

function valuesOf(me: Customer | null, changePassword: boolean): AccountEditValues {
  return {
    firstname: me?.firstname ?? '',
    lastname: me?.lastname ?? '',
    company: me ? companyOf(me) : '',
    changeEmail: false,
    changePassword,
    email: me?.email ?? '',
    currentPassword: '',
    newPassword: '',
    passwordConfirmation: '',
  };
}

/** Account Information (/customer/account/edit, /customer/account/edit/changepass opens the password part). */
export default function AccountEditPage() {
  const { action } = useParams();
  const { token, me, reload } = useCustomer();
  const setToken = useSetAtom(authTokenAtom);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AccountEditValues>({ resolver: zodResolver(accountEditSchema), defaultValues: valuesOf(me, action === 'changepass') });

  // The customer may arrive after the first render.
  useEffect(() => {
    if (me) reset(valuesOf(me, action === 'changepass'));
  }, [me, action, reset]);

  const changeEmail = watch('changeEmail');
  const changePassword = watch('changePassword');

  const onSubmit = handleSubmit(async (v) => {
    if (!token) return;
    setNotice(null);
    try {
      const answer = await accountApi.updateMe({
        customerToken: token,
        firstname: v.firstname,
        lastname: v.lastname,
        company: v.company || null,
        ...(v.changeEmail ? { email: v.email } : {}),
        ...(v.changePassword ? { newPassword: v.newPassword } : {}),
        ...(v.changeEmail || v.changePassword ? { currentPassword: v.currentPassword } : {}),
      });
      // A new password revokes every login; the answer carries this browser's new token.
      if (answer.data?.token) setToken(answer.data.token);
      await reload();
      setNotice({ ok: true, text: 'You saved the account information.' });
    } catch (error) {
      setNotice({ ok: false, text: ACCOUNT_MESSAGES.updateFailed(messageOf(error, 'please try again.')) });
    }
  });

  return (
    <AccountLayout>
      <PageHeading title="Account Information" heading="Edit Account Information" />
      {notice ? (
        <p role={notice.ok ? 'status' : 'alert'} className={notice.ok ? styles.success : styles.error}>
          {notice.text}
        </p>
      ) : null}
      {!me ? (
        <Spinner label="Loading your account…" />
      ) : (
        <Form className={styles.form} onSubmit={onSubmit} noValidate>
          <fieldset className={styles.section}>
            <legend>Account Information</legend>
            <div className={styles.row}>
              <TextField label="First Name" autoComplete="given-name" required registration={register('firstname')} error={errors.firstname?.message} />
              <TextField label="Last Name" autoComplete="family-name" required registration={register('lastname')} error={errors.lastname?.message} />
            </div>
            <TextField label="Company" autoComplete="organization" registration={register('company')} error={errors.company?.message} />
            <CheckboxField label="Change Email" registration={register('changeEmail')} />
            <CheckboxField label="Change Password" registration={register('changePassword')} />
          </fieldset>
          {changeEmail || changePassword ? (
            <fieldset className={styles.section}>
              <legend>{changeEmail && changePassword ? 'Change Email and Password' : changeEmail ? 'Change Email' : 'Change Password'}</legend>
              {changeEmail ? (
                <TextField label="Email" type="email" autoComplete="email" required registration={register('email')} error={errors.email?.message} />
              ) : null}
              <TextField
                label="Current Password"
                type="password"
                autoComplete="current-password"
                required
                registration={register('currentPassword')}
                error={errors.currentPassword?.message}
              />
              {changePassword ? (
                <NewPasswordFields
                  label="New Password"
                  password={{ registration: register('newPassword'), error: errors.newPassword?.message }}
                  confirmation={{ registration: register('passwordConfirmation'), error: errors.passwordConfirmation?.message }}
                  value={watch('newPassword')}
                />
              ) : null}
            </fieldset>
          ) : null}
          <div className={styles.actions}>
            <button type="submit" className={styles.primary} disabled={isSubmitting}>
              {isSubmitting ? <Spinner label="Saving…" /> : null} Save
            </button>
          </div>
        </Form>
      )}
    </AccountLayout>
  );
}
