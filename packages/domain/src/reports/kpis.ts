import * as v from 'valibot';
import { fill, type Text } from '../i18n/text.ts';
import { openSpan, type WeeklyHours } from '../practices/hours.ts';
import { dateField } from '../scheduling/appointment-fields.ts';
import { addDays, daysBetween } from '../scheduling/booking-rules.ts';
import type { AppointmentStatus } from '../scheduling/status-transitions.ts';
import { startOfLocalDay } from '../time/zones.ts';
import { enumMessage, FIELD_TEXTS } from '../validation/fields.ts';

/** GET /api/reports/kpis: one practice (the X-Practice-ID one) or every practice the caller may use. */
export const KPI_SCOPES = ['practice', 'all'] as const;
export type KpiScope = (typeof KPI_SCOPES)[number];

/** A leap year and a day: "this year" and "the last 12 months" always fit, a multi-year scan never does. */
export const KPI_MAX_RANGE_DAYS = 366;

/** A recall counts as kept when its patient has a visit this many days either side of the due date. */
export const RECALL_WINDOW_DAYS = 30;

/** Statuses whose time is taken from the chair: a cancelled or missed booking left it free. */
export const CHAIR_TIME_STATUSES: readonly AppointmentStatus[] = ['scheduled', 'confirmed', 'in-progress', 'completed'];
/** A visit that keeps a recall: one that happened or is still on the books. */
export const RECALL_VISIT_STATUSES: readonly AppointmentStatus[] = [
  'scheduled',
  'confirmed',
  'in-progress',
  'completed',
];

export const KPI_QUERY_TEXTS = {
  toBeforeFrom: /*i18n*/ { id: 'kpis.toBeforeFrom', message: 'to must not be before from' },
  rangeTooLong: /*i18n*/ {
    id: 'kpis.rangeTooLong',
    message: 'The range from from to to can cover at most {days} days',
  },
} as const satisfies Record<string, Text>;

/** A date the query must send; left out or blank, it is refused as required (a bare missing key names no field). */
function requiredDate(field: string) {
  return v.pipe(
    v.optional(v.unknown(), ''),
    v.check((value) => value !== '', fill(FIELD_TEXTS.required, { field })),
    dateField(field),
  );
}

/** The range checks wait for both days: a missing or bad one is refused as such, not as a range. */
const inRange = (query: { from: string; to: string }) => Number.isFinite(daysBetween(query.from, query.to));

export const kpiQuerySchema = v.pipe(
  v.object({
    /** First practice-local day of the range. */
    from: requiredDate('from'),
    /** Last practice-local day of the range, included. */
    to: requiredDate('to'),
    scope: v.optional(v.picklist(KPI_SCOPES, enumMessage(KPI_SCOPES, 'scope')), 'practice'),
  }),
  v.forward(
    v.check((query) => !inRange(query) || daysBetween(query.from, query.to) >= 0, KPI_QUERY_TEXTS.toBeforeFrom.message),
    ['to'],
  ),
  v.forward(
    v.check(
      (query) => !inRange(query) || daysBetween(query.from, query.to) < KPI_MAX_RANGE_DAYS,
      fill(KPI_QUERY_TEXTS.rangeTooLong, { days: KPI_MAX_RANGE_DAYS }),
    ),
    ['to'],
  ),
);
export type KpiQuery = v.InferOutput<typeof kpiQuerySchema>;

export interface AppointmentCounts {
  /** Every appointment starting in the range, whatever became of it. */
  booked: number;
  completed: number;
  cancelled: number;
  noShow: number;
}

/** Counts with their shares of booked (0 to 1); a share is null when nothing was booked. */
export interface AppointmentKpis extends AppointmentCounts {
  completedRate: number | null;
  cancelledRate: number | null;
  noShowRate: number | null;
}

export interface RoomUtilisation {
  /** The room code appointments name (treatment_room). */
  room: string;
  name: string;
  bookedMinutes: number;
  openMinutes: number;
  /** Booked over open minutes; null when the practice was never open in the range. */
  utilisation: number | null;
}

export interface ChairUtilisation {
  rooms: RoomUtilisation[];
  bookedMinutes: number;
  openMinutes: number;
  utilisation: number | null;
}

export interface PaymentsByMethod {
  /** As check-out stored it; null when no method was given. */
  method: string | null;
  amount: number;
  count: number;
}

export interface PaymentKpis {
  /** Dollars collected at check-out, rounded to the cent. */
  total: number;
  count: number;
  byMethod: PaymentsByMethod[];
}

export interface RecallCompliance {
  due: number;
  kept: number;
  rate: number | null;
}

export interface KpiFigures {
  appointments: AppointmentKpis;
  utilisation: ChairUtilisation;
  payments: PaymentKpis;
  newPatients: number;
  recalls: RecallCompliance;
}

export interface PracticeKpis extends KpiFigures {
  practiceId: number;
  practiceName: string;
  timeZone: string;
}

export interface KpiReport {
  from: string;
  to: string;
  scope: KpiScope;
  practices: PracticeKpis[];
  /** The practices added up; rates are recomputed from the sums, never averaged. */
  total: KpiFigures;
}

