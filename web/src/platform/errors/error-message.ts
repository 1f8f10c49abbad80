import { ApiError } from '../api/api.ts';
import { serverErrorText } from '../i18n/server-error.ts';

/**
 * The message of a thrown error to show the user, in the language shown, or the fallback when it has none.
 * A server refusal is shown by its domain text or its `code` in the user's language (serverErrorText).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return serverErrorText(error.body ?? { message: error.message }) ?? fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}
