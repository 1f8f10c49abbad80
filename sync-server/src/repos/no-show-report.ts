import { NO_SHOW_STATUS, OUTCOME_STATUSES, REPEAT_NO_SHOW_MINIMUM } from '@dental/domain/scheduling/no-show-risk';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';

/** Appointment starts in [start, end) (ISO instants) whose outcome is known. */
export interface OutcomeRange {
  practiceId: number;
  start: string;
  end: string;
}

export interface TallyRow {
  total: number;
  noShows: number;
}

type Eb = ExpressionBuilder<Database, 'appointments'>;

const missed = (eb: Eb) =>
  eb.fn.sum<number | string>(eb.case().when('status', '=', NO_SHOW_STATUS).then(1).else(0).end()).as('no_shows');
const counted = (eb: Eb) => eb.fn.countAll<number | string>().as('total');

/** PostgreSQL answers count and sum as numeric strings. */
function tally(row: { total: number | string; no_shows: number | string | null }): TallyRow {
  return { total: Number(row.total), noShows: Number(row.no_shows ?? 0) };
}

/** The appointments_practice_date index narrows every query below to the range. */
function outcomes(db: Db, range: OutcomeRange) {
  return db
    .selectFrom('appointments')
    .where('practice_id', '=', range.practiceId)
    .where('appointment_date', '>=', range.start)
    .where('appointment_date', '<', range.end)
    .where('status', 'in', [...OUTCOME_STATUSES]);
}

/**
 * Outcomes per start minute (UTC, 'YYYY-MM-DDTHH:MM'): a day holds a few dozen distinct starts, so
 * this stays small, and the caller can put each minute on the practice's clock exactly, half-hour
 * zones and daylight-saving days included, which an hour taken from the UTC text in SQL could not.
 */
export async function outcomesByStartMinute(db: Db, range: OutcomeRange): Promise<(TallyRow & { minute: string })[]> {
  const minute = sql<string>`substr(appointment_date, 1, 16)`;
  const rows = await outcomes(db, range)
    .select((eb) => [minute.as('minute'), counted(eb), missed(eb)])
    .groupBy(minute)
    .execute();
  return rows.map((row) => ({ minute: row.minute, ...tally(row) }));
}

export async function outcomesByProcedure(db: Db, range: OutcomeRange): Promise<(TallyRow & { procedure: string })[]> {
  const rows = await outcomes(db, range)
    .select((eb) => ['procedure', counted(eb), missed(eb)])
    .groupBy('procedure')
    .execute();
  return rows.map((row) => ({ procedure: row.procedure, ...tally(row) }));
}

export async function outcomesByProvider(db: Db, range: OutcomeRange): Promise<(TallyRow & { providerId: number })[]> {
  const rows = await outcomes(db, range)
    .select((eb) => ['provider_id', counted(eb), missed(eb)])
    .groupBy('provider_id')
    .execute();
  return rows.map((row) => ({ providerId: row.provider_id, ...tally(row) }));
}

/** Patients who missed at least REPEAT_NO_SHOW_MINIMUM appointments in the range, most misses first. */
export async function repeatNoShowPatients(db: Db, range: OutcomeRange, limit: number) {
  const rows = await db
    .selectFrom('appointments')
    .innerJoin('patients', 'patients.id', 'appointments.patient_id')
    .where('appointments.practice_id', '=', range.practiceId)
    .where('appointments.appointment_date', '>=', range.start)
    .where('appointments.appointment_date', '<', range.end)
    .where('appointments.status', '=', NO_SHOW_STATUS)
    .select((eb) => [
      'appointments.patient_id',
      'patients.first_name',
      'patients.last_name',
      eb.fn.countAll<number | string>().as('no_shows'),
      eb.fn.max('appointments.appointment_date').as('last_no_show'),
    ])
    .groupBy(['appointments.patient_id', 'patients.first_name', 'patients.last_name'])
    .having((eb) => eb.fn.countAll(), '>=', REPEAT_NO_SHOW_MINIMUM)
    .orderBy('no_shows', 'desc')
    .orderBy('last_no_show', 'desc')
    .orderBy('appointments.patient_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    patientId: row.patient_id,
    firstName: row.first_name,
    lastName: row.last_name,
    noShows: Number(row.no_shows),
    lastNoShow: row.last_no_show,
  }));
}
