import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordStrength } from '../PasswordStrength/PasswordStrength';
import { TextField } from './Field';

interface PasswordField {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}

/**
 * A new password with its strength hint and its confirmation: the same three pieces on create
 * account, set a new password and account information (labels differ: 'Password' or 'New Password').
 */
export function NewPasswordFields({
  label,
  password,
  confirmation,
  value,
}: {
  label: 'Password' | 'New Password';
  password: PasswordField;
  confirmation: PasswordField;
  /** The password as typed, for the strength hint. */
  value: string;
}) {
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        required
        registration={password.registration}
        error={password.error}
        hint="At least 8 characters, with letters and digits."
      />
      <PasswordStrength password={value} />
      <TextField
        label={`Confirm ${label}`}
        type="password"
        autoComplete="new-password"
        required
        registration={confirmation.registration}
        error={confirmation.error}
      />
    </>
  );
}
