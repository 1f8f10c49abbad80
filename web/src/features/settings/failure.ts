import { ApiError } from '../../platform/api/api.ts';
import { serverErrorText } from '../../platform/i18n/server-error.ts';

/** The server's refusal in the language shown, else the fallback. */
export function failureText(error: unknown, fallback: string): string {
  return (error instanceof ApiError ? serverErrorText(error.body) : undefined) ?? fallback;
}

/** A weekday's full name (0 = Sunday) in the language shown. */
export function weekdayName(weekday: number, language: string): string {
  return new Date(Date.UTC(2024, 0, 7 + weekday)).toLocaleDateString(language, { weekday: 'long', timeZone: 'UTC' });
}
