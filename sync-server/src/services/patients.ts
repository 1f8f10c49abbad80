import { duplicateNameKey, findDuplicate } from '@dental/domain/patients/duplicates';
import type { MedicalHistory, Patient } from '@dental/domain/patients/patient.schema';
import { DEFAULT_COMMUNICATION_PREFERENCE } from '@dental/domain/patients/patient.schema';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { PatientRow } from '../db/schema.ts';

function parseMedicalHistory(json: string): MedicalHistory {
  const stored = JSON.parse(json) as Partial<MedicalHistory>;
  return {
    conditions: stored.conditions ?? [],
    medications: stored.medications ?? [],
    allergies: stored.allergies ?? [],
    communicationPreference: stored.communicationPreference ?? DEFAULT_COMMUNICATION_PREFERENCE,
    insuranceProvider: stored.insuranceProvider ?? null,
    insurancePolicyNumber: stored.insurancePolicyNumber ?? null,
  };
}

export function toPatient(row: PatientRow): Patient {
  const isActive = row.is_active === 1;
  return {
    id: row.id,
    practiceId: row.practice_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    dateOfBirth: row.date_of_birth,
    address: row.address,
    city: row.city,
    province: row.province,
    zipCode: row.zip_code,
    emergencyContact: row.emergency_contact,
    emergencyPhone: row.emergency_phone,
    medicalHistory: parseMedicalHistory(row.medical_history),
    preferredProviderId: row.preferred_provider_id,
    isActive,
    status: isActive ? 'active' : 'inactive',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface PatientQuery {
  practiceId: number;
  status: 'active' | 'inactive' | 'all';
  search?: string | undefined;
  limit: number;
  offset: number;
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Case-insensitive LIKE with backslash escapes, so user text never acts as a wildcard. */
function like(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.raw(column)} like ${pattern} escape '\\'`;
}

export type PatientFilter = Omit<PatientQuery, 'limit' | 'offset'>;

function filteredPatients(db: Db, query: PatientFilter) {
  let base = db.selectFrom('patients').where('practice_id', '=', query.practiceId);
  if (query.status !== 'all') base = base.where('is_active', '=', query.status === 'active' ? 1 : 0);
  const term = query.search?.trim();
  if (term) {
    const pattern = `%${escapeLike(term)}%`;
    const digits = term.replace(/\D/g, '');
    base = base.where((eb) =>
      eb.or([
        like('first_name', pattern),
        like('last_name', pattern),
        like("first_name || ' ' || last_name", pattern),
        like('email', pattern),
        ...(digits.length >= 3 ? [like('phone', `%${digits}%`)] : []),
      ]),
    );
  }
  return base;
}

export async function listPatients(db: Db, query: PatientQuery): Promise<{ rows: PatientRow[]; total: number }> {
  const base = filteredPatients(db, query);
  const [{ total }] = (await base.select((eb) => eb.fn.countAll<number>().as('total')).execute()) as [
    { total: number },
  ];
  const rows = await base
    .selectAll()
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  return { rows, total };
}

/** Every patient the filter matches, in list order: the export has no page size. */
export async function allPatients(db: Db, filter: PatientFilter): Promise<PatientRow[]> {
  return filteredPatients(db, filter).selectAll().orderBy('last_name').orderBy('first_name').orderBy('id').execute();
}

/** A patient's editable columns, as insert and update both write them. */
/** The duplicate check's index columns; every write of a name writes them too. */
export function nameKeyColumns(names: { firstName: string; lastName: string }) {
  return { first_name_key: duplicateNameKey(names.firstName), last_name_key: duplicateNameKey(names.lastName) };
}

export function patientColumns(patient: Patient) {
  return {
    first_name: patient.firstName,
    last_name: patient.lastName,
    ...nameKeyColumns(patient),
    email: patient.email,
    phone: patient.phone,
    date_of_birth: patient.dateOfBirth,
    address: patient.address,
    city: patient.city,
    province: patient.province,
    zip_code: patient.zipCode,
    emergency_contact: patient.emergencyContact,
    emergency_phone: patient.emergencyPhone,
    medical_history: JSON.stringify(patient.medicalHistory),
    preferred_provider_id: patient.preferredProviderId,
    is_active: patient.isActive ? 1 : 0,
    updated_at: patient.updatedAt,
  };
}

/** Writes every editable column of the patient as given. */
export async function savePatient(db: Db, patient: Patient): Promise<void> {
  await db
    .updateTable('patients')
    .set(patientColumns(patient))
    .where('practice_id', '=', patient.practiceId)
    .where('id', '=', patient.id)
    .execute();
}

export async function findPatient(db: Db, practiceId: number, id: string): Promise<PatientRow | undefined> {
  return db
    .selectFrom('patients')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The shared duplicate rule over the practice's patients with the same phone or the same birth date:
 * two indexed lookups narrow the candidates, so a create never scans the practice.
 */
export async function findDuplicatePatient(
  db: Db,
  practiceId: number,
  candidate: { firstName: string; lastName: string; dateOfBirth: string | null; phone: string },
  /** The patient being edited, who must not count as their own duplicate. */
  excludeId?: string,
): Promise<PatientRow | undefined> {
  // Both lookups are exact on an index, so their cost does not grow with the patients sharing a birth date.
  const keys = nameKeyColumns(candidate);
  const sameLastName = db
    .selectFrom('patients')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('last_name_key', '=', keys.last_name_key);
  const [byPhone, byBirthDate] = [
    await sameLastName.where('phone', '=', candidate.phone).execute(),
    candidate.dateOfBirth
      ? await sameLastName
          .where('first_name_key', '=', keys.first_name_key)
          .where('date_of_birth', '=', candidate.dateOfBirth)
          .execute()
      : [],
  ];
  const nearby = [...new Map([...byPhone, ...byBirthDate].map((row) => [row.id, row])).values()].sort((a, b) =>
    a.created_at.localeCompare(b.created_at),
  );
  return findDuplicate(
    { ...candidate, ...(excludeId !== undefined ? { id: excludeId } : {}) },
    nearby.map((row) => ({
      row,
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      dateOfBirth: row.date_of_birth,
      phone: row.phone,
    })),
  )?.row;
}
