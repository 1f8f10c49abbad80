import type { AbsencePreview } from '@dental/domain/scheduling/absence.schema';
import type { Appointment } from '@dental/domain/scheduling/appointment';
import { instantAt } from '@dental/domain/time/zones';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const TZ = 'America/Toronto';
/** Mondays past the seeded weeks, one per scenario so they never share a slot. */
const ABSENCE_DAY = '2027-03-01';
const ALL_OR_NOTHING_DAY = '2027-03-08';
const FAMILY_DAY = '2027-03-15';
const MAINTENANCE_DAY = '2027-03-22';
const on = (date: string, time: string) => instantAt(date, time, TZ);

let t: TestApp;
let receptionist: string;
let hygienist: string;
let staff: string;
let admin: string;
let doctorId: number;
let hygienistId: number;
let adminId: number;
let patients: string[];

const userId = async (username: string) =>
  (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await createTestApp();
  receptionist = await t.login('receptionist');
  hygienist = await t.login('hygienist');
  staff = await t.login('staff');
  admin = await t.login('admin');
  doctorId = await userId('doctor');
  hygienistId = await userId('hygienist');
  adminId = await userId('admin');
  patients = (
    await t.db
      .selectFrom('patients')
      .select('id')
      .where('practice_id', '=', 1)
      .where('is_active', '=', 1)
      .orderBy('id')
      .limit(8)
      .execute()
  ).map((row) => row.id);
});
afterAll(async () => {
  await t.close();
});

