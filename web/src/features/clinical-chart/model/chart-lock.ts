import { LOCK_TEXTS } from '@dental/domain/clinical/lock';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest, NetworkError } from '../../../platform/api/api.ts';
import { useConnection } from '../../../platform/api/connection.ts';
import { say } from '../../../platform/i18n/domain-text.ts';

const DEVICE_KEY = 'dentalflow-device-id';

/** This browser's own id, so the same user on a second tablet is told the chart is open elsewhere. */
export function deviceId(): string {
  try {
    const kept = window.localStorage.getItem(DEVICE_KEY);
    if (kept) return kept;
    const made = crypto.randomUUID();
    window.localStorage.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    return 'this-device';
  }
}

export type LockState =
  | { kind: 'none' }
  | { kind: 'checking' }
  | { kind: 'offline' }
  /** The server answered something other than the lock (no lock route, no edit right): edit as usual. */
  | { kind: 'unavailable' }
  | { kind: 'mine'; expiresAt: string }
  | { kind: 'held'; holderName: string; message: string; expiresAt: string | null };

interface LockAnswer {
  holder: { id: number; name: string };
  expiresAt: string;
}

/** Renew when there was activity and this long has passed since the last renewal. */
const RENEW_EVERY_MS = 5 * 60_000;
const CHECK_EVERY_MS = 30_000;

const lockPath = (patientId: string) => `/api/clinical-charts/${encodeURIComponent(patientId)}/lock`;

function heldFrom(error: ApiError): LockState {
  const body = (error.body ?? {}) as Partial<LockAnswer> & { message?: string };
  const holderName = body.holder?.name ?? '';
  return {
    kind: 'held',
    holderName,
    message: holderName ? say(LOCK_TEXTS.heldBy, { holder: holderName }) : error.message,
    expiresAt: body.expiresAt ?? null,
  };
}

/**
 * Spec 9: one editor per chart. Online with edit rights, the chart is locked for this user and device on
 * opening, renewed while they work, released on leaving; held by someone else it is read-only. Offline,
 * editing goes on: entries are append-only and merge when the device is back.
 */
export function useChartLock(patientId: string, wantsToEdit: boolean): { state: LockState; takeOver(): Promise<void> } {
  const { online } = useConnection();
  const [state, setState] = useState<LockState>(wantsToEdit ? { kind: 'checking' } : { kind: 'none' });
  const mine = useRef(false);
  const lastActivity = useRef(Date.now());
  const lastRenewal = useRef(0);

  const take = useCallback(
    async (takeOver: boolean) => {
      try {
        const answer = await apiRequest<LockAnswer>(lockPath(patientId), {
          method: 'POST',
          body: { deviceId: deviceId(), ...(takeOver ? { takeOver: true } : {}) },
        });
        mine.current = true;
        lastRenewal.current = Date.now();
        setState({ kind: 'mine', expiresAt: answer.expiresAt });
      } catch (error) {
        mine.current = false;
        if (error instanceof ApiError && error.status === 423) setState(heldFrom(error));
        else if (error instanceof NetworkError) setState({ kind: 'offline' });
        else setState({ kind: 'unavailable' });
      }
    },
    [patientId],
  );

  useEffect(() => {
    if (!wantsToEdit) {
      setState({ kind: 'none' });
      return;
    }
    if (!online) {
      setState({ kind: 'offline' });
      return;
    }
    setState({ kind: 'checking' });
    void take(false);
  }, [wantsToEdit, online, take]);

  // Activity keeps the lock: a renewal at most every five minutes while someone works on the chart.
  useEffect(() => {
    if (!wantsToEdit) return;
    const touch = () => {
      lastActivity.current = Date.now();
    };
    window.addEventListener('pointerdown', touch, { passive: true });
    window.addEventListener('keydown', touch, { passive: true });
    const timer = window.setInterval(() => {
      if (!mine.current) return;
      const now = Date.now();
      if (lastActivity.current > lastRenewal.current && now - lastRenewal.current >= RENEW_EVERY_MS) void take(false);
    }, CHECK_EVERY_MS);
    return () => {
      window.removeEventListener('pointerdown', touch);
      window.removeEventListener('keydown', touch);
      window.clearInterval(timer);
    };
  }, [wantsToEdit, take]);

  // Leaving the chart (another page, or the tab closing) lets the next person in at once.
  useEffect(() => {
    const release = () => {
      if (!mine.current) return;
      mine.current = false;
      void apiRequest(lockPath(patientId), { method: 'DELETE' }).catch(() => undefined);
    };
    window.addEventListener('pagehide', release);
    return () => {
      window.removeEventListener('pagehide', release);
      release();
    };
  }, [patientId]);

  return { state, takeOver: () => take(true) };
}
