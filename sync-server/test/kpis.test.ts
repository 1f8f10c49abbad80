import { randomUUID } from 'node:crypto';
import type { KpiReport } from '@dental/domain/reports/kpis';
import type { Insertable } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentsTable } from '../src/db/schema.ts';
import { activePatientIds, userId } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'admin', 'doctor', 'hygienist');

/**
 * Monday 1 to Sunday 7 June 2026, Toronto (UTC-4 then): far from the demo's November, so every figure comes
 * from the rows below. Practice 1 opens Mon-Fri 8-18 (Thu to 20) and Sat 9-14: 3,420 minutes a room.
 */
const RANGE = 'from=2026-06-01&to=2026-06-07';
const OPEN_MINUTES = 4 * 600 + 720 + 300;

let doctorId: number;
let rooms: number;

async function appointment(practiceId: number, over: Partial<Insertable<AppointmentsTable>>) {
  const [patientId] = await activePatientIds(t, 1, practiceId);
  const now = '2026-05-01T12:00:00.000Z';
  await t.db
    .insertInto('appointments')
    .values({
      id: randomUUID(),
      practice_id: practiceId,
      patient_id: patientId ?? '',
      provider_id: doctorId,
      treatment_room: 'Room 1',
      appointment_date: '2026-06-01T13:00:00.000Z',
      duration: 60,
      status: 'scheduled',
      procedure: 'Cleaning',
      created_at: now,
      updated_at: now,
      ...over,
    })
    .execute();
}

