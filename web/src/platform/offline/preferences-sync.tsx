import type { Preferences } from '@dental/domain/preferences/preferences';
import { useEffect } from 'react';
import { apiRequest } from '../api/api.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useThemePreference } from '../theme/use-theme.ts';
import { cachedPreferences, rememberPreferences } from './preferences-cache.ts';

/** Reads the user's preferences from the server and keeps them on the device; the cached copy offline. */
export async function loadPreferences(userId: number): Promise<Preferences> {
  try {
    const preferences = await apiRequest<Preferences>('/api/preferences', { practiceId: null });
    rememberPreferences(userId, preferences);
    return preferences;
  } catch {
    return cachedPreferences(userId);
  }
}

/**
 * At sign-in (and on each start), brings the user's stored preferences to this device: caches them for
 * offline use and applies the theme they chose elsewhere. The language follows the user row (LanguageProvider).
 */
export function PreferencesSync() {
  const { user } = useAuth();
  const [, setTheme] = useThemePreference();
  const userId = user?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per user; the setter is new on each render.
  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    void loadPreferences(userId).then((preferences) => {
      if (live && preferences.updatedAt !== null) setTheme(preferences.theme);
    });
    return () => {
      live = false;
    };
  }, [userId]);
  return null;
}
