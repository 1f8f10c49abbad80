import { DEFAULT_PREFERENCES, type Preferences } from '@dental/domain/preferences/preferences';
import { beforeEach, describe, expect, it } from 'vitest';
import { cachedPreferences, PREFERENCES_KEY, rememberPreferences } from './preferences-cache.ts';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('the preferences kept on the device', () => {
  beforeEach(() => {
    globalThis.localStorage = memoryStorage();
  });

  it('are the defaults until the server has given some', () => {
    expect(cachedPreferences(7)).toEqual(DEFAULT_PREFERENCES);
    expect(cachedPreferences(undefined)).toEqual(DEFAULT_PREFERENCES);
  });

  it('are kept per user, over the defaults', () => {
    const mine: Preferences = {
      ...DEFAULT_PREFERENCES,
      theme: 'dark',
      defaultScheduleView: '30min',
      notifications: { ...DEFAULT_PREFERENCES.notifications, recall_due: false },
      updatedAt: '2026-11-22T15:00:00.000Z',
    };
    rememberPreferences(7, mine);
    expect(cachedPreferences(7)).toEqual(mine);
    expect(cachedPreferences(8)).toEqual(DEFAULT_PREFERENCES);
  });

  it('survive a damaged entry by falling back to the defaults', () => {
    localStorage.setItem(PREFERENCES_KEY, '{not json');
    expect(cachedPreferences(7)).toEqual(DEFAULT_PREFERENCES);
  });
});
