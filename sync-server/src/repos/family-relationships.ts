import type { FamilyRelationship } from '@dental/domain/patients/family';
import type { Insertable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { FamilyRelationshipsTable } from '../db/schema.ts';

/**
 * A practice's family links with the related patient's name, in the shape the REST API and the pull
 * feed give them. Each link is one direction: its patient's chart lists it.
 */
function relationshipsOf(db: Db, practiceId: number) {
  return db
    .selectFrom('family_relationships as f')
    .innerJoin('patients as p', 'p.id', 'f.related_patient_id')
    .select(['f.id', 'f.patient_id', 'f.related_patient_id', 'f.relationship_type', 'p.first_name', 'p.last_name'])
    .where('f.practice_id', '=', practiceId)
    .where('p.practice_id', '=', practiceId);
}

type RelationshipRow = Awaited<ReturnType<ReturnType<typeof relationshipsOf>['executeTakeFirstOrThrow']>>;

function toRelationship(row: RelationshipRow): FamilyRelationship {
  return {
    id: row.id,
    patientId: row.patient_id,
    relatedPatientId: row.related_patient_id,
    relationshipType: row.relationship_type,
    relatedPatient: { firstName: row.first_name, lastName: row.last_name },
  };
}

/** The patient's links, by the related patient's name. */
export async function relationshipsOfPatient(
  db: Db,
  practiceId: number,
  patientId: string,
): Promise<FamilyRelationship[]> {
  const rows = await relationshipsOf(db, practiceId)
    .where('f.patient_id', '=', patientId)
    .orderBy('p.last_name')
    .orderBy('p.first_name')
    .orderBy('f.id')
    .execute();
  return rows.map(toRelationship);
}

/** The primary patient's links to any of the given patients. */
export async function relationshipsTo(
  db: Db,
  practiceId: number,
  patientId: string,
  relatedIds: readonly string[],
): Promise<FamilyRelationship[]> {
  const rows = await relationshipsOf(db, practiceId)
    .where('f.patient_id', '=', patientId)
    .where('f.related_patient_id', 'in', relatedIds)
    .execute();
  return rows.map(toRelationship);
}

export async function findRelationship(db: Db, practiceId: number, id: string): Promise<FamilyRelationship> {
  return toRelationship(await relationshipsOf(db, practiceId).where('f.id', '=', id).executeTakeFirstOrThrow());
}

export async function relationshipsByIds(
  db: Db,
  practiceId: number,
  ids: readonly string[],
): Promise<FamilyRelationship[]> {
  if (ids.length === 0) return [];
  const rows = await relationshipsOf(db, practiceId).where('f.id', 'in', ids).execute();
  return rows.map(toRelationship);
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

/** Whether the two patients are linked, in either direction. */
export async function areLinked(db: Db, practiceId: number, a: string, b: string): Promise<boolean> {
  const existing = await db
    .selectFrom('family_relationships')
    .select('id')
    .where('practice_id', '=', practiceId)
    .where((eb) =>
      eb.or([
        eb.and([eb('patient_id', '=', a), eb('related_patient_id', '=', b)]),
        eb.and([eb('patient_id', '=', b), eb('related_patient_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return existing !== undefined;
}

export async function insertRelationships(
  db: Db,
  rows: readonly Insertable<FamilyRelationshipsTable>[],
): Promise<void> {
  await db
    .insertInto('family_relationships')
    .values([...rows])
    .execute();
}

/** The links recorded from any of the patients, as pairs of patient ids. */
export function linksFrom(db: Db, practiceId: number, patientIds: readonly string[]) {
  return db
    .selectFrom('family_relationships')
    .select(['patient_id', 'related_patient_id'])
    .where('practice_id', '=', practiceId)
    .where('patient_id', 'in', [...patientIds])
    .execute();
}
