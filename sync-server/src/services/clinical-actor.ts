import { invalidInput } from '@dental/domain/errors';
import { providerDisplayName } from '@dental/domain/users/user';
import type { Db } from '../db/connection.ts';
import { appointmentPatient } from '../repos/appointments.ts';
import { writeAudit } from '../repos/audit-log.ts';
import type { Caller } from './caller.ts';

/** Who records a clinical act, where and when: the name is kept on the record as it was then (a legal record). */
export interface ClinicalActor {
  practiceId: number;
  userId: number;
  userName: string;
  now: Date;
}

export function clinicalActor(caller: Caller, practiceId: number, now: Date): ClinicalActor {
  const row = caller.account.row;
  return {
    practiceId,
    userId: row.id,
    userName: providerDisplayName({ firstName: row.first_name, lastName: row.last_name, role: row.role }),
    now,
  };
}

/** An appointment a clinical record names must be one of this patient's in the practice. */
export async function requireVisitOf(
  db: Db,
  practiceId: number,
  patientId: string,
  appointmentId: string | null | undefined,
): Promise<string | null> {
  if (!appointmentId) return null;
  const found = await appointmentPatient(db, practiceId, appointmentId);
  if (!found || found.patient_id !== patientId) {
    throw invalidInput(
      [{ field: 'appointmentId', message: 'appointmentId is not an appointment of this patient' }],
      'REFERENCE_INVALID',
    );
  }
  return found.id;
}

/** Every clinical change leaves an audit row with its user and time. */
export function auditClinical(
  db: Db,
  actor: ClinicalActor,
  action: string,
  entity: string,
  entityId: string,
  details: Record<string, unknown>,
): Promise<void> {
  return writeAudit(db, {
    at: actor.now,
    userId: actor.userId,
    practiceId: actor.practiceId,
    action,
    entity,
    entityId,
    details,
  });
}
