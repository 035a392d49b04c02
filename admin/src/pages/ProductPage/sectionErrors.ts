import { ApiError } from '../../api';

/** A refusal's words for the person: a zod refusal reads "field: message", under its field the message is enough. */
export const refusalText = (error: unknown, fallback = 'Something went wrong. Please try again.') =>
  error instanceof ApiError ? error.message.replace(/^[A-Za-z0-9_.]+: /, '') : fallback;
export const refusalField = (error: unknown) => (error instanceof ApiError ? (error.field ?? null) : null);
