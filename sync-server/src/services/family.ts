import type { FamilyRelationship } from '@dental/domain/patients/family';
import type { Db } from '../db/connection.ts';

/**
 * A practice's family links with the related patient's name, in the shape the REST API and the pull
 * feed give them. Each link is one direction: its patient's chart lists it.
 */
export function relationshipsOf(db: Db, practiceId: number) {
  return db
    .selectFrom('family_relationships as f')
    .innerJoin('patients as p', 'p.id', 'f.related_patient_id')
    .select(['f.id', 'f.patient_id', 'f.related_patient_id', 'f.relationship_type', 'p.first_name', 'p.last_name'])
    .where('f.practice_id', '=', practiceId)
    .where('p.practice_id', '=', practiceId);
}

export type RelationshipRow = Awaited<ReturnType<ReturnType<typeof relationshipsOf>['executeTakeFirstOrThrow']>>;

export function toRelationship(row: RelationshipRow): FamilyRelationship {
  return {
    id: row.id,
    patientId: row.patient_id,
    relatedPatientId: row.related_patient_id,
    relationshipType: row.relationship_type,
    relatedPatient: { firstName: row.first_name, lastName: row.last_name },
  };
}

/** Both directions of every link that names the patient: what a device must refresh or drop with them. */
export async function relationshipIdsOf(db: Db, practiceId: number, patientId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('family_relationships')
    .select('id')
    .where('practice_id', '=', practiceId)
    .where((eb) => eb.or([eb('patient_id', '=', patientId), eb('related_patient_id', '=', patientId)]))
    .execute();
  return rows.map((row) => row.id);
}
