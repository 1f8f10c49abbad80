import type { Preferences } from '@dental/domain/preferences/preferences';
import { useEffect } from 'react';
import { apiRequest } from '../api/api.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useThemePreference } from '../theme/use-theme.ts';
import { cachedPreferences, rememberPreferences } from './preferences-cache.ts';

/** Reads the user's preferences from the server and keeps them on the device; the cached copy offline. */
export async function loadPreferences(userId: number): Promise<Preferences> {
  return (await fetchPreferences(userId)).preferences;
}

/** The preferences, and whether they changed since this device last had them (changed on another device). */
async function fetchPreferences(userId: number): Promise<{ preferences: Preferences; changedElsewhere: boolean }> {
  const before = cachedPreferences(userId).updatedAt;
  try {
    const preferences = await apiRequest<Preferences>('/api/preferences', { practiceId: null });
    rememberPreferences(userId, preferences);
    return { preferences, changedElsewhere: preferences.updatedAt !== null && preferences.updatedAt !== before };
  } catch {
    return { preferences: cachedPreferences(userId), changedElsewhere: false };
  }
}

/**
 * At sign-in (and on each start), brings the user's stored preferences to this device: caches them for
 * offline use, and applies the theme when it was chosen on another device since (the header's theme switch
 * stays this device's own until then). The language follows the user row (LanguageProvider).
 */
export function PreferencesSync() {
  const { user } = useAuth();
  const [, setTheme] = useThemePreference();
  const userId = user?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per user; the setter is new on each render.
  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    void fetchPreferences(userId).then(({ preferences, changedElsewhere }) => {
      if (live && changedElsewhere) setTheme(preferences.theme);
    });
    return () => {
      live = false;
    };
  }, [userId]);
  return null;
}