async function patient(createdAt: string) {
  await t.db
    .insertInto('patients')
    .values({
      id: randomUUID(),
      practice_id: 1,
      first_name: 'New',
      last_name: `Patient ${createdAt}`,
      phone: '4165550100',
      medical_history: '{}',
      is_active: 1,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
}

async function recall(patientId: string, dueDate: string) {
  const type = await t.db
    .selectFrom('recall_types')
    .select('id')
    .where('practice_id', '=', 1)
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('recalls')
    .values({
      id: randomUUID(),
      practice_id: 1,
      patient_id: patientId,
      recall_type_id: type.id,
      due_date: dueDate,
      priority: 'normal',
      status: 'active',
      created_at: '2026-01-01T12:00:00.000Z',
    })
    .execute();
}

beforeAll(async () => {
  doctorId = await userId(t, 'doctor');
  const activeRooms = await t.db
    .selectFrom('treatment_rooms')
    .select('id')
    .where('practice_id', '=', 1)
    .where('is_active', '=', 1)
    .execute();
  rooms = activeRooms.length;
  const [kept, missed, keptLate] = await activePatientIds(t, 3);
  if (!kept || !missed || !keptLate) throw new Error('the seed has fewer than three patients');
  const of = (patientId: string) => ({ patient_id: patientId });

  // In the range: 6 booked, 2 completed (paid), 1 cancelled, 1 no-show, 2 still scheduled.
  await appointment(1, {
    ...of(kept),
    status: 'completed',
    payment_collected: 1,
    payment_amount: 120.5,
    payment_method: 'credit',
  });
  await appointment(1, {
    appointment_date: '2026-06-02T14:00:00.000Z',
    duration: 30,
    status: 'completed',
    payment_collected: 1,
    payment_amount: 80,
    payment_method: 'cash',
  });
  await appointment(1, { appointment_date: '2026-06-03T15:00:00.000Z', status: 'cancelled' });
  await appointment(1, {
    appointment_date: '2026-06-04T15:00:00.000Z',
    duration: 90,
    status: 'no-show',
    treatment_room: 'Room 2',
  });
  // Payment noted but not collected: not counted.
  await appointment(1, {
    appointment_date: '2026-06-05T15:00:00.000Z',
    treatment_room: 'Room 2',
    payment_collected: 0,
    payment_amount: 50,
  });
  // 23:30 on Sunday 7 June in Toronto, already Monday in UTC: inside the range.
  await appointment(1, { appointment_date: '2026-06-08T03:30:00.000Z', duration: 30, treatment_room: 'Room 2' });
  // Just outside: Monday 8 June and Sunday 31 May, practice time.
  await appointment(1, { appointment_date: '2026-06-08T04:00:00.000Z', status: 'completed' });
  await appointment(1, { appointment_date: '2026-05-31T20:00:00.000Z', status: 'completed' });

  // Recalls due in the range: one kept the day before, one whose only visits are cancelled or 31 days late, one
  // kept exactly 30 days after; one due the day after the range.
  await recall(kept, '2026-06-02');
  await recall(missed, '2026-06-05');
  await appointment(1, { ...of(missed), appointment_date: '2026-06-20T14:00:00.000Z', status: 'cancelled' });
  await appointment(1, { ...of(missed), appointment_date: '2026-07-06T14:00:00.000Z', status: 'completed' });
  await recall(keptLate, '2026-06-07');
  await appointment(1, { ...of(keptLate), appointment_date: '2026-07-07T14:00:00.000Z', status: 'completed' });
  await recall(kept, '2026-06-08');

  // New patients: Wednesday afternoon and 23:59 on Sunday count; Monday 8 June and Sunday 31 May do not.
  await patient('2026-06-03T18:00:00.000Z');
  await patient('2026-06-08T03:59:00.000Z');
  await patient('2026-06-08T04:00:00.000Z');
  await patient('2026-06-01T03:59:00.000Z');

  // One completed visit in each other practice (Calgary, then practice 3), inside the range there too.
  await appointment(2, { appointment_date: '2026-06-03T16:00:00.000Z', status: 'completed' });
  await appointment(3, { appointment_date: '2026-06-03T16:00:00.000Z', status: 'completed' });
});

const kpis = (query: string, cookie?: string, practiceId: number | undefined = 1) =>
  t.request({ url: `/api/reports/kpis?${query}`, ...(cookie ? { cookie } : {}), practiceId });

describe('GET /api/reports/kpis', () => {
  it('gives the practice’s figures for the range, exactly', async () => {
    const response = await kpis(RANGE, as.admin);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as KpiReport;
    expect(report).toMatchObject({ from: '2026-06-01', to: '2026-06-07', scope: 'practice' });
    expect(report.practices.map((p) => p.practiceId)).toEqual([1]);
    const [practice] = report.practices;
    if (!practice) throw new Error('no practice in the report');
    expect(practice.timeZone).toBe('America/Toronto');
    expect(practice.appointments).toEqual({
      booked: 6,
      completed: 2,
      cancelled: 1,
      noShow: 1,
      completedRate: 2 / 6,
      cancelledRate: 1 / 6,
      noShowRate: 1 / 6,
    });
    expect(practice.utilisation.rooms).toHaveLength(rooms);
    expect(practice.utilisation.rooms.slice(0, 3)).toEqual([
      expect.objectContaining({ room: 'Room 1', bookedMinutes: 90, openMinutes: OPEN_MINUTES }),
      expect.objectContaining({ room: 'Room 2', bookedMinutes: 90, openMinutes: OPEN_MINUTES }),
      expect.objectContaining({ room: 'Room 3', bookedMinutes: 0, utilisation: 0 }),
    ]);
    expect(practice.utilisation.rooms[0]?.utilisation).toBeCloseTo(90 / OPEN_MINUTES, 10);
    expect(practice.utilisation).toMatchObject({ bookedMinutes: 180, openMinutes: OPEN_MINUTES * rooms });
    expect(practice.payments).toEqual({
      total: 200.5,
      count: 2,
      byMethod: [
        { method: 'credit', amount: 120.5, count: 1 },
        { method: 'cash', amount: 80, count: 1 },
      ],
    });
    expect(practice.newPatients).toBe(2);
    expect(practice.recalls).toEqual({ due: 3, kept: 2, rate: 2 / 3 });
    expect(report.total).toMatchObject({ appointments: practice.appointments, newPatients: 2 });
  });

  it('reports every practice of the caller on its own, with their total, and none other', async () => {
    const doctor = (await kpis(`${RANGE}&scope=all`, as.doctor)).json() as KpiReport;
    expect(doctor.practices.map((p) => p.practiceId)).toEqual([1, 2]);
    expect(doctor.practices[1]?.appointments).toMatchObject({ booked: 1, completed: 1 });
    expect(doctor.total.appointments).toMatchObject({ booked: 7, completed: 3, completedRate: 3 / 7 });
    expect(doctor.total.utilisation.rooms).toEqual([]);
    expect(doctor.total.payments.total).toBe(200.5);

    const admin = (await kpis(`${RANGE}&scope=all`, as.admin)).json() as KpiReport;
    expect(admin.practices.map((p) => p.practiceId)).toEqual([1, 2, 3]);
    expect(admin.total.appointments.booked).toBe(8);

    const calgary = (await kpis(RANGE, as.doctor, 2)).json() as KpiReport;
    expect(calgary.practices.map((p) => p.practiceId)).toEqual([2]);
  });

  it('names the field it refuses with 400', async () => {
    const refusal = async (query: string) => {
      const response = await kpis(query, as.admin);
      expect(response.statusCode, response.body).toBe(400);
      return response.json() as { field: string; message: string };
    };
    expect(await refusal('to=2026-06-07')).toMatchObject({ field: 'from', message: 'from is required' });
    expect(await refusal('from=2026-06-31&to=2026-07-01')).toMatchObject({ field: 'from' });
    expect(await refusal('from=2026-06-01&to=tomorrow')).toMatchObject({ field: 'to' });
    expect(await refusal('from=2026-06-08&to=2026-06-07')).toMatchObject({
      field: 'to',
      message: 'to must not be before from',
    });
    expect(await refusal('from=2025-01-01&to=2026-06-07')).toMatchObject({ field: 'to' });
    expect(await refusal(`${RANGE}&scope=everything`)).toMatchObject({ field: 'scope' });
  });

  it('needs a session, dashboard.metrics and a practice of the caller', async () => {
    expect((await kpis(RANGE)).statusCode).toBe(401);
    const hygienist = await kpis(RANGE, as.hygienist);
    expect(hygienist.statusCode).toBe(403);
    expect(hygienist.json()).toMatchObject({ requiredPermission: 'dashboard.metrics' });
    expect((await kpis(RANGE, as.doctor, 3)).statusCode).toBe(403);
  });
});
