import { ApiError } from '../api/api.ts';
import { domainText } from '../i18n/domain-text.ts';

/**
 * The message of a thrown error to show the user, in the language shown, or the fallback when it has none.
 *
 * An ApiError carries the server's English words: they are shown through domainText(), which translates
 * them when they are one of the domain's texts. Seam for the server's error codes: when an answer carries
 * a `code`, look it up here, before the English message (see `fromServer`).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return fromServer(error) ?? fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}

/** What the server said about a refused request, for people; undefined when it said nothing. */
function fromServer(error: ApiError): string | undefined {
  // Server error codes are handled here later (the body's `code`), ahead of the English message.
  return error.message ? domainText(error.message) : undefined;
}
