import { randomUUID } from 'node:crypto';
import { DomainError, invalidInput } from '@dental/domain/errors';
import { type FamilyRelationship, inverseRelationship, type RelationshipType } from '@dental/domain/patients/family';
import type { Appointment } from '@dental/domain/scheduling/appointment';
import type { FamilyBookingBody } from '@dental/domain/scheduling/appointment.schema';
import type { Conflict } from '@dental/domain/scheduling/conflicts';
import type { Db } from '../db/connection.ts';
import { writeAudit } from '../repos/audit-log.ts';
import { recordChange } from '../repos/changes.ts';
import {
  areLinked,
  findRelationship,
  insertRelationships,
  relationshipsOfPatient,
  relationshipsTo,
} from '../repos/family-relationships.ts';
import { findPatient } from '../repos/patients.ts';
import { refuseConflicts } from './appointments.ts';
import { type BookingActor, checkReferences, conflictsFor, createAppointment, enforceBookingRules } from './booking.ts';
import { requirePatient } from './patients.ts';

/** A clash of one of the family's bookings, naming whose booking it is. */
type FamilyConflict = Conflict & { forPatientId: string };

const MINUTE_MS = 60_000;

export async function familyOf(db: Db, practiceId: number, patientId: string): Promise<FamilyRelationship[]> {
  await requirePatient(db, practiceId, patientId);
  return relationshipsOfPatient(db, practiceId, patientId);
}

/** Links two patients of the practice; the inverse link is stored too, so each chart lists its side. */
export async function linkFamily(
  db: Db,
  actor: BookingActor,
  link: { patientId: string; relatedPatientId: string; relationshipType: RelationshipType },
): Promise<FamilyRelationship> {
  const { practiceId, now } = actor;
  const { patientId, relatedPatientId, relationshipType } = link;
  await requirePatient(db, practiceId, patientId);
  if (relatedPatientId === patientId) {
    throw invalidInput(
      [{ field: 'relatedPatientId', message: 'A patient cannot be related to themselves' }],
      'SELF_RELATIONSHIP',
    );
  }
  if (!(await findPatient(db, practiceId, relatedPatientId))) {
    throw invalidInput(
      [{ field: 'relatedPatientId', message: 'relatedPatientId is not a patient of this practice' }],
      'REFERENCE_INVALID',
    );
  }
  if (await areLinked(db, practiceId, patientId, relatedPatientId)) {
    throw new DomainError('FAMILY_ALREADY_LINKED', 'These patients are already linked as family.');
  }

  const id = randomUUID();
  const inverseId = randomUUID();
  const inverseType = inverseRelationship(relationshipType);
  const stamp = now.toISOString();
  await insertRelationships(db, [
    {
      id,
      practice_id: practiceId,
      patient_id: patientId,
      related_patient_id: relatedPatientId,
      relationship_type: relationshipType,
      created_at: stamp,
    },
    {
      id: inverseId,
      practice_id: practiceId,
      patient_id: relatedPatientId,
      related_patient_id: patientId,
      relationship_type: inverseType,
      created_at: stamp,
    },
  ]);
  // Both directions sync: each chart lists its own side.
  await recordChange(db, { practiceId, table: 'family_relationships', rowId: id, at: now });
  await recordChange(db, { practiceId, table: 'family_relationships', rowId: inverseId, at: now });
  await writeAudit(db, {
    at: now,
    userId: actor.userId,
    practiceId,
    action: 'family.link',
    entity: 'patient',
    entityId: patientId,
    details: { relatedPatientId, relationshipType, inverseType, ids: [id, inverseId] },
  });
  return findRelationship(db, practiceId, id);
}

/**
 * Books the primary patient and then each family member back to back (start + k × duration) in the same
 * room with the same provider, all or nothing: any clash refuses them all unless overridden.
 */
export async function bookFamily(
  db: Db,
  actor: BookingActor,
  body: FamilyBookingBody,
): Promise<{ appointments: Appointment[] }> {
  const { practiceId, now } = actor;
  if (!(await findPatient(db, practiceId, body.primaryPatientId))) {
    throw invalidInput(
      [{ field: 'primaryPatientId', message: 'primaryPatientId is not a patient of this practice' }],
      'REFERENCE_INVALID',
    );
  }
  await checkReferences(db, practiceId, body);

  const family = await relationshipsTo(db, practiceId, body.primaryPatientId, body.familyMemberIds);
  const related = new Set(family.map((link) => link.relatedPatientId));
  const strangers = body.familyMemberIds.filter((id) => !related.has(id));
  if (strangers.length > 0) {
    throw invalidInput(
      [
        {
          field: 'familyMemberIds',
          message: `familyMemberIds must be family members of primaryPatientId; not family: ${strangers.join(', ')}`,
        },
      ],
      'NOT_FAMILY',
    );
  }

  const bookings = [body.primaryPatientId, ...body.familyMemberIds].map((patientId, position) => ({
    id: randomUUID(),
    patientId,
    providerId: body.providerId,
    assistantId: body.assistantId,
    treatmentRoom: body.treatmentRoom,
    appointmentDate: new Date(Date.parse(body.appointmentDate) + position * body.duration * MINUTE_MS).toISOString(),
    duration: body.duration,
    status: 'scheduled' as const,
    procedure: body.procedure,
    notes: body.notes,
    appointmentType: body.appointmentType,
  }));
  await enforceBookingRules(db, practiceId, bookings, now);

  // Judged against what is booked before any of them is written: back to back, they never clash with each other.
  const conflicts: FamilyConflict[][] = [];
  for (const booking of bookings) {
    const found = await conflictsFor(db, practiceId, booking);
    conflicts.push(found.map((clash) => ({ ...clash, forPatientId: booking.patientId })));
  }
  const all = conflicts.flat();
  if (all.length > 0 && body.override !== true) {
    refuseConflicts(all);
  }

  const appointments: Appointment[] = [];
  for (const [position, booking] of bookings.entries()) {
    appointments.push(
      await createAppointment(db, actor, booking, {
        conflicts: conflicts[position] ?? [],
        details: { family: { primaryPatientId: body.primaryPatientId, position } },
      }),
    );
  }
  return { appointments };
}
