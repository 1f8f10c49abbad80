import { ApiError } from '../../platform/api/api.ts';
import { serverErrorText } from '../../platform/i18n/server-error.ts';

/** What the server said, in the user's language, else the fallback. */
export function failureText(error: unknown, fallback: string): string {
  return (error instanceof ApiError ? serverErrorText(error.body) : undefined) ?? fallback;
}

/** The field a 400 named (`{field: 'body'}`), if any. */
export function failedField(error: unknown): string | undefined {
  const field = error instanceof ApiError ? (error.body as { field?: unknown } | null)?.field : undefined;
  return typeof field === 'string' ? field : undefined;
}
