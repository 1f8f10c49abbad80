import { effectiveRole, PROVIDER_ROLES } from '@dental/domain/permissions/roles';
import { type Conflict, findConflicts } from '@dental/domain/scheduling/conflicts';
import type { FieldIssue } from '@dental/domain/validation/issues';
import type { Db } from '../db/connection.ts';
import { badRequest } from '../plugins/http-error.ts';
import { bookingsNear, endOf, maintenanceNear } from './appointments.ts';
import { practiceTimezone } from './practice-time.ts';

export interface References {
  patientId?: string | undefined;
  providerId?: number | undefined;
  assistantId?: number | null | undefined;
  treatmentRoom?: string | undefined;
}

/** Every id a booking names must belong to this practice; otherwise 400 naming the field. */
export async function checkReferences(db: Db, practiceId: number, refs: References): Promise<void> {
  const issues: FieldIssue[] = [];
  if (refs.patientId !== undefined) {
    const patient = await db
      .selectFrom('patients')
      .select('id')
      .where('practice_id', '=', practiceId)
      .where('id', '=', refs.patientId)
      .executeTakeFirst();
    if (!patient) issues.push({ field: 'patientId', message: 'patientId is not a patient of this practice' });
  }
  if (refs.providerId !== undefined) {
    const provider = await staffOfPractice(db, practiceId, refs.providerId);
    if (!provider || !PROVIDER_ROLES.includes(effectiveRole(provider.role))) {
      issues.push({ field: 'providerId', message: 'providerId is not a provider of this practice' });
    }
  }
  if (refs.assistantId !== undefined && refs.assistantId !== null) {
    if (!(await staffOfPractice(db, practiceId, refs.assistantId))) {
      issues.push({ field: 'assistantId', message: 'assistantId is not a staff member of this practice' });
    }
  }
  if (refs.treatmentRoom !== undefined) {
    const room = await db
      .selectFrom('treatment_rooms')
      .select('id')
      .where('practice_id', '=', practiceId)
      .where('room_code', '=', refs.treatmentRoom)
      .where('is_active', '=', 1)
      .executeTakeFirst();
    if (!room) issues.push({ field: 'treatmentRoom', message: 'treatmentRoom is not a room of this practice' });
  }
  if (issues.length > 0) throw badRequest(issues);
}

async function staffOfPractice(db: Db, practiceId: number, userId: number) {
  return db
    .selectFrom('users')
    .innerJoin('user_practices', 'user_practices.user_id', 'users.id')
    .select(['users.id', 'users.role'])
    .where('user_practices.practice_id', '=', practiceId)
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export interface Placement {
  id?: string;
  providerId: number;
  treatmentRoom: string;
  appointmentDate: string;
  duration: number;
  status: string;
}

/** What the booking would clash with, read from the database and judged by the shared rule. */
export async function conflictsFor(db: Db, practiceId: number, placement: Placement): Promise<Conflict[]> {
  const window = {
    practiceId,
    treatmentRoom: placement.treatmentRoom,
    providerId: placement.providerId,
    start: new Date(placement.appointmentDate),
    end: endOf(placement.appointmentDate, placement.duration),
  };
  const [existing, maintenance, timeZone] = [
    await bookingsNear(db, window),
    await maintenanceNear(db, window),
    await practiceTimezone(db, practiceId),
  ];
  return findConflicts(placement, existing, { maintenance, timeZone });
}
