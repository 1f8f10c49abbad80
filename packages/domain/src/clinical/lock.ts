import { BILLING_AND_CLINICAL } from '../constants.ts';
import type { Text } from '../i18n/text.ts';

/** Who is editing a chart. Held online only: offline a device edits anyway and its entries merge later. */
export interface ChartLock {
  patientId: string;
  holderId: number;
  holderName: string;
  /** Which device of the holder: the same user on a second tablet is also kept out. */
  deviceId: string;
  acquiredAt: string;
  /** Spec 9: 30 minutes after the holder's last activity. */
  expiresAt: string;
}

export const LOCK_TEXTS = {
  heldBy: /*i18n*/ { id: 'clinical.lock.heldBy', message: 'This chart is being edited by {holder}.' },
  takeOver: /*i18n*/ {
    id: 'clinical.lock.takeOver',
    message:
      '{holder} is editing this chart. Take over? Their unsaved typing stays on their device and is merged when it syncs.',
  },
} as const satisfies Record<string, Text>;

export function lockExpiry(now: Date): string {
  return new Date(now.getTime() + BILLING_AND_CLINICAL.chartLockMs).toISOString();
}

export function lockIsLive(lock: Pick<ChartLock, 'expiresAt'> | null | undefined, now: Date): boolean {
  return lock !== null && lock !== undefined && Date.parse(lock.expiresAt) > now.getTime();
}