async function book(body: Record<string, unknown>): Promise<Appointment> {
  const response = await t.request({
    method: 'POST',
    url: '/api/appointments',
    cookie: receptionist,
    body: { procedure: 'Cleaning', duration: 30, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const post = (url: string, body: unknown, cookie = receptionist, practiceId?: number) =>
  t.request({ method: 'POST', url, cookie, body, ...(practiceId ? { practiceId } : {}) });

describe('provider absence', () => {
  let first: Appointment;
  let second: Appointment;
  let third: Appointment;
  let cancelled: Appointment;

  it('previews the affected bookings with up to 3 suggestions, leaving out cancelled ones', async () => {
    first = await book({
      patientId: patients[0],
      providerId: doctorId,
      treatmentRoom: 'Room 1',
      appointmentDate: on(ABSENCE_DAY, '10:00'),
    });
    second = await book({
      patientId: patients[1],
      providerId: doctorId,
      treatmentRoom: 'Room 2',
      appointmentDate: on(ABSENCE_DAY, '11:00'),
    });
    third = await book({
      patientId: patients[2],
      providerId: doctorId,
      treatmentRoom: 'Room 3',
      appointmentDate: on(ABSENCE_DAY, '13:00'),
    });
    cancelled = await book({
      patientId: patients[3],
      providerId: doctorId,
      treatmentRoom: 'Room 4',
      appointmentDate: on(ABSENCE_DAY, '14:00'),
    });
    await t.request({
      method: 'PATCH',
      url: `/api/appointments/${cancelled.id}`,
      cookie: receptionist,
      body: { status: 'cancelled' },
    });

    const response = await post('/api/provider-absences/preview', {
      providerId: doctorId,
      startDate: ABSENCE_DAY,
      endDate: ABSENCE_DAY,
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json() as AbsencePreview;
    expect(preview.affected.map((entry) => entry.appointment.id)).toEqual([first.id, second.id, third.id]);
    for (const entry of preview.affected) {
      expect(entry.groupId).toBeNull();
      expect(entry.suggestions.length).toBeGreaterThan(0);
      expect(entry.suggestions.length).toBeLessThanOrEqual(3);
      expect(entry.suggestions.map((s) => s.confidence)).toEqual(
        [...entry.suggestions.map((s) => s.confidence)].sort().reverse(),
      );
    }
    expect(preview.affected[0]?.suggestions[0]).toMatchObject({
      type: 'reassign',
      confidence: 0.9,
      newDate: ABSENCE_DAY,
      newTime: '10:00',
      newRoomId: 'Room 1',
    });
    expect(preview.affected[0]?.suggestions[1]).toMatchObject({
      type: 'reschedule',
      confidence: 0.8,
      newDate: '2027-03-02',
      newTime: '10:00',
    });
    // Nothing was written.
    expect(await t.db.selectFrom('provider_absences').select('id').execute()).toEqual([]);
  });

  it('refuses a preview or processing without the permission', async () => {
    const body = { providerId: doctorId, startDate: ABSENCE_DAY, endDate: ABSENCE_DAY, reason: 'sick-leave' };
    expect((await post('/api/provider-absences/preview', body, staff)).statusCode).toBe(403);
    expect((await post('/api/provider-absences', body, hygienist)).statusCode).toBe(403);
  });

  it('validates with the wizard’s own texts', async () => {
    const missingProvider = await post('/api/provider-absences', {
      startDate: ABSENCE_DAY,
      endDate: ABSENCE_DAY,
      reason: 'vacation',
    });
    expect(missingProvider.statusCode).toBe(400);
    expect(missingProvider.json()).toMatchObject({
      field: 'providerId',
      message: 'Please select a provider who will be absent.',
    });
    const missingReason = await post('/api/provider-absences', {
      providerId: doctorId,
      startDate: ABSENCE_DAY,
      endDate: ABSENCE_DAY,
    });
    expect(missingReason.json()).toMatchObject({
      field: 'reason',
      message: 'Please provide a reason for the absence.',
    });
    const backwards = await post('/api/provider-absences', {
      providerId: doctorId,
      startDate: ABSENCE_DAY,
      endDate: '2027-02-28',
      reason: 'vacation',
    });
    expect(backwards.json()).toMatchObject({ field: 'endDate', message: 'endDate must not be before startDate' });
    const notAProvider = await post('/api/provider-absences', {
      providerId: await userId('staff'),
      startDate: ABSENCE_DAY,
      endDate: ABSENCE_DAY,
      reason: 'vacation',
    });
    expect(notAProvider.json()).toMatchObject({ field: 'providerId' });
  });

  it('processes reschedule, reassign and cancel together, notifies, and blocks new bookings', async () => {
    const response = await post('/api/provider-absences', {
      providerId: doctorId,
      startDate: ABSENCE_DAY,
      endDate: ABSENCE_DAY,
      reason: 'sick-leave',
      notes: 'Flu',
      emergencyContact: adminId,
      notifyPatients: true,
      plans: [
        { appointmentId: first.id, action: 'reschedule', newDate: '2027-03-02', newTime: '10:00', priority: 'high' },
        { appointmentId: second.id, action: 'reassign', newProviderId: hygienistId, patientNotified: false },
        { appointmentId: third.id, action: 'cancel' },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.absence).toMatchObject({
      practiceId: 1,
      providerId: doctorId,
      startDate: ABSENCE_DAY,
      endDate: ABSENCE_DAY,
      reason: 'sick-leave',
      notes: 'Flu',
      emergencyContact: adminId,
    });
    const [moved, reassigned, gone] = body.appointments as Appointment[];
    expect(moved).toMatchObject({
      id: first.id,
      status: 'scheduled',
      appointmentDate: on('2027-03-02', '10:00'),
      providerId: doctorId,
      treatmentRoom: 'Room 1',
    });
    expect(reassigned).toMatchObject({
      id: second.id,
      providerId: hygienistId,
      appointmentDate: second.appointmentDate,
      treatmentRoom: 'Room 2',
    });
    expect(gone).toMatchObject({
      id: third.id,
      status: 'cancelled',
      notes: 'Cancelled: provider absence (Sick Leave)',
    });

    expect(body.messages).toHaveLength(2);
    expect(body.messages.map((m: { appointmentId: string }) => m.appointmentId).sort()).toEqual(
      [first.id, third.id].sort(),
    );
    expect(body.messages[0]).toMatchObject({
      type: 'appointment_change',
      status: 'queued',
      message: expect.stringContaining('moved to Mar 2, 10:00 AM'),
    });
    const stored = await t.db.selectFrom('outgoing_messages').select('appointment_id').execute();
    expect(stored).toHaveLength(2);

    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', [
        'provider_absence.create',
        'appointment.reschedule',
        'appointment.reassign',
        'appointment.cancel',
        'message.queue',
      ])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(
      [
        'appointment.cancel',
        'appointment.reassign',
        'appointment.reschedule',
        'message.queue',
        'message.queue',
        'provider_absence.create',
      ].sort(),
    );

    const blocked = await t.request({
      method: 'POST',
      url: '/api/appointments',
      cookie: receptionist,
      body: {
        patientId: patients[4],
        providerId: doctorId,
        treatmentRoom: 'Room 6',
        appointmentDate: on(ABSENCE_DAY, '15:00'),
        duration: 30,
        procedure: 'Exam',
      },
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().conflicts).toContainEqual(
      expect.objectContaining({ type: 'absence', message: 'The provider is absent (Sick Leave) on this day' }),
    );
    const move = await t.request({
      method: 'PATCH',
      url: `/api/appointments/${first.id}`,
      cookie: receptionist,
      body: { appointmentDate: on(ABSENCE_DAY, '16:00') },
    });
    expect(move.statusCode).toBe(409);

    const slots = await t.request({
      url: `/api/appointments/available-slots?date=${ABSENCE_DAY}`,
      cookie: receptionist,
    });
    expect(slots.json().slots.some((slot: { providerIds: number[] }) => slot.providerIds.includes(doctorId))).toBe(
      false,
    );
    const analysis = await post('/api/appointments/analyze-conflicts', {
      providerId: doctorId,
      treatmentRoom: 'Room 6',
      appointmentDate: on(ABSENCE_DAY, '15:00'),
      duration: 30,
    });
    expect(analysis.json().conflicts).toContainEqual(expect.objectContaining({ type: 'absence' }));

    const listed = await t.request({ url: `/api/provider-absences?date=${ABSENCE_DAY}`, cookie: staff });
    expect(listed.json()).toEqual([body.absence]);
    const pull = await t.request({ url: '/api/sync/pull?limit=5000', cookie: receptionist });
    const changes = pull.json().changes as { table: string; id: string; row: unknown }[];
    let cursor = pull.json();
    const all = [...changes];
    while (cursor.hasMore) {
      cursor = (
        await t.request({ url: `/api/sync/pull?limit=5000&cursor=${cursor.cursor}`, cookie: receptionist })
      ).json();
      all.push(...cursor.changes);
    }
    expect(all.find((change) => change.table === 'provider_absences')).toMatchObject({
      id: body.absence.id,
      row: body.absence,
    });
  });

  it('refuses a second absence over the same days', async () => {
    const response = await post('/api/provider-absences', {
      providerId: doctorId,
      startDate: ABSENCE_DAY,
      endDate: '2027-03-03',
      reason: 'vacation',
    });
    expect(response.statusCode).toBe(409);
  });

  it('is all or nothing: one conflicting plan leaves no absence and no change', async () => {
    const kept = await book({
      patientId: patients[0],
      providerId: adminId,
      treatmentRoom: 'Room 1',
      appointmentDate: on(ALL_OR_NOTHING_DAY, '09:00'),
    });
    const clashing = await book({
      patientId: patients[1],
      providerId: adminId,
      treatmentRoom: 'Room 2',
      appointmentDate: on(ALL_OR_NOTHING_DAY, '10:00'),
    });
    const occupant = await book({
      patientId: patients[2],
      providerId: hygienistId,
      treatmentRoom: 'Room 5',
      appointmentDate: on('2027-03-09', '11:00'),
    });
    const before = await t.db
      .selectFrom('appointments')
      .selectAll()
      .where('id', 'in', [kept.id, clashing.id])
      .orderBy('id')
      .execute();
    const messagesBefore = (
      await t.db.selectFrom('outgoing_messages').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()
    ).n;

    const response = await post('/api/provider-absences', {
      providerId: adminId,
      startDate: ALL_OR_NOTHING_DAY,
      endDate: ALL_OR_NOTHING_DAY,
      reason: 'personal',
      plans: [
        { appointmentId: kept.id, action: 'reschedule', newDate: '2027-03-09', newTime: '09:00' },
        {
          appointmentId: clashing.id,
          action: 'reschedule',
          newDate: '2027-03-09',
          newTime: '11:00',
          newRoomId: 'Room 5',
        },
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      appointmentId: clashing.id,
      message: expect.stringContaining('Scheduling conflict for'),
    });
    expect(response.json().conflicts[0]).toMatchObject({ type: 'room', appointmentId: occupant.id });
    expect(
      await t.db.selectFrom('provider_absences').select('id').where('provider_id', '=', adminId).execute(),
    ).toEqual([]);
    expect(
      await t.db
        .selectFrom('appointments')
        .selectAll()
        .where('id', 'in', [kept.id, clashing.id])
        .orderBy('id')
        .execute(),
    ).toEqual(before);
    expect(
      (await t.db.selectFrom('outgoing_messages').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
    ).toBe(messagesBefore);

    const stillAbsent = await post('/api/provider-absences', {
      providerId: adminId,
      startDate: ALL_OR_NOTHING_DAY,
      endDate: '2027-03-09',
      reason: 'personal',
      plans: [{ appointmentId: kept.id, action: 'reschedule', newDate: '2027-03-09', newTime: '09:00' }],
    });
    expect(stillAbsent.statusCode).toBe(409);
    expect(stillAbsent.json().conflicts[0]).toMatchObject({ type: 'absence' });
  });

  it('keeps practices apart', async () => {
    const local = await book({
      patientId: patients[5],
      providerId: adminId,
      treatmentRoom: 'Room 8',
      appointmentDate: on('2027-03-10', '09:00'),
    });
    const fromCalgary = await post(
      '/api/provider-absences',
      {
        providerId: adminId,
        startDate: '2027-03-10',
        endDate: '2027-03-10',
        reason: 'other',
        plans: [{ appointmentId: local.id, action: 'cancel' }],
      },
      admin,
      2,
    );
    expect(fromCalgary.statusCode).toBe(400);
    expect(fromCalgary.json().field).toBe('plans.0.appointmentId');
    const foreignProvider = await post(
      '/api/provider-absences/preview',
      { providerId: hygienistId, startDate: '2027-03-10', endDate: '2027-03-10' },
      admin,
      3,
    );
    expect(foreignProvider.statusCode).toBe(400);
    expect(foreignProvider.json().field).toBe('providerId');
    expect(
      (await t.request({ url: '/api/provider-absences?date=2027-03-01', cookie: admin, practiceId: 2 })).json(),
    ).toEqual([]);
  });

  it('moves family members booked back to back together', async () => {
    const pair = await t.db
      .selectFrom('family_relationships')
      .select(['patient_id', 'related_patient_id'])
      .where('practice_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const parent = await book({
      patientId: pair.patient_id,
      providerId: doctorId,
      treatmentRoom: 'Room 3',
      appointmentDate: on(FAMILY_DAY, '09:00'),
    });
    const child = await book({
      patientId: pair.related_patient_id,
      providerId: doctorId,
      treatmentRoom: 'Room 3',
      appointmentDate: on(FAMILY_DAY, '09:30'),
    });
    const preview = (
      await post('/api/provider-absences/preview', { providerId: doctorId, startDate: FAMILY_DAY, endDate: FAMILY_DAY })
    ).json() as AbsencePreview;
    const [a, b] = preview.affected;
    expect(a?.appointment.id).toBe(parent.id);
    expect(b?.appointment.id).toBe(child.id);
    expect(a?.groupId).toBe(parent.id);
    expect(b?.groupId).toBe(parent.id);
    expect(a?.suggestions.map((s) => [s.type, s.newDate, s.newProviderId, s.newRoomId])).toEqual(
      b?.suggestions.map((s) => [s.type, s.newDate, s.newProviderId, s.newRoomId]),
    );
  });
});

describe('room maintenance', () => {
  const windowBody = (over: Record<string, unknown> = {}) => ({
    roomId: 'Room 4',
    title: 'Chair hydraulics',
    startDateTime: on(MAINTENANCE_DAY, '09:00'),
    endDateTime: on(MAINTENANCE_DAY, '10:00'),
    ...over,
  });
  let windowId: string;

  it('schedules with the defaults, versions and audits it, and keeps a client id', async () => {
    const id = '0b6f1d2e-3c4a-4b5c-9d6e-7f8091a2b3c4';
    const response = await post('/api/maintenance-schedules', {
      ...windowBody(),
      id,
      cost: '150.25',
      vendor: 'DentalTech',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      id,
      practiceId: 1,
      roomId: 'Room 4',
      maintenanceType: 'routine',
      priority: 'medium',
      cost: 150.25,
      vendor: 'DentalTech',
    });
    windowId = id;
    const list = await t.request({ url: `/api/maintenance-schedules?date=${MAINTENANCE_DAY}`, cookie: receptionist });
    expect(list.json()).toContainEqual(expect.objectContaining({ id }));
    const version = await t.db
      .selectFrom('row_versions')
      .selectAll()
      .where('table_name', '=', 'maintenance_schedules')
      .where('row_id', '=', id)
      .executeTakeFirst();
    expect(version?.deleted).toBe(0);
    expect((await post('/api/maintenance-schedules', { ...windowBody(), id })).statusCode).toBe(409);
  });

  it('validates with the form’s own texts', async () => {
    const missing = await post('/api/maintenance-schedules', windowBody({ title: '' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'title', message: 'Please fill in all required fields.' });
    const noRoom = await post('/api/maintenance-schedules', windowBody({ roomId: undefined }));
    expect(noRoom.json()).toMatchObject({ field: 'roomId', message: 'Please fill in all required fields.' });
    const backwards = await post(
      '/api/maintenance-schedules',
      windowBody({ endDateTime: on(MAINTENANCE_DAY, '08:00') }),
    );
    expect(backwards.json()).toMatchObject({ field: 'endDateTime', message: 'End time must be after start time.' });
    const unknownRoom = await post('/api/maintenance-schedules', windowBody({ roomId: 'Room 99' }));
    expect(unknownRoom.json()).toMatchObject({ field: 'roomId' });
    expect((await post('/api/maintenance-schedules', windowBody(), hygienist)).statusCode).toBe(403);
  });

  it('edits everything but the room', async () => {
    const put = (body: Record<string, unknown>, cookie = receptionist, practiceId?: number) =>
      t.request({
        method: 'PUT',
        url: `/api/maintenance-schedules/${windowId}`,
        cookie,
        body,
        ...(practiceId ? { practiceId } : {}),
      });
    const moved = await put(windowBody({ roomId: 'Room 5' }));
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ field: 'roomId', message: 'The room cannot change when editing.' });
    const edited = await put(
      windowBody({ title: 'Chair hydraulics (part 2)', endDateTime: on(MAINTENANCE_DAY, '10:30'), priority: 'high' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      roomId: 'Room 4',
      title: 'Chair hydraulics (part 2)',
      priority: 'high',
      endDateTime: on(MAINTENANCE_DAY, '10:30'),
    });
    expect((await put(windowBody(), admin, 2)).statusCode).toBe(404);
    expect((await put(windowBody(), hygienist)).statusCode).toBe(403);
  });

  it('takes a room by its numeric id as well as by its code', async () => {
    const room4 = await t.db
      .selectFrom('treatment_rooms')
      .select('id')
      .where('practice_id', '=', 1)
      .where('room_code', '=', 'Room 4')
      .executeTakeFirstOrThrow();
    const other = await t.db
      .selectFrom('treatment_rooms')
      .select('id')
      .where('practice_id', '=', 2)
      .executeTakeFirstOrThrow();
    const byId = await post(
      '/api/maintenance-schedules',
      windowBody({
        roomId: room4.id,
        startDateTime: on(MAINTENANCE_DAY, '16:00'),
        endDateTime: on(MAINTENANCE_DAY, '16:30'),
      }),
    );
    expect(byId.statusCode, byId.body).toBe(201);
    expect(byId.json().roomId).toBe('Room 4');
    const foreign = await post('/api/maintenance-schedules', windowBody({ roomId: other.id }));
    expect(foreign.json()).toMatchObject({ field: 'roomId', message: 'roomId is not a room of this practice' });
    const kept = await t.request({
      method: 'PUT',
      url: `/api/maintenance-schedules/${byId.json().id}`,
      cookie: receptionist,
      body: windowBody({
        roomId: String(room4.id),
        title: 'Chair hydraulics (by id)',
        startDateTime: on(MAINTENANCE_DAY, '16:00'),
        endDateTime: on(MAINTENANCE_DAY, '16:30'),
      }),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/maintenance-schedules/${byId.json().id}`,
      cookie: receptionist,
    });
    expect(deleted.statusCode).toBe(200);
  });

  it('refuses a window over booked appointments with the list, and changes nothing', async () => {
    const a = await book({
      patientId: patients[0],
      providerId: doctorId,
      treatmentRoom: 'Room 6',
      appointmentDate: on(MAINTENANCE_DAY, '13:00'),
    });
    const b = await book({
      patientId: patients[1],
      providerId: hygienistId,
      treatmentRoom: 'Room 6',
      appointmentDate: on(MAINTENANCE_DAY, '13:30'),
    });
    const response = await post(
      '/api/maintenance-schedules',
      windowBody({
        roomId: 'Room 6',
        startDateTime: on(MAINTENANCE_DAY, '13:00'),
        endDateTime: on(MAINTENANCE_DAY, '14:00'),
      }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'Appointments are booked in this room during this time.' });
    expect(response.json().appointments.map((x: Appointment) => x.id)).toEqual([a.id, b.id]);
    expect(response.json().conflicts).toHaveLength(2);
    expect(response.json().conflicts[0]).toMatchObject({
      type: 'room',
      appointmentId: a.id,
      message: expect.stringContaining('is already booked by'),
    });
    expect(
      await t.db
        .selectFrom('maintenance_schedules')
        .select('id')
        .where('room_id', '=', 'Room 6')
        .where('start_date_time', '=', on(MAINTENANCE_DAY, '13:00'))
        .execute(),
    ).toEqual([]);

    const preview = await post('/api/maintenance-schedules/preview', {
      roomId: 'Room 6',
      startDateTime: on(MAINTENANCE_DAY, '13:00'),
      endDateTime: on(MAINTENANCE_DAY, '14:00'),
    });
    expect(preview.statusCode).toBe(200);
    const affected = preview.json().affected as {
      appointment: Appointment;
      suggestions: { type: string; confidence: number; newRoomId: string; newTime: string }[];
    }[];
    expect(affected.map((entry) => entry.appointment.id)).toEqual([a.id, b.id]);
    expect(affected[0]?.suggestions[0]).toMatchObject({ type: 'room-change', confidence: 0.9, newTime: '13:00' });

    // One plan moves into a room that is taken: nothing applies.
    const taken = await book({
      patientId: patients[2],
      providerId: adminId,
      treatmentRoom: 'Room 7',
      appointmentDate: on(MAINTENANCE_DAY, '13:30'),
    });
    const refused = await post(
      '/api/maintenance-schedules',
      windowBody({
        roomId: 'Room 6',
        startDateTime: on(MAINTENANCE_DAY, '13:00'),
        endDateTime: on(MAINTENANCE_DAY, '14:00'),
        displace: [
          {
            appointmentId: a.id,
            action: 'reschedule',
            newDate: MAINTENANCE_DAY,
            newTime: '13:00',
            newRoomId: 'Room 8',
          },
          {
            appointmentId: b.id,
            action: 'reschedule',
            newDate: MAINTENANCE_DAY,
            newTime: '13:30',
            newRoomId: 'Room 7',
          },
        ],
      }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ appointmentId: b.id });
    expect(refused.json().conflicts[0]).toMatchObject({ appointmentId: taken.id });
    const untouched = await t.db
      .selectFrom('appointments')
      .select(['id', 'treatment_room'])
      .where('id', 'in', [a.id, b.id])
      .execute();
    expect(untouched.every((row) => row.treatment_room === 'Room 6')).toBe(true);

    // Displacing both moves them in the same transaction.
    const displaced = await post(
      '/api/maintenance-schedules',
      windowBody({
        roomId: 'Room 6',
        startDateTime: on(MAINTENANCE_DAY, '13:00'),
        endDateTime: on(MAINTENANCE_DAY, '14:00'),
        displace: [
          {
            appointmentId: a.id,
            action: 'reschedule',
            newDate: MAINTENANCE_DAY,
            newTime: '13:00',
            newRoomId: 'Room 8',
          },
          { appointmentId: b.id, action: 'reschedule', newDate: MAINTENANCE_DAY, newTime: '14:00' },
        ],
      }),
    );
    expect(displaced.statusCode, displaced.body).toBe(201);
    const after = await t.db
      .selectFrom('appointments')
      .select(['id', 'treatment_room', 'appointment_date'])
      .where('id', 'in', [a.id, b.id])
      .orderBy('appointment_date')
      .execute();
    expect(after).toEqual([
      { id: a.id, treatment_room: 'Room 8', appointment_date: on(MAINTENANCE_DAY, '13:00') },
      { id: b.id, treatment_room: 'Room 6', appointment_date: on(MAINTENANCE_DAY, '14:00') },
    ]);
    const blocked = await t.request({
      method: 'POST',
      url: '/api/appointments',
      cookie: receptionist,
      body: {
        patientId: patients[3],
        providerId: adminId,
        treatmentRoom: 'Room 6',
        appointmentDate: on(MAINTENANCE_DAY, '13:00'),
        duration: 30,
        procedure: 'Exam',
      },
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().conflicts[0]).toMatchObject({ type: 'maintenance' });
  });

  it("a window's plans may only name this practice's bookings, and move only those in its way", async () => {
    const calgary = await t.db
      .selectFrom('appointments')
      .selectAll()
      .where('practice_id', '=', 2)
      .executeTakeFirstOrThrow();
    const elsewhere = await book({
      patientId: patients[5],
      providerId: adminId,
      treatmentRoom: 'Room 12',
      appointmentDate: on(MAINTENANCE_DAY, '16:00'),
    });
    const windows = async () =>
      (await t.db.selectFrom('maintenance_schedules').select('id').where('practice_id', '=', 1).execute()).length;
    const before = await windows();
    const foreign = await post(
      '/api/maintenance-schedules',
      windowBody({
        roomId: 'Room 11',
        startDateTime: on(MAINTENANCE_DAY, '15:00'),
        endDateTime: on(MAINTENANCE_DAY, '15:30'),
        displace: [{ appointmentId: calgary.id, action: 'cancel' }],
      }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      field: 'displace.0.appointmentId',
      message: 'appointmentId is not an appointment of this practice',
    });
    expect(await windows()).toBe(before);
    const calgaryAfter = await t.db
      .selectFrom('appointments')
      .selectAll()
      .where('id', '=', calgary.id)
      .executeTakeFirst();
    expect(calgaryAfter).toEqual(calgary);

    // A plan for a booking of this practice that the window does not touch changes nothing.
    const moot = await post(
      '/api/maintenance-schedules',
      windowBody({
        roomId: 'Room 11',
        startDateTime: on(MAINTENANCE_DAY, '15:00'),
        endDateTime: on(MAINTENANCE_DAY, '15:30'),
        displace: [{ appointmentId: elsewhere.id, action: 'cancel' }],
      }),
    );
    expect(moot.statusCode, moot.body).toBe(201);
    const untouched = await t.db
      .selectFrom('appointments')
      .select('status')
      .where('id', '=', elsewhere.id)
      .executeTakeFirstOrThrow();
    expect(untouched.status).toBe('scheduled');
    await t.request({
      method: 'DELETE',
      url: `/api/maintenance-schedules/${moot.json().id}`,
      cookie: receptionist,
    });
  });

  it('deletes a window, after which the room can be booked', async () => {
    const del = (cookie = receptionist, practiceId?: number) =>
      t.request({
        method: 'DELETE',
        url: `/api/maintenance-schedules/${windowId}`,
        cookie,
        ...(practiceId ? { practiceId } : {}),
      });
    expect((await del(hygienist)).statusCode).toBe(403);
    expect((await del(admin, 2)).statusCode).toBe(404);
    const response = await del();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: windowId, deleted: true });
    expect((await del()).statusCode).toBe(404);
    const version = await t.db
      .selectFrom('row_versions')
      .selectAll()
      .where('row_id', '=', windowId)
      .executeTakeFirstOrThrow();
    expect(version.deleted).toBe(1);
    await book({
      patientId: patients[4],
      providerId: doctorId,
      treatmentRoom: 'Room 4',
      appointmentDate: on(MAINTENANCE_DAY, '09:00'),
    });
  });
});
