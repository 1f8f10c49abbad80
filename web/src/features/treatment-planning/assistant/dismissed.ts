import { useCallback, useState } from 'react';

const keyOf = (patientId: string) => `dental.planningAssistant.dismissed.${patientId}`;

function read(patientId: string): string[] {
  try {
    const stored = JSON.parse(localStorage.getItem(keyOf(patientId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The suggestions dismissed for a patient, remembered on this device (not a clinical record: only the
 * stable keys of the findings, no patient data).
 */
export function useDismissed(patientId: string) {
  const [dismissed, setDismissed] = useState(() => read(patientId));
  const update = useCallback(
    (next: string[]) => {
      setDismissed(next);
      try {
        if (next.length === 0) localStorage.removeItem(keyOf(patientId));
        else localStorage.setItem(keyOf(patientId), JSON.stringify(next));
      } catch {
        // Storage full or refused: the choice lasts for this visit only.
      }
    },
    [patientId],
  );
  return {
    dismissed,
    dismiss: (key: string) => update([...new Set([...dismissed, key])]),
    restoreAll: () => update([]),
  };
}
