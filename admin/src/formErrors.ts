import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api';

/**
 * An API refusal shown where it belongs: under the field it names (a zod refusal reads "field:
 * message"; under the field, the message is enough), or as the page's message otherwise.
 */
export function showApiError<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, error: unknown, onMessage: (text: string) => void): void {
  const values = form.getValues();
  if (error instanceof ApiError && error.field && error.field in values) {
    form.setError(error.field as Path<T>, { message: error.message.replace(/^[A-Za-z.0-9]+: /, '') }, { shouldFocus: true });
    return;
  }
  onMessage(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
}

/** aria attributes of a field with an error (its message's id is `${name}-error`). */
export const describedBy = (name: string, error: unknown) => (error ? { 'aria-invalid': true as const, 'aria-describedby': `${name}-error` } : {});
