import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '@shop/shared/router';
import { Form, PageHeading, Spinner, useAuth } from '@shop/shared';
import { ACCOUNT_MESSAGES } from '@shop/shared/forms';
import { registerFormSchema } from '@shop/shared/schemas';
import type { z } from 'zod';
import { accountApi, messageOf } from '../../account/api';
import { CheckboxField, TextField } from '../../components/Form/Field';
import styles from '../../components/Form/Form.module.css';
import { NewPasswordFields } from '../../components/Form/NewPasswordFields';

type Values = z.input<typeof registerFormSchema>;

/**
 * Create an account. On success the shopper is signed in through @shop/shared's login, which keeps
 * the spec's order (guest basket id kept, log in, token, customer, customer cart, merge, reload).
 */
export default function CreateAccountPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof registerFormSchema>>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { firstname: '', lastname: '', company: '', email: '', password: '', passwordConfirmation: '', newsletter: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await accountApi.register({
        firstname: values.firstname,
        lastname: values.lastname,
        company: values.company || null,
        email: values.email,
        password: values.password,
        newsletter: values.newsletter,
      });
    } catch (error) {
      setFailure(ACCOUNT_MESSAGES.registrationFailed(messageOf(error, 'please try again.')));
      return;
    }
    try {
      await auth.login(values.email, values.password);
      navigate('/customer/account/index');
    } catch {
      // The account exists; only the automatic sign-in failed.
      navigate('/customer/account/login');
    }
  });

  return (
    <div>
      <PageHeading title="Create an Account" heading="Create New Customer Account" />
      {failure ? (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      ) : null}
      <Form className={styles.form} onSubmit={onSubmit} noValidate>
        <fieldset className={styles.section}>
          <legend>Personal Information</legend>
          <div className={styles.row}>
            <TextField label="First Name" autoComplete="given-name" required registration={register('firstname')} error={errors.firstname?.message} />
            <TextField label="Last Name" autoComplete="family-name" required registration={register('lastname')} error={errors.lastname?.message} />
          </div>
          <TextField label="Company" autoComplete="organization" registration={register('company')} error={errors.company?.message} />
          <CheckboxField label="Sign Up for Newsletter" registration={register('newsletter')} />
        </fieldset>
        <fieldset className={styles.section}>
          <legend>Sign-in Information</legend>
          <TextField label="Email" type="email" autoComplete="email" required registration={register('email')} error={errors.email?.message} />
          <NewPasswordFields
            label="Password"
            password={{ registration: register('password'), error: errors.password?.message }}
            confirmation={{ registration: register('passwordConfirmation'), error: errors.passwordConfirmation?.message }}
            value={watch('password')}
          />
        </fieldset>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={isSubmitting}>
            {isSubmitting ? <Spinner label="Creating your account…" /> : null} Create an Account
          </button>
          <Link to="/customer/account/login">Already have an account? Sign in</Link>
        </div>
      </Form>
    </div>
  );
}
