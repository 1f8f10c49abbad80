import { DEFAULT_PREFERENCES, type Preferences } from '@dental/domain/preferences/preferences';

/**
 * Each user's preferences (issue 21) as the server last gave them, kept on the device like the offline
 * sign-in profiles (offline-profiles.ts) so the schedule opens in the chosen view with no connection.
 * Preferences only: no patient data.
 */
export const PREFERENCES_KEY = 'dentalflow-preferences';

function readAll(): Record<string, Preferences> {
  try {
    return JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '{}') as Record<string, Preferences>;
  } catch {
    return {};
  }
}

export function rememberPreferences(userId: number, preferences: Preferences): void {
  try {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ ...readAll(), [String(userId)]: preferences }));
  } catch {
    // Without storage the device uses the defaults offline; the server copy is unaffected.
  }
}

/** The cached preferences of a user, over the defaults; the defaults when none were cached. */
export function cachedPreferences(userId: number | undefined): Preferences {
  const cached = userId === undefined ? undefined : readAll()[String(userId)];
  return {
    ...DEFAULT_PREFERENCES,
    ...cached,
    notifications: { ...DEFAULT_PREFERENCES.notifications, ...cached?.notifications },
  };
}
