import { ASSISTANT } from '@dental/domain/constants';
import { useCallback, useState } from 'react';

const KEY_PREFIX = 'dentalflow.assistant.history.';

/** The device keeps each user's own commands apart: a shared front-desk tablet has several users. */
function keyOf(userId: number): string {
  return `${KEY_PREFIX}${userId}`;
}

export function readHistory(userId: number): string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(keyOf(userId)) ?? '[]');
    return Array.isArray(stored)
      ? stored.filter((entry): entry is string => typeof entry === 'string').slice(0, ASSISTANT.historyStored)
      : [];
  } catch {
    return [];
  }
}

/** Newest first, without repeats, at most the last 10 (spec 9). */
export function withCommand(history: readonly string[], command: string): string[] {
  return [command, ...history.filter((entry) => entry !== command)].slice(0, ASSISTANT.historyStored);
}

/** The user's last commands on this device, newest first. */
export function useCommandHistory(userId: number | undefined) {
  const [history, setHistory] = useState<string[]>(() => (userId === undefined ? [] : readHistory(userId)));
  const remember = useCallback(
    (command: string) => {
      if (userId === undefined) return;
      const next = withCommand(readHistory(userId), command);
      setHistory(next);
      try {
        window.localStorage.setItem(keyOf(userId), JSON.stringify(next));
      } catch {
        // Storage full or blocked: the history lasts for this visit only.
      }
    },
    [userId],
  );
  return { history, sessionHistory: history.slice(0, ASSISTANT.sessionHistorySent), remember };
}
