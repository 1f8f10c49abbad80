import {
  type AppointmentCounts,
  appointmentKpis,
  CHAIR_TIME_STATUSES,
  chairUtilisation,
  combineKpis,
  type KpiQuery,
  type KpiReport,
  openMinutesOver,
  type PracticeKpis,
  paymentKpis,
  RECALL_VISIT_STATUSES,
  rangeInstants,
  recallCompliance,
  recallWindows,
} from '@dental/domain/reports/kpis';
import type { Db } from '../db/connection.ts';
import { appointmentTotals, asPractice, patientsCreated, paymentsByMethod, recallsKept } from '../repos/kpis.ts';
import { weeklyHours } from '../repos/practice-hours.ts';
import { practicesByIds } from '../repos/practices.ts';
import { activeRooms } from '../repos/treatment-rooms.ts';
import type { Caller } from './caller.ts';
import { practiceTimezone } from './practice-time.ts';

const chairTime = new Set<string>(CHAIR_TIME_STATUSES);

async function practiceKpis(db: Db, practice: { id: number; name: string }, query: KpiQuery): Promise<PracticeKpis> {
  const { from, to } = query;
  const timeZone = await practiceTimezone(db, practice.id);
  const span = rangeInstants(from, to, timeZone);
  // One after another: a transaction is one connection, which runs one statement at a time anyway.
  const totals = await appointmentTotals(db, practice.id, span);
  const payments = await paymentsByMethod(db, practice.id, span);
  const newPatients = await patientsCreated(db, practice.id, span);
  const recalls = await recallsKept(db, practice.id, recallWindows(from, to, timeZone), RECALL_VISIT_STATUSES);
  const rooms = await activeRooms(db, practice.id);
  const hours = await weeklyHours(db, practice.id);
  const counts: AppointmentCounts = { booked: 0, completed: 0, cancelled: 0, noShow: 0 };
  const bookedByRoom = new Map<string, number>();
  for (const row of totals) {
    counts.booked += row.appointments;
    if (row.status === 'completed') counts.completed += row.appointments;
    if (row.status === 'cancelled') counts.cancelled += row.appointments;
    if (row.status === 'no-show') counts.noShow += row.appointments;
    if (chairTime.has(row.status)) bookedByRoom.set(row.room, (bookedByRoom.get(row.room) ?? 0) + row.minutes);
  }
  return {
    practiceId: practice.id,
    practiceName: practice.name,
    timeZone,
    appointments: appointmentKpis(counts),
    utilisation: chairUtilisation(
      rooms.map((room) => ({ room: room.room_code, name: room.name })),
      bookedByRoom,
      openMinutesOver(hours, from, to),
    ),
    payments: paymentKpis(payments),
    newPatients,
    recalls: recallCompliance(recalls.due, recalls.kept),
  };
}

/**
 * The practice manager's figures over a range of practice-local days: for the practice the request acts in,
 * or for every practice the caller may use, each on its own and added up. Each practice's days are its own
 * (its time zone), so 'all' compares the same calendar days everywhere.
 */
export async function kpiReport(db: Db, caller: Caller, practiceId: number, query: KpiQuery): Promise<KpiReport> {
  const ids = query.scope === 'all' ? caller.account.allowedPracticeIds : [practiceId];
  const practices = [];
  for (const practice of await practicesByIds(db, ids)) {
    practices.push(await asPractice(db, practice.id, () => practiceKpis(db, practice, query)));
  }
  return { from: query.from, to: query.to, scope: query.scope, practices, total: combineKpis(practices) };
}
