import type { PracticeHoursResponse } from '@dental/domain/practices/hours';
import { PRACTICE_CLOSED_MESSAGE } from '@dental/domain/practices/hours';
import { analyzeConflicts, type ConflictAnalysis, type Suggestion } from '@dental/domain/scheduling/analysis';
import type { Appointment } from '@dental/domain/scheduling/appointment';
import type { DaySchedule } from '@dental/domain/scheduling/availability';
import { MAX_ADVANCE_MESSAGE } from '@dental/domain/scheduling/booking-rules';
import { type BookedAppointment, findConflicts } from '@dental/domain/scheduling/conflicts';
import type { MaintenanceSchedule } from '@dental/domain/scheduling/maintenance';
import type { TreatmentRoom } from '@dental/domain/scheduling/rooms';
import { instantAt } from '@dental/domain/time/zones';
import type { StaffMember } from '@dental/domain/users/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const TZ = 'America/Toronto';
/** Past the seeded four weeks, so these days start empty. The test clock reads Sunday 22 November 2026. */
const SUNDAY = '2027-01-31';
const MONDAY = '2027-02-01';
const TUESDAY = '2027-02-02';
const WEDNESDAY = '2027-02-03';
const HOURS_MESSAGE = 'Appointments must fall within practice hours (08:00 to 18:00).';
const on = (date: string, time: string) => instantAt(date, time, TZ);

let t: TestApp;
let receptionist: string;
let staff: string;
let hygienist: string;
let doctorId: number;
let hygienistId: number;
let patients: string[];

async function userId(username: string): Promise<number> {
  const row = await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return row.id;
}

async function setPermission(username: string, permission: string, granted: boolean | null): Promise<void> {
  const user = await userId(username);
  await t.db.deleteFrom('user_permissions').where('user_id', '=', user).where('permission', '=', permission).execute();
  if (granted !== null) {
    await t.db
      .insertInto('user_permissions')
      .values({ user_id: user, permission, granted: granted ? 1 : 0 })
      .execute();
  }
}

beforeAll(async () => {
  // The random agreement test sends well over the 1000 requests a client may make in 15 minutes.
  t = await createTestApp({ rateLimitMax: 100_000 });
  receptionist = await t.login('receptionist');
  staff = await t.login('staff');
  hygienist = await t.login('hygienist');
  doctorId = await userId('doctor');
  hygienistId = await userId('hygienist');
  const rows = await t.db
    .selectFrom('patients')
    .select('id')
    .where('practice_id', '=', 1)
    .where('is_active', '=', 1)
    .orderBy('id')
    .limit(8)
    .execute();
  patients = rows.map((row) => row.id);
});
afterAll(async () => {
  await t.close();
});

const patient = (index: number) => patients[index] ?? '';

const booking = (over: Record<string, unknown> = {}) => ({
  patientId: patient(0),
  providerId: doctorId,
  treatmentRoom: 'Room 1',
  appointmentDate: on(MONDAY, '10:00'),
  duration: 30,
  procedure: 'Cleaning',
  ...over,
});

function book(over: Record<string, unknown> = {}, cookie = receptionist) {
  return t.request({ method: 'POST', url: '/api/appointments', cookie, body: booking(over) });
}

function cancel(id: string) {
  return t.request({
    method: 'PATCH',
    url: `/api/appointments/${id}`,
    cookie: receptionist,
    body: { status: 'cancelled' },
  });
}

function analyze(body: Record<string, unknown>, cookie = receptionist) {
  return t.request({ method: 'POST', url: '/api/appointments/analyze-conflicts', cookie, body });
}

