import type { PaymentsByMethod } from '@dental/domain/reports/kpis';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { isPostgres } from '../db/dialect.ts';
import { PRACTICE_SETTING } from '../db/migrations/0013-practice-isolation.ts';

/** A half-open span of instants, ISO-8601 UTC, as appointment_date and created_at are stored. */
export interface InstantSpan {
  start: string;
  end: string;
}

// PostgreSQL answers count() and sum() of integers as bigint, which the driver hands over as text.
const num = (value: string | number | bigint | null | undefined) => Number(value ?? 0);

/**
 * Runs work as another practice inside the request's transaction. On PostgreSQL the transaction acts for one
 * practice (row-level security, see inPracticeTransaction); a report over several practices moves that setting
 * to each practice in turn, so every query still sees only the practice it is about, then puts it back.
 */
export async function asPractice<T>(db: Db, practiceId: number, work: () => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return work();
  const { rows } = await sql<{ previous: string | null }>`
    select current_setting(${PRACTICE_SETTING}, true) as previous,
      set_config(${PRACTICE_SETTING}, ${String(practiceId)}, true) as current
  `.execute(db);
  try {
    return await work();
  } finally {
    await sql`select set_config(${PRACTICE_SETTING}, ${rows[0]?.previous ?? ''}, true)`.execute(db);
  }
}

/** Appointments starting in the span, by status and room: counts and minutes, one indexed range scan. */
export async function appointmentTotals(db: Db, practiceId: number, span: InstantSpan) {
  const rows = await db
    .selectFrom('appointments')
    .select((eb) => [
      'status',
      'treatment_room',
      eb.fn.countAll<string | number>().as('appointments'),
      eb.fn.sum<string | number>('duration').as('minutes'),
    ])
    .where('practice_id', '=', practiceId)
    .where('appointment_date', '>=', span.start)
    .where('appointment_date', '<', span.end)
    .groupBy(['status', 'treatment_room'])
    .execute();
  return rows.map((row) => ({
    status: row.status,
    room: row.treatment_room,
    appointments: num(row.appointments),
    minutes: num(row.minutes),
  }));
}

/** What check-out collected for appointments starting in the span, by payment method. */
export async function paymentsByMethod(db: Db, practiceId: number, span: InstantSpan): Promise<PaymentsByMethod[]> {
  const rows = await db
    .selectFrom('appointments')
    .select((eb) => [
      'payment_method',
      eb.fn.coalesce(eb.fn.sum<number | string | null>('payment_amount'), sql<number>`0`).as('amount'),
      eb.fn.countAll<string | number>().as('payments'),
    ])
    .where('practice_id', '=', practiceId)
    .where('appointment_date', '>=', span.start)
    .where('appointment_date', '<', span.end)
    .where('payment_collected', '=', 1)
    .groupBy('payment_method')
    .execute();
  return rows.map((row) => ({ method: row.payment_method, amount: num(row.amount), count: num(row.payments) }));
}

export async function patientsCreated(db: Db, practiceId: number, span: InstantSpan): Promise<number> {
  const row = await db
    .selectFrom('patients')
    .select((eb) => eb.fn.countAll<string | number>().as('patients'))
    .where('practice_id', '=', practiceId)
    .where('created_at', '>=', span.start)
    .where('created_at', '<', span.end)
    .executeTakeFirst();
  return num(row?.patients);
}

/** One due date's window: a visit starting in [start, end) keeps a recall due that day. */
export interface RecallWindow extends InstantSpan {
  dueDate: string;
}

/**
 * Recalls due on the windows' dates, and how many of them their patient kept: an appointment of one of
 * `statuses` starting inside the due date's window. The windows are a table of the query (one row per due date)
 * because the practice's zone, which turns dates into instants, is known only outside the database. The cross join
 * keeps SQLite to that order (each due date, then its recalls by the practice and due-date index) rather than
 * matching every recall of the practice against every date.
 */
export async function recallsKept(
  db: Db,
  practiceId: number,
  windows: readonly RecallWindow[],
  statuses: readonly string[],
): Promise<{ due: number; kept: number }> {
  if (windows.length === 0 || statuses.length === 0) return { due: 0, kept: 0 };
  const rows = sql.join(windows.map((w) => sql`(${w.dueDate}, ${w.start}, ${w.end})`));
  const result = await sql<{ due: string | number; kept: string | number | null }>`
    with recall_windows (due_date, starts_at, ends_at) as (values ${rows})
    select count(*) as due,
      sum(case when exists (
        select 1 from appointments a
        where a.practice_id = r.practice_id
          and a.patient_id = r.patient_id
          and a.status in (${sql.join(statuses)})
          and a.appointment_date >= w.starts_at
          and a.appointment_date < w.ends_at
      ) then 1 else 0 end) as kept
    from recall_windows w
    cross join recalls r
    where r.practice_id = ${practiceId}
      and r.due_date = w.due_date
  `.execute(db);
  const row = result.rows[0];
  return { due: num(row?.due), kept: num(row?.kept) };
}
