import { duplicateNameKey } from '@dental/domain/patients/duplicates';
import type { MedicalHistory, Patient } from '@dental/domain/patients/patient.schema';
import { DEFAULT_COMMUNICATION_PREFERENCE } from '@dental/domain/patients/patient.schema';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { isPostgres } from '../db/dialect.ts';
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
    // Absent on older records: English, and no consent to commercial messages.
    ...(stored.preferredLanguage === undefined ? {} : { preferredLanguage: stored.preferredLanguage }),
    ...(stored.commercialConsent === undefined ? {} : { commercialConsent: stored.commercialConsent }),
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

/** The duplicate check's index columns; every write of a name writes them too. */
export function nameKeyColumns(names: { firstName: string; lastName: string }) {
  return { first_name_key: duplicateNameKey(names.firstName), last_name_key: duplicateNameKey(names.lastName) };
}

/** A patient's editable columns, as insert and update both write them. */
function patientColumns(patient: Patient) {
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

export interface PatientFilter {
  practiceId: number;
  status: 'active' | 'inactive' | 'all';
  search?: string | undefined;
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * A case-blind LIKE with backslash escapes, so user text never acts as a wildcard: SQLite's LIKE ignores
 * ASCII case; PostgreSQL's does not, so ILIKE there.
 */
function like(db: Db, column: string, pattern: string): Expression<SqlBool> {
  const operator = isPostgres(db) ? sql.raw('ilike') : sql.raw('like');
  return sql<SqlBool>`${sql.raw(column)} ${operator} ${pattern} escape '\\'`;
}

function filteredPatients(db: Db, filter: PatientFilter) {
  let base = db.selectFrom('patients').where('practice_id', '=', filter.practiceId);
  if (filter.status !== 'all') base = base.where('is_active', '=', filter.status === 'active' ? 1 : 0);
  const term = filter.search?.trim();
  if (term) {
    const pattern = `%${escapeLike(term)}%`;
    const digits = term.replace(/\D/g, '');
    base = base.where((eb) =>
      eb.or([
        like(db, 'first_name', pattern),
        like(db, 'last_name', pattern),
        like(db, "first_name || ' ' || last_name", pattern),
        like(db, 'email', pattern),
        ...(digits.length >= 3 ? [like(db, 'phone', `%${digits}%`)] : []),
      ]),
    );
  }
  return base;
}

/** One page of the patients the filter matches, by name, and how many match in all. */
export async function patientPage(
  db: Db,
  filter: PatientFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: PatientRow[]; total: number }> {
  const base = filteredPatients(db, filter);
  const [{ total }] = (await base.select((eb) => eb.fn.countAll<number>().as('total')).execute()) as [
    { total: number },
  ];
  const rows = await base
    .selectAll()
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, total };
}

/** Every patient the filter matches, in list order: the export has no page size. */
export async function allPatients(db: Db, filter: PatientFilter): Promise<PatientRow[]> {
  return filteredPatients(db, filter).selectAll().orderBy('last_name').orderBy('first_name').orderBy('id').execute();
}

export async function findPatient(db: Db, practiceId: number, id: string): Promise<PatientRow | undefined> {
  return db
    .selectFrom('patients')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function patientsByIds(db: Db, practiceId: number, ids: readonly string[]): Promise<PatientRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('patients').selectAll().where('practice_id', '=', practiceId).where('id', 'in', ids).execute();
}

export async function insertPatient(db: Db, patient: Patient): Promise<void> {
  await db
    .insertInto('patients')
    .values({
      id: patient.id,
      practice_id: patient.practiceId,
      ...patientColumns(patient),
      created_at: patient.createdAt,
    })
    .execute();
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

export async function deletePatientRow(db: Db, practiceId: number, id: string): Promise<void> {
  await db.deleteFrom('patients').where('practice_id', '=', practiceId).where('id', '=', id).execute();
}

/**
 * The practice's patients with the same last name and either the same phone or the same first name and
 * birth date, oldest first: the only ones the duplicate rule can match. Both lookups are exact on an
 * index, so their cost does not grow with the patients sharing a birth date.
 */
export async function duplicateCandidates(
  db: Db,
  practiceId: number,
  candidate: { firstName: string; lastName: string; dateOfBirth: string | null; phone: string },
): Promise<PatientRow[]> {
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
  return [...new Map([...byPhone, ...byBirthDate].map((row) => [row.id, row])).values()].sort((a, b) =>
    a.created_at.localeCompare(b.created_at),
  );
}
