import { type ChartLock, LOCK_TEXTS, lockExpiry, lockIsLive } from '@dental/domain/clinical/lock';
import { DomainError } from '@dental/domain/errors';
import { fill } from '@dental/domain/i18n/text';
import type { Db } from '../db/connection.ts';
import { deleteChartLock, findChartLock, saveChartLock } from '../repos/chart-locks.ts';
import { auditClinical, type ClinicalActor } from './clinical-actor.ts';
import { requirePatient } from './patients.ts';

/** What a lock answer shows: who holds the chart and until when. */
export interface LockView {
  patientId: string;
  holder: { id: number; name: string };
  deviceId: string;
  acquiredAt: string;
  expiresAt: string;
}

/** A device that names none shares one slot per user. */
const ANY_DEVICE = '';

const viewOf = (lock: ChartLock): LockView => ({
  patientId: lock.patientId,
  holder: { id: lock.holderId, name: lock.holderName },
  deviceId: lock.deviceId,
  acquiredAt: lock.acquiredAt,
  expiresAt: lock.expiresAt,
});

const heldBySomeoneElse = (lock: ChartLock | undefined, actor: ClinicalActor, deviceId: string | null, now: Date) =>
  lock !== undefined &&
  lockIsLive(lock, now) &&
  (lock.holderId !== actor.userId || (deviceId !== null && lock.deviceId !== deviceId));

function lockedBy(lock: ChartLock): DomainError {
  return new DomainError('CHART_LOCKED', fill(LOCK_TEXTS.heldBy, { holder: lock.holderName }), {
    details: { holder: { id: lock.holderId, name: lock.holderName }, expiresAt: lock.expiresAt },
  });
}

/**
 * Takes or renews the edit lock of a chart for 30 minutes (spec 9). Held live by another user, or by the
 * same user on another device, it is refused with the holder, unless the caller takes it over.
 */
export async function takeChartLock(
  db: Db,
  actor: ClinicalActor,
  patientId: string,
  body: { deviceId?: string | null; takeOver?: boolean },
): Promise<LockView> {
  const { practiceId, now } = actor;
  await requirePatient(db, practiceId, patientId);
  const deviceId = body.deviceId ?? ANY_DEVICE;
  const current = await findChartLock(db, practiceId, patientId);
  const taken = heldBySomeoneElse(current, actor, deviceId, now);
  if (taken && current && !body.takeOver) throw lockedBy(current);
  const renewed = current && !taken && lockIsLive(current, now) && current.holderId === actor.userId;
  const lock: ChartLock = {
    patientId,
    holderId: actor.userId,
    holderName: actor.userName,
    deviceId,
    acquiredAt: renewed ? current.acquiredAt : now.toISOString(),
    expiresAt: lockExpiry(now),
  };
  await saveChartLock(db, practiceId, lock);
  if (taken && current) {
    await auditClinical(db, actor, 'clinical.lock.take_over', 'chart_lock', patientId, {
      from: { id: current.holderId, name: current.holderName, deviceId: current.deviceId },
      deviceId,
    });
  }
  return viewOf(lock);
}

/** Releases the caller's lock; another's live lock is refused. A lapsed or absent lock is already free. */
export async function releaseChartLock(
  db: Db,
  actor: ClinicalActor,
  patientId: string,
  deviceId: string | null,
): Promise<void> {
  const { practiceId, now } = actor;
  await requirePatient(db, practiceId, patientId);
  const current = await findChartLock(db, practiceId, patientId);
  if (!current) return;
  if (heldBySomeoneElse(current, actor, deviceId, now)) throw lockedBy(current);
  await deleteChartLock(db, practiceId, patientId);
}