async function appointmentCount(): Promise<number> {
  const row = await t.db
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

describe('booking rules on POST and PATCH /api/appointments', () => {
  it.each([
    ['a closed day (Sunday)', { appointmentDate: on(SUNDAY, '10:00') }, 'appointmentDate', PRACTICE_CLOSED_MESSAGE],
    ['before opening', { appointmentDate: on(MONDAY, '07:30') }, 'appointmentDate', HOURS_MESSAGE],
    ['running past closing', { appointmentDate: on(MONDAY, '17:30'), duration: 60 }, 'appointmentDate', HOURS_MESSAGE],
    [
      'more than 365 days ahead',
      { appointmentDate: on('2027-11-23', '10:00') },
      'appointmentDate',
      MAX_ADVANCE_MESSAGE,
    ],
    ['a duration off the 30-minute steps', { duration: 45 }, 'duration', 'duration must be a multiple of 30 minutes'],
    ['a duration over 120 minutes', { duration: 150 }, 'duration', 'duration must be at most 120 minutes'],
  ])('%s is 400 naming %s, override or not, and nothing is saved', async (_, change, field, message) => {
    const before = await appointmentCount();
    for (const override of [false, true]) {
      const response = await book({ ...change, override });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'Bad Request', field, message });
    }
    expect(await appointmentCount()).toBe(before);
  });

  it('accepts the last day of the 365 and a booking ending exactly at closing', async () => {
    const lastDay = await book({ appointmentDate: on('2027-11-22', '10:00') });
    expect(lastDay.statusCode).toBe(201);
    const closing = await book({ appointmentDate: on(MONDAY, '17:00'), duration: 60, treatmentRoom: 'Room 14' });
    expect(closing.statusCode).toBe(201);
  });

  it('PATCH: a move or resize must meet the rules too; other edits are not judged by them', async () => {
    const created = await book({
      treatmentRoom: 'Room 13',
      appointmentDate: on(MONDAY, '16:30'),
      providerId: hygienistId,
    });
    const id = created.json().id;
    const patch = (body: unknown) =>
      t.request({ method: 'PATCH', url: `/api/appointments/${id}`, cookie: receptionist, body });
    expect((await patch({ appointmentDate: on(SUNDAY, '16:00') })).json()).toMatchObject({
      field: 'appointmentDate',
      message: PRACTICE_CLOSED_MESSAGE,
    });
    const resized = await patch({ duration: 120, override: true });
    expect(resized.statusCode).toBe(400);
    expect(resized.json()).toMatchObject({ field: 'appointmentDate', message: HOURS_MESSAGE });
    expect((await patch({ duration: 120 })).statusCode).toBe(400);
    expect((await patch({ duration: 90 })).statusCode).toBe(200);
    expect((await patch({ notes: 'Prefers afternoons' })).statusCode).toBe(200);
    // An appointment from before the hours changed can still be edited with the time the form resends.
    await t.db
      .updateTable('appointments')
      .set({ appointment_date: on(MONDAY, '19:00') })
      .where('id', '=', id)
      .execute();
    const edited = await patch({ appointmentDate: on(MONDAY, '19:00'), duration: 90, notes: 'Late slot' });
    expect(edited.statusCode).toBe(200);
    expect((await patch({ appointmentDate: on(MONDAY, '19:30') })).statusCode).toBe(400);
  });
});

