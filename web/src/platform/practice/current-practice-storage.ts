import { DEFAULTS } from '@dental/domain/constants';

/** Spec 4: the current practice is kept locally under this key and defaults to practice 1. */
export const CURRENT_PRACTICE_KEY = 'currentPracticeId';

export function readCurrentPracticeId(): number {
  try {
    const stored = Number(localStorage.getItem(CURRENT_PRACTICE_KEY));
    return Number.isInteger(stored) && stored > 0 ? stored : DEFAULTS.practiceId;
  } catch {
    return DEFAULTS.practiceId;
  }
}

export function writeCurrentPracticeId(id: number): void {
  try {
    localStorage.setItem(CURRENT_PRACTICE_KEY, String(id));
  } catch {
    // Storage can be full or blocked; the session on the server still knows the practice.
  }
}

export function clearCurrentPracticeId(): void {
  try {
    localStorage.removeItem(CURRENT_PRACTICE_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