/** part / whole, or null when there is no whole to share. */
export function share(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

export function appointmentKpis(counts: AppointmentCounts): AppointmentKpis {
  return {
    ...counts,
    completedRate: share(counts.completed, counts.booked),
    cancelledRate: share(counts.cancelled, counts.booked),
    noShowRate: share(counts.noShow, counts.booked),
  };
}

/** The practice-local days from `from` to `to`, both included. */
export function daysOfRange(from: string, to: string): string[] {
  const count = daysBetween(from, to) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, index) => addDays(from, index));
}

/** The minutes one room is open over the range: each day's opening hours under the weekly hours. */
export function openMinutesOver(hours: WeeklyHours, from: string, to: string): number {
  let minutes = 0;
  for (const day of daysOfRange(from, to)) {
    const span = openSpan(hours, day);
    if (span) minutes += span.close - span.open;
  }
  return minutes;
}

/**
 * Utilisation of the active rooms: each is open the practice's hours. Minutes booked in a room that is no longer
 * active are left out, since it has no open time to set them against.
 */
export function chairUtilisation(
  rooms: readonly { room: string; name: string }[],
  bookedByRoom: ReadonlyMap<string, number>,
  openMinutesPerRoom: number,
): ChairUtilisation {
  const perRoom = rooms.map(({ room, name }) => {
    const bookedMinutes = bookedByRoom.get(room) ?? 0;
    return {
      room,
      name,
      bookedMinutes,
      openMinutes: openMinutesPerRoom,
      utilisation: share(bookedMinutes, openMinutesPerRoom),
    };
  });
  return utilisationOf(perRoom);
}

function utilisationOf(rooms: RoomUtilisation[]): ChairUtilisation {
  const bookedMinutes = rooms.reduce((sum, room) => sum + room.bookedMinutes, 0);
  const openMinutes = rooms.reduce((sum, room) => sum + room.openMinutes, 0);
  return { rooms, bookedMinutes, openMinutes, utilisation: share(bookedMinutes, openMinutes) };
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

export function paymentKpis(byMethod: readonly PaymentsByMethod[]): PaymentKpis {
  const sorted = [...byMethod]
    .map((entry) => ({ ...entry, amount: cents(entry.amount) }))
    .sort((a, b) => b.amount - a.amount || String(a.method).localeCompare(String(b.method)));
  return {
    total: cents(sorted.reduce((sum, entry) => sum + entry.amount, 0)),
    count: sorted.reduce((sum, entry) => sum + entry.count, 0),
    byMethod: sorted,
  };
}

export function recallCompliance(due: number, kept: number): RecallCompliance {
  return { due, kept, rate: share(kept, due) };
}

/** Several practices as one: counts and minutes summed, payments merged by method, every rate recomputed. */
export function combineKpis(practices: readonly KpiFigures[]): KpiFigures {
  const sum = (pick: (figures: KpiFigures) => number) => practices.reduce((total, p) => total + pick(p), 0);
  const methods = new Map<string | null, PaymentsByMethod>();
  for (const entry of practices.flatMap((p) => p.payments.byMethod)) {
    const seen = methods.get(entry.method) ?? { method: entry.method, amount: 0, count: 0 };
    methods.set(entry.method, { ...seen, amount: seen.amount + entry.amount, count: seen.count + entry.count });
  }
  const rooms = practices.flatMap((p) => p.utilisation.rooms);
  return {
    appointments: appointmentKpis({
      booked: sum((p) => p.appointments.booked),
      completed: sum((p) => p.appointments.completed),
      cancelled: sum((p) => p.appointments.cancelled),
      noShow: sum((p) => p.appointments.noShow),
    }),
    // Room codes repeat across practices ('Room 1'), so the total keeps only the sums, not a room list.
    utilisation: { ...utilisationOf(rooms), rooms: practices.length === 1 ? rooms : [] },
    payments: paymentKpis([...methods.values()]),
    newPatients: sum((p) => p.newPatients),
    recalls: recallCompliance(
      sum((p) => p.recalls.due),
      sum((p) => p.recalls.kept),
    ),
  };
}

/** The range as instants: from the start of `from` to the start of the day after `to`, in the practice's zone. */
export function rangeInstants(from: string, to: string, timeZone: string): { start: string; end: string } {
  return { start: startOfLocalDay(from, timeZone), end: startOfLocalDay(addDays(to, 1), timeZone) };
}

/** For each due date of the range, the instants a visit must start between to keep a recall due that day. */
export function recallWindows(
  from: string,
  to: string,
  timeZone: string,
): { dueDate: string; start: string; end: string }[] {
  // Each midnight once: the windows of neighbouring due dates share all but their ends.
  const first = addDays(from, -RECALL_WINDOW_DAYS);
  const midnights = daysOfRange(first, addDays(to, RECALL_WINDOW_DAYS + 1)).map((day) =>
    startOfLocalDay(day, timeZone),
  );
  return daysOfRange(from, to).map((dueDate, index) => ({
    dueDate,
    start: midnights[index] ?? '',
    end: midnights[index + 2 * RECALL_WINDOW_DAYS + 1] ?? '',
  }));
}
