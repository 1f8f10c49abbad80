import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';

export type ThemePreference = 'light' | 'dark' | 'system';

/** Spec 4: kept locally under a product-specific key; default system. */
export const THEME_STORAGE_KEY = 'dentalflow-theme';

export function parseThemePreference(value: unknown): ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system' ? value : 'system';
}

const toMantine = (preference: ThemePreference): MantineColorScheme => (preference === 'system' ? 'auto' : preference);
const fromMantine = (scheme: MantineColorScheme): ThemePreference => (scheme === 'auto' ? 'system' : scheme);

/**
 * Mantine's colour-scheme manager over our storage key. When storage fails the value lives
 * in memory for the session and a warning is logged, as spec 4 asks.
 */
export function themePreferenceManager(): MantineColorSchemeManager {
  let memory: ThemePreference = 'system';
  let listener: ((event: StorageEvent) => void) | undefined;
  return {
    get: () => {
      try {
        memory = parseThemePreference(window.localStorage.getItem(THEME_STORAGE_KEY));
      } catch (error) {
        console.warn('Theme preference could not be read; using the in-memory value.', error);
      }
      return toMantine(memory);
    },
    set: (value) => {
      memory = fromMantine(value);
      try {
        window.localStorage.setItem(THEME_STORAGE_KEY, memory);
      } catch (error) {
        console.warn('Theme preference could not be saved; it will last until the page reloads.', error);
      }
    },
    subscribe: (onUpdate) => {
      listener = (event) => {
        if (event.storageArea === window.localStorage && event.key === THEME_STORAGE_KEY) {
          onUpdate(toMantine(parseThemePreference(event.newValue)));
        }
      };
      window.addEventListener('storage', listener);
    },
    unsubscribe: () => {
      if (listener) window.removeEventListener('storage', listener);
    },
    clear: () => {
      memory = 'system';
      try {
        window.localStorage.removeItem(THEME_STORAGE_KEY);
      } catch {
        // Already falling back to memory.
      }
    },
  };
}
