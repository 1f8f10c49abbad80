import type { Clock } from '@dental/domain/time/clock';
import type { Db } from '../db/connection.ts';
import { insertInChunks } from '../repos/bulk-insert.ts';
import { recordAllRows } from '../repos/changes.ts';
import { advanceGeneratedKeys } from '../repos/generated-keys.ts';
import { lockUntilCommit } from '../repos/locks.ts';
import { anyPracticeExists } from '../repos/practices.ts';
import { recallTypes } from '../repos/recalls.ts';
import { inTransaction } from '../repos/transactions.ts';
import type { PasswordHasher } from '../services/passwords.ts';
import { buildAppointments } from './appointments.ts';
import { formTemplateRows, recallTypeRows } from './catalogues.ts';
import { buildClinical } from './clinical.ts';
import { buildNotifications } from './notifications.ts';
import { buildPatients } from './patients.ts';
import { PRACTICES, practiceHourRows, practiceRows, treatmentRoomRows } from './practices.ts';
import { createSeededFaker } from './random.ts';
import { buildRecalls } from './recalls.ts';
import { buildStaff, type StaffSeed } from './staff.ts';
import { buildWaitlist } from './waitlist.ts';

export const DEMO_PASSWORD = 'demo1234';
const DEFAULT_PATIENT_COUNT = 5000;

export interface SeedOptions {
  /** The only source of "today": the same clock reading always yields the same data. */
  clock: Clock;
  hasher: PasswordHasher;
  patientCount?: number;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  return !(await anyPracticeExists(db));
}

/**
 * Three Canadian practices with staff, patients, families, four weeks of appointments, forms
 * and recall types. Everything is built in memory first and inserted in one transaction, so a
 * failed seed leaves the database empty and the next start tries again.
 */
/** Who put each practice's demo waitlist entries in: a receptionist of the practice, else its first account. */
function frontDeskAuthors(staff: StaffSeed): Map<number, number> {
  const authors = new Map<number, number>();
  const roleOf = new Map(staff.users.map((user) => [user.id, user.role]));
  for (const link of staff.userPractices) {
    const current = authors.get(link.practice_id);
    if (
      current === undefined ||
      (roleOf.get(current) !== 'receptionist' && roleOf.get(link.user_id) === 'receptionist')
    ) {
      authors.set(link.practice_id, link.user_id);
    }
  }
  return authors;
}

export async function seedDemoData(db: Db, options: SeedOptions): Promise<void> {
  const patientCount = options.patientCount ?? DEFAULT_PATIENT_COUNT;
  if (!Number.isInteger(patientCount) || patientCount < 0) {
    throw new RangeError(`patientCount must be a whole number of at least 0, got ${patientCount}`);
  }
  const now = options.clock();
  const nowIso = now.toISOString();
  // Every demo account signs in with the same password, so one (deliberately slow) hash serves them all.
  const passwordHash = await options.hasher.hash(DEMO_PASSWORD);

  const faker = createSeededFaker();
  const staff = buildStaff(faker, PRACTICES, passwordHash, nowIso);
  const patients = buildPatients(faker, PRACTICES, staff.byPractice, patientCount, now);
  const appointments = PRACTICES.flatMap((practice) => {
    const team = staff.byPractice.get(practice.id);
    const bookable = patients.byPractice.get(practice.id) ?? [];
    return team ? buildAppointments(faker, practice, team, bookable, now) : [];
  });
  // Its own random stream: the clinical history changes none of the data above.
  const waitlist = buildWaitlist(
    PRACTICES.map((practice) => practice.id),
    staff.byPractice,
    patients.byPractice,
    frontDeskAuthors(staff),
    now,
  );
  const clinical = buildClinical(createSeededFaker(17), PRACTICES, staff.users, patients.patients, appointments, now);

  await inTransaction(db, async (trx) => {
    // Server processes starting together on one PostgreSQL database: one seeds, the others find it done.
    await lockUntilCommit(trx, 'seed');
    if (await anyPracticeExists(trx)) return;
    await insertInChunks(trx, 'practices', practiceRows(nowIso));
    await insertInChunks(trx, 'practice_hours', practiceHourRows());
    await insertInChunks(trx, 'treatment_rooms', treatmentRoomRows());
    await insertInChunks(trx, 'users', staff.users);
    await insertInChunks(trx, 'user_practices', staff.userPractices);
    await insertInChunks(trx, 'patients', patients.patients);
    await insertInChunks(trx, 'family_relationships', patients.relationships);
    await insertInChunks(trx, 'appointments', appointments);
    await insertInChunks(trx, 'form_templates', formTemplateRows(PRACTICES));
    await insertInChunks(trx, 'recall_types', recallTypeRows(PRACTICES));
    // Recall type ids are the database's: the recalls are built once the types have theirs.
    const typesOf = new Map(
      await Promise.all(PRACTICES.map(async (p) => [p.id, await recallTypes(trx, p.id)] as const)),
    );
    await insertInChunks(
      trx,
      'recalls',
      buildRecalls(PRACTICES, patients.patients, patients.relationships, typesOf, now),
    );
    await insertInChunks(trx, 'notifications', buildNotifications(staff.users, patients.patients, appointments, now));
    await insertInChunks(trx, 'procedure_fees', clinical.fees);
    await insertInChunks(trx, 'note_templates', clinical.templates);
    await insertInChunks(trx, 'clinical_entries', clinical.entries);
    await insertInChunks(trx, 'perio_exams', clinical.perioExams);
    await insertInChunks(trx, 'clinical_notes', clinical.notes);
    await insertInChunks(trx, 'treatment_plans', clinical.plans);
    await insertInChunks(trx, 'waitlist_entries', waitlist);
    // Migrations run before the seed on a fresh start, so the seeded rows get their sync versions here.
    await recordAllRows(trx, now);
    await advanceGeneratedKeys(trx);
  });
}
