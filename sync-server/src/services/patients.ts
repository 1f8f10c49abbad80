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

export async function listPatients(db: Db, query: PatientQuery): Promise<{ rows: PatientRow[]; total: number }> {
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

export async function findPatient(db: Db, practiceId: number, id: string): Promise<PatientRow | undefined> {
  return db
    .selectFrom('patients')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Same name and date of birth, or same phone and last name, in the same practice. Two lookups,
 * each on its own index (an OR across them would scan the practice on every create).
 */
export async function findDuplicatePatient(
  db: Db,
  practiceId: number,
  candidate: { firstName: string; lastName: string; dateOfBirth: string | null; phone: string },
): Promise<PatientRow | undefined> {
  const lastName = like('last_name', escapeLike(candidate.lastName));
  const samePhone = await db
    .selectFrom('patients')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('phone', '=', candidate.phone)
    .where(lastName)
    .orderBy('created_at')
    .executeTakeFirst();
  if (samePhone || !candidate.dateOfBirth) return samePhone;
  return db
    .selectFrom('patients')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('date_of_birth', '=', candidate.dateOfBirth)
    .where(lastName)
    .where(like('first_name', escapeLike(candidate.firstName)))
    .orderBy('created_at')
    .executeTakeFirst();
}
