import type { Language } from '@dental/domain/i18n/language';
import { isLanguage } from '@dental/domain/i18n/language';
import { apiRequest } from '../api/api.ts';

const PENDING = 'dental.language.pending';

interface Pending {
  userId: number;
  language: Language;
}

function readPending(): Pending | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(PENDING) ?? 'null') as Partial<Pending> | null;
    return parsed && typeof parsed.userId === 'number' && isLanguage(parsed.language)
      ? { userId: parsed.userId, language: parsed.language }
      : null;
  } catch {
    return null;
  }
}

/** A choice made while the server could not be told: it wins over the stored one at the next check. */
export function takePendingLanguage(userId: number): Language | null {
  const pending = readPending();
  return pending?.userId === userId ? pending.language : null;
}

/** Stores the user's language on the server; offline, keeps it to send with the next session check. */
export async function saveLanguagePreference(userId: number, language: Language): Promise<void> {
  try {
    await apiRequest('/api/auth/me/language', { method: 'PUT', practiceId: null, body: { language } });
    if (readPending()?.userId === userId) localStorage.removeItem(PENDING);
  } catch {
    try {
      localStorage.setItem(PENDING, JSON.stringify({ userId, language } satisfies Pending));
    } catch {
      // The device keeps showing the language; only the server copy is missed.
    }
  }
}