describe('POST /api/appointments/analyze-conflicts', () => {
  let blocker: Appointment;
  beforeAll(async () => {
    const created = await book({ treatmentRoom: 'Room 2', appointmentDate: on(TUESDAY, '10:00'), duration: 60 });
    expect(created.statusCode).toBe(201);
    blocker = created.json();
  });

  it('finds no conflicts and suggests nothing for a free slot', async () => {
    const response = await analyze(booking({ appointmentDate: on(TUESDAY, '14:00'), patientId: patient(5) }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ conflicts: [], suggestions: [] });
  });

  it('a clash: the conflicts, and suggestions that can each be booked (201)', async () => {
    const candidate = booking({
      treatmentRoom: 'Room 2',
      providerId: hygienistId,
      patientId: patient(1),
      appointmentDate: on(TUESDAY, '10:30'),
    });
    const response = await analyze(candidate);
    expect(response.statusCode).toBe(200);
    const analysis: ConflictAnalysis = response.json();
    expect(analysis.conflicts).toEqual([
      expect.objectContaining({ type: 'room', severity: 'critical', room: 'Room 2', time: '10:00 a.m.' }),
    ]);
    expect(analysis.suggestions.map((s) => s.type)).toEqual(['room_change', 'time_shift', 'reschedule']);
    for (const suggestion of analysis.suggestions) {
      const placed = await book({ ...candidate, ...suggestion.change });
      expect(placed.statusCode, suggestion.id).toBe(201);
      expect((await cancel(placed.json().id)).statusCode).toBe(200);
    }
  });

  it('excludeAppointmentId: the appointment being moved does not clash with itself', async () => {
    const moved = booking({ treatmentRoom: 'Room 2', appointmentDate: on(TUESDAY, '10:30'), patientId: patient(6) });
    expect((await analyze(moved)).json().conflicts).toHaveLength(2);
    const response = await analyze({ ...moved, excludeAppointmentId: blocker.id });
    expect(response.json()).toEqual({ conflicts: [], suggestions: [] });
  });

  it('a closed day: practice_hours, and the next open day at the same time, bookable', async () => {
    const candidate = booking({ appointmentDate: on(SUNDAY, '11:00'), treatmentRoom: 'Room 3' });
    const analysis: ConflictAnalysis = (await analyze(candidate)).json();
    expect(analysis.conflicts).toEqual([
      expect.objectContaining({ type: 'practice_hours', severity: 'critical', message: PRACTICE_CLOSED_MESSAGE }),
    ]);
    expect(analysis.suggestions).toEqual([
      expect.objectContaining({
        id: `reschedule-${MONDAY}-Room 3-11:00`,
        type: 'reschedule',
        change: { appointmentDate: on(MONDAY, '11:00') },
      }),
    ]);
    const [suggestion] = analysis.suggestions as [Suggestion];
    const placed = await book({ ...candidate, ...suggestion.change });
    expect(placed.statusCode).toBe(201);
    await cancel(placed.json().id);
  });

  it.each([
    [{ providerId: undefined }, 'providerId'],
    [{ treatmentRoom: 'Room 99' }, 'treatmentRoom'],
    [{ providerId: 5 }, 'providerId'],
    [{ appointmentDate: '2027-02-02 10:00' }, 'appointmentDate'],
    [{ duration: 45 }, 'duration'],
    [{ patientId: 'nope' }, 'patientId'],
    [{ excludeAppointmentId: 'nope' }, 'excludeAppointmentId'],
  ])('%j is 400 naming %s', async (change, field) => {
    const response = await analyze({ ...booking(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  it('401 signed out, 403 without appointments.view, 403 for another practice', async () => {
    expect(
      (await t.request({ method: 'POST', url: '/api/appointments/analyze-conflicts', body: booking() })).statusCode,
    ).toBe(401);
    await setPermission('staff', 'appointments.view', false);
    const denied = await analyze(booking(), staff);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().requiredPermission).toBe('appointments.view');
    await setPermission('staff', 'appointments.view', null);
    expect((await analyze(booking(), staff)).statusCode).toBe(200);
    const elsewhere = await t.request({
      method: 'POST',
      url: '/api/appointments/analyze-conflicts',
      cookie: receptionist,
      practiceId: 2,
      body: booking(),
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe('Access denied to this practice');
  });
});

interface SlotsResponse {
  startDate: string;
  endDate: string;
  duration: number;
  timeZone: string;
  slots: { date: string; time: string; start: string; room: string; providerIds: number[] }[];
}

describe('GET /api/appointments/available-slots', () => {
  const slotsOf = async (query: string, cookie = staff) => {
    const response = await t.request({ url: `/api/appointments/available-slots?${query}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SlotsResponse;
  };

  it('lists free slots of a day; a booked room and provider are left out; slots can be booked', async () => {
    const created = await book({ treatmentRoom: 'Room 4', appointmentDate: on(WEDNESDAY, '09:00'), duration: 60 });
    expect(created.statusCode).toBe(201);
    const day = await slotsOf(`date=${WEDNESDAY}&duration=60`);
    expect(day).toMatchObject({ startDate: WEDNESDAY, endDate: WEDNESDAY, duration: 60, timeZone: TZ });
    expect(day.slots[0]).toEqual({
      date: WEDNESDAY,
      time: '08:00',
      start: on(WEDNESDAY, '08:00'),
      room: 'Room 1',
      providerIds: expect.arrayContaining([doctorId, hygienistId]),
    });
    expect(day.slots.at(-1)?.time).toBe('17:00');
    expect(day.slots.find((s) => s.time === '09:30' && s.room === 'Room 4')).toBeUndefined();
    expect(day.slots.find((s) => s.time === '10:00' && s.room === 'Room 4')).toBeDefined();
    const nine = day.slots.find((s) => s.time === '09:00' && s.room === 'Room 5');
    expect(nine?.providerIds).not.toContain(doctorId);
    expect(nine?.providerIds).toContain(hygienistId);

    const chosen = day.slots.find((s) => s.time === '15:00' && s.room === 'Room 6');
    if (!chosen) throw new Error('15:00 in Room 6 should be free');
    for (const providerId of chosen.providerIds) {
      const placed = await book({
        treatmentRoom: chosen.room,
        appointmentDate: chosen.start,
        duration: 60,
        providerId,
      });
      expect(placed.statusCode).toBe(201);
      await cancel(placed.json().id);
    }
  });

  it('a range: closed Sundays have none; excludeProviderId leaves that provider out', async () => {
    const week = await slotsOf(`startDate=${SUNDAY}&endDate=2027-02-06&excludeProviderId=${doctorId}`);
    const dates = new Set(week.slots.map((slot) => slot.date));
    expect([...dates]).toEqual([MONDAY, TUESDAY, WEDNESDAY, '2027-02-04', '2027-02-05', '2027-02-06']);
    expect(week.slots.some((slot) => slot.providerIds.includes(doctorId))).toBe(false);
    expect(week.slots.filter((slot) => slot.date === '2027-02-06').at(-1)?.time).toBe('13:30');
  });

  it('nothing past the 365-day limit', async () => {
    expect((await slotsOf('date=2027-11-22')).slots.length).toBeGreaterThan(0);
    expect((await slotsOf('date=2027-11-23')).slots).toEqual([]);
  });

  it.each([
    ['startDate=2027-02-01&endDate=2027-03-04', 'endDate'],
    ['startDate=2027-02-05&endDate=2027-02-01', 'endDate'],
    ['startDate=2027-02-01', 'endDate'],
    ['endDate=2027-02-01', 'startDate'],
    ['date=2027-02-01&startDate=2027-02-01&endDate=2027-02-02', 'date'],
    ['date=2027-02-30', 'date'],
    ['date=2027-02-01&duration=45', 'duration'],
    ['date=2027-02-01&excludeProviderId=x', 'excludeProviderId'],
  ])('%s is 400 naming %s', async (query, field) => {
    const response = await t.request({ url: `/api/appointments/available-slots?${query}`, cookie: staff });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  it('31 days is the longest range', async () => {
    const month = await slotsOf('startDate=2027-02-01&endDate=2027-03-03');
    expect(month.slots.at(-1)?.date).toBe('2027-03-03');
  });

  it('401 signed out, 403 without appointments.view, 403 for another practice', async () => {
    expect((await t.request({ url: `/api/appointments/available-slots?date=${MONDAY}` })).statusCode).toBe(401);
    await setPermission('staff', 'appointments.view', false);
    const denied = await t.request({ url: `/api/appointments/available-slots?date=${MONDAY}`, cookie: staff });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().requiredPermission).toBe('appointments.view');
    await setPermission('staff', 'appointments.view', null);
    const elsewhere = await t.request({
      url: `/api/appointments/available-slots?date=${MONDAY}`,
      cookie: staff,
      practiceId: 2,
    });
    expect(elsewhere.statusCode).toBe(403);
  });
});

describe('GET /api/treatment-rooms/available', () => {
  const roomsAt = async (query: string) => {
    const response = await t.request({ url: `/api/treatment-rooms/available?${query}`, cookie: staff });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as TreatmentRoom[]).map((room) => room.roomId);
  };

  it('lists the rooms free for the whole span, without booked or maintained rooms', async () => {
    const thursday = '2027-02-04';
    expect(
      (await book({ treatmentRoom: 'Room 1', appointmentDate: on(thursday, '10:30'), providerId: hygienistId }))
        .statusCode,
    ).toBe(201);
    await t.db
      .insertInto('maintenance_schedules')
      .values({
        id: 'c4b0f6a2-2222-4d3b-9a55-000000000001',
        practice_id: 1,
        room_id: 'Room 2',
        maintenance_type: 'repair',
        title: 'Suction repair',
        description: null,
        start_date_time: on(thursday, '09:00'),
        end_date_time: on(thursday, '10:15'),
        priority: 'high',
        vendor: null,
        cost: null,
        notes: null,
        created_at: on(thursday, '08:00'),
        updated_at: on(thursday, '08:00'),
      })
      .execute();
    const all = await roomsAt(`date=${thursday}&time=08:00&duration=60`);
    expect(all).toHaveLength(14);
    const atTen = await roomsAt(`date=${thursday}&time=10:00&duration=60`);
    expect(atTen).not.toContain('Room 1');
    expect(atTen).not.toContain('Room 2');
    expect(atTen).toHaveLength(12);
    expect(await roomsAt(`date=${thursday}&time=10:00`)).toContain('Room 1');
    expect(await roomsAt(`date=${thursday}&time=10:30`)).toContain('Room 2');
    const full = await t.request({ url: `/api/treatment-rooms/available?date=${thursday}&time=10:00`, cookie: staff });
    expect(full.json()[0]).toMatchObject({ roomId: 'Room 1', room_id: 'Room 1', practiceId: 1 });
  });

  it('none when the practice is closed then', async () => {
    expect(await roomsAt(`date=${SUNDAY}&time=10:00`)).toEqual([]);
    expect(await roomsAt(`date=${MONDAY}&time=17:30&duration=60`)).toEqual([]);
    expect(await roomsAt(`date=${MONDAY}&time=06:00`)).toEqual([]);
  });

  it.each([
    ['time=10:00', 'date'],
    ['date=2027-02-01', 'time'],
    ['date=2027-02-01&time=10am', 'time'],
    ['date=2027-02-01&time=24:00', 'time'],
    ['date=2027-02-01&time=10:00&duration=20', 'duration'],
  ])('%s is 400 naming %s', async (query, field) => {
    const response = await t.request({ url: `/api/treatment-rooms/available?${query}`, cookie: staff });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  it('401 signed out, 403 without appointments.view, 403 for another practice', async () => {
    const url = `/api/treatment-rooms/available?date=${MONDAY}&time=10:00`;
    expect((await t.request({ url })).statusCode).toBe(401);
    await setPermission('staff', 'appointments.view', false);
    expect((await t.request({ url, cookie: staff })).statusCode).toBe(403);
    await setPermission('staff', 'appointments.view', null);
    expect((await t.request({ url, cookie: staff, practiceId: 3 })).statusCode).toBe(403);
  });
});

describe('GET /api/users and /api/maintenance-schedules', () => {
  it('users keep their shape, with a provider colour for every provider', async () => {
    const response = await t.request({ url: '/api/users', cookie: staff });
    const users = response.json() as StaffMember[];
    const providers = users.filter((user) => ['doctor', 'hygienist', 'admin'].includes(user.role));
    expect(providers.length).toBeGreaterThan(3);
    for (const provider of providers) expect(provider.providerColor).toMatch(/^#[0-9a-f]{6}$/i);
    expect(Object.keys(users[0] ?? {}).sort()).toEqual(
      [
        'displayName',
        'email',
        'firstName',
        'id',
        'isAvailable',
        'lastName',
        'practiceId',
        'providerColor',
        'role',
        'username',
      ].sort(),
    );
  });

  it('maintenance of the given day in the practice’s own rooms only', async () => {
    const friday = '2027-02-05';
    const window = (id: string, room: string, date: string) => ({
      id,
      practice_id: 1,
      room_id: room,
      maintenance_type: 'routine',
      title: `Check ${room}`,
      description: null,
      start_date_time: on(date, '12:00'),
      end_date_time: on(date, '13:00'),
      priority: 'low',
      vendor: null,
      cost: null,
      notes: null,
      created_at: on(date, '08:00'),
      updated_at: on(date, '08:00'),
    });
    await t.db
      .insertInto('maintenance_schedules')
      .values([
        window('c4b0f6a2-3333-4d3b-9a55-000000000001', 'Room 3', friday),
        window('c4b0f6a2-3333-4d3b-9a55-000000000002', 'Room 3', '2027-02-06'),
        window('c4b0f6a2-3333-4d3b-9a55-000000000003', 'Annex', friday),
      ])
      .execute();
    const response = await t.request({ url: `/api/maintenance-schedules?date=${friday}`, cookie: staff });
    expect(response.statusCode).toBe(200);
    expect((response.json() as MaintenanceSchedule[]).map((m) => m.id)).toEqual([
      'c4b0f6a2-3333-4d3b-9a55-000000000001',
    ]);
  });
});

/** The schedule of a day exactly as the browser assembles it offline, from the REST lists. */
async function browserDay(date: string, cookie: string): Promise<DaySchedule> {
  const hours = ((await t.request({ url: '/api/practice-hours-unified/1', cookie })).json() as PracticeHoursResponse)
    .hours;
  const rooms = ((await t.request({ url: '/api/treatment-rooms', cookie })).json() as TreatmentRoom[]).map(
    (room) => room.roomId,
  );
  const providers = ((await t.request({ url: '/api/users', cookie })).json() as StaffMember[])
    .filter((user) => ['doctor', 'hygienist', 'admin'].includes(user.role) && user.isAvailable)
    .map((user) => ({ id: user.id, name: user.displayName, role: user.role }));
  const appointments = ((await t.request({ url: `/api/appointments?date=${date}`, cookie })).json() as Appointment[])
    .filter((appointment) => !['cancelled', 'no-show'].includes(appointment.status))
    .map(toBooked);
  const maintenance = (
    (await t.request({ url: `/api/maintenance-schedules?date=${date}`, cookie })).json() as MaintenanceSchedule[]
  ).map((m) => ({
    id: m.id,
    roomId: m.roomId,
    title: m.title,
    startDateTime: m.startDateTime,
    endDateTime: m.endDateTime,
  }));
  return { date, timeZone: TZ, hours, rooms, providers, appointments, maintenance };
}

function toBooked(appointment: Appointment): BookedAppointment {
  return {
    id: appointment.id,
    patientId: appointment.patientId,
    providerId: appointment.providerId,
    treatmentRoom: appointment.treatmentRoom,
    appointmentDate: appointment.appointmentDate,
    duration: appointment.duration,
    status: appointment.status,
    patientName: appointment.patientName,
  };
}

/** Mulberry32, seeded so a failure can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('the server’s verdict agrees with the shared rules the browser runs', () => {
  it('a few hundred random bookings: 201, 409 or 400 exactly as findConflicts and analyzeConflicts say', async () => {
    const random = seededRandom(42);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const days = ['2027-03-01', '2027-03-02'];
    const rooms = ['Room 7', 'Room 8', 'Room 9'];
    const providerIds = [doctorId, hygienistId, await userId('admin')];
    // A 15-minute grid from 07:00 to 18:45: some bookings fall outside hours, many overlap partly.
    const times = Array.from(
      { length: 48 },
      (_, i) => `${String(7 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
    );
    const model: Record<string, BookedAppointment[]> = { [days[0] as string]: [], [days[1] as string]: [] };
    const tally = { 201: 0, 400: 0, 409: 0, override: 0, analyses: 0 };

    for (let round = 0; round < 300; round++) {
      const date = pick(days);
      const booked = model[date] ?? [];
      if (round % 7 === 6 && booked.length > 0) {
        const victim = pick(booked);
        expect((await cancel(victim.id)).statusCode).toBe(200);
        model[date] = booked.filter((other) => other.id !== victim.id);
        continue;
      }
      const candidate = {
        patientId: pick(patients),
        providerId: pick(providerIds),
        treatmentRoom: pick(rooms),
        appointmentDate: on(date, pick(times)),
        duration: pick([30, 60, 90, 120]),
      };
      const override = random() < 0.1;
      const day = await browserDay(date, staff);
      expect(day.appointments.map((a) => a.id).sort()).toEqual(booked.map((a) => a.id).sort());
      const local = analyzeConflicts(candidate, day);
      const clashes = findConflicts(candidate, day.appointments, { maintenance: day.maintenance, timeZone: TZ });
      if (round % 10 === 0) {
        const nextDate = date === '2027-03-01' ? '2027-03-02' : '2027-03-03';
        const expected = analyzeConflicts(candidate, day, { nextOpenDay: await browserDay(nextDate, staff) });
        const served = await analyze(candidate, staff);
        expect(served.json()).toEqual(JSON.parse(JSON.stringify(expected)));
        tally.analyses += 1;
      }

      const response = await book({ ...candidate, override });
      const outsideHours = local.conflicts.some((c) => c.type === 'practice_hours');
      if (outsideHours) {
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().field).toBe('appointmentDate');
        tally[400] += 1;
      } else if (clashes.length > 0 && !override) {
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json().conflicts).toEqual(clashes);
        expect(local.conflicts.filter((c) => c.severity === 'critical').map((c) => c.message)).toEqual(
          clashes.map((c) => c.message),
        );
        tally[409] += 1;
      } else {
        expect(response.statusCode, response.body).toBe(201);
        booked.push(toBooked(response.json()));
        tally[201] += 1;
        if (clashes.length > 0) tally.override += 1;
      }
    }
    expect(tally[201]).toBeGreaterThan(20);
    expect(tally[409]).toBeGreaterThan(20);
    expect(tally[400]).toBeGreaterThan(5);
    expect(tally.override).toBeGreaterThan(0);
    expect(tally.analyses).toBeGreaterThan(10);
  }, 120_000);
});

describe('override is audited with the conflicts it booked through', () => {
  it('409 first, then 201 with override and an audit row naming the conflicts', async () => {
    const first = await book({ treatmentRoom: 'Room 12', appointmentDate: on(MONDAY, '13:00') });
    expect(first.statusCode).toBe(201);
    const clash = booking({ treatmentRoom: 'Room 12', appointmentDate: on(MONDAY, '13:00'), providerId: hygienistId });
    const refused = await book(clash);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'Scheduling conflict', conflicts: [{ type: 'room' }] });
    const forced = await book({ ...clash, override: true });
    expect(forced.statusCode).toBe(201);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('entity_id', '=', forced.json().id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details ?? '{}')).toMatchObject({ override: true, conflicts: [{ type: 'room' }] });
    expect((await book(clash, hygienist)).statusCode).toBe(403);
  });
});
