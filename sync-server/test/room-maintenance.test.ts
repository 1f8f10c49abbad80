import type { Appointment } from '@dental/domain/scheduling/appointment';
import { ADMIN, anAppointment, DOCTOR, HYGIENIST, on } from '@dental/domain/testing/appointments';
import { aMaintenanceSchedule } from '@dental/domain/testing/maintenance';
import { describe, expect, it } from 'vitest';
import { bookAppointment, postAppointment, postTo } from './helpers/api.ts';
import { activePatients } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

/** A Monday past the seeded weeks. */
const MAINTENANCE_DAY = '2027-03-22';

const t = fileApp();
const as = signedIn(t, 'receptionist', 'hygienist', 'admin');

const patient = activePatients(t, 8);
const book = (body: unknown) => bookAppointment(t, as.receptionist, body);
const post = (url: string, body: unknown, cookie = as.receptionist, practiceId?: number) =>
  postTo(t, url, body, cookie, practiceId);

describe('room maintenance', () => {
  /** The window these tests schedule, edit and delete. */
  const WINDOW = aMaintenanceSchedule({
    roomId: 'Room 4',
    startDateTime: on(MAINTENANCE_DAY, '09:00'),
    endDateTime: on(MAINTENANCE_DAY, '10:00'),
  });
  let windowId: string;

  it('schedules with the defaults, versions and audits it, and keeps a client id', async () => {
    const id = '0b6f1d2e-3c4a-4b5c-9d6e-7f8091a2b3c4';
    const response = await post('/api/maintenance-schedules', { ...WINDOW, id, cost: '150.25', vendor: 'DentalTech' });
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
    const list = await t.request({
      url: `/api/maintenance-schedules?date=${MAINTENANCE_DAY}`,
      cookie: as.receptionist,
    });
    expect(list.json()).toContainEqual(expect.objectContaining({ id }));
    const version = await t.db
      .selectFrom('row_versions')
      .selectAll()
      .where('table_name', '=', 'maintenance_schedules')
      .where('row_id', '=', id)
      .executeTakeFirst();
    expect(version?.deleted).toBe(0);
    expect((await post('/api/maintenance-schedules', { ...WINDOW, id })).statusCode).toBe(409);
  });

  it('validates with the form’s own texts', async () => {
    const missing = await post('/api/maintenance-schedules', { ...WINDOW, title: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'title', message: 'Please fill in all required fields.' });
    const noRoom = await post('/api/maintenance-schedules', { ...WINDOW, roomId: undefined });
    expect(noRoom.json()).toMatchObject({ field: 'roomId', message: 'Please fill in all required fields.' });
    const backwards = await post('/api/maintenance-schedules', {
      ...WINDOW,
      endDateTime: on(MAINTENANCE_DAY, '08:00'),
    });
    expect(backwards.json()).toMatchObject({ field: 'endDateTime', message: 'End time must be after start time.' });
    const unknownRoom = await post('/api/maintenance-schedules', { ...WINDOW, roomId: 'Room 99' });
    expect(unknownRoom.json()).toMatchObject({ field: 'roomId' });
    expect((await post('/api/maintenance-schedules', WINDOW, as.hygienist)).statusCode).toBe(403);
  });

  it('edits everything but the room', async () => {
    const put = (body: unknown, cookie = as.receptionist, practiceId?: number) =>
      t.request({
        method: 'PUT',
        url: `/api/maintenance-schedules/${windowId}`,
        cookie,
        body,
        ...(practiceId ? { practiceId } : {}),
      });
    const moved = await put({ ...WINDOW, roomId: 'Room 5' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ field: 'roomId', message: 'The room cannot change when editing.' });
    const edited = await put({
      ...WINDOW,
      title: 'Chair hydraulics (part 2)',
      endDateTime: on(MAINTENANCE_DAY, '10:30'),
      priority: 'high',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      roomId: 'Room 4',
      title: 'Chair hydraulics (part 2)',
      priority: 'high',
      endDateTime: on(MAINTENANCE_DAY, '10:30'),
    });
    expect((await put(WINDOW, as.admin, 2)).statusCode).toBe(404);
    expect((await put(WINDOW, as.hygienist)).statusCode).toBe(403);
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
      aMaintenanceSchedule({
        roomId: room4.id,
        startDateTime: on(MAINTENANCE_DAY, '16:00'),
        endDateTime: on(MAINTENANCE_DAY, '16:30'),
      }),
    );
    expect(byId.statusCode, byId.body).toBe(201);
    expect(byId.json().roomId).toBe('Room 4');
    const foreign = await post('/api/maintenance-schedules', { ...WINDOW, roomId: other.id });
    expect(foreign.json()).toMatchObject({ field: 'roomId', message: 'roomId is not a room of this practice' });
    const kept = await t.request({
      method: 'PUT',
      url: `/api/maintenance-schedules/${byId.json().id}`,
      cookie: as.receptionist,
      body: aMaintenanceSchedule({
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
      cookie: as.receptionist,
    });
    expect(deleted.statusCode).toBe(200);
  });

  it('refuses a window over booked appointments with the list, and changes nothing', async () => {
    const a = await book(
      anAppointment({
        patientId: patient(0),
        appointmentDate: on(MAINTENANCE_DAY, '13:00'),
        treatmentRoom: 'Room 6',
        providerId: DOCTOR.id,
      }),
    );
    const b = await book(
      anAppointment({
        patientId: patient(1),
        appointmentDate: on(MAINTENANCE_DAY, '13:30'),
        treatmentRoom: 'Room 6',
        providerId: HYGIENIST.id,
      }),
    );
    const room6AtOne = aMaintenanceSchedule({
      roomId: 'Room 6',
      startDateTime: on(MAINTENANCE_DAY, '13:00'),
      endDateTime: on(MAINTENANCE_DAY, '14:00'),
    });
    const response = await post('/api/maintenance-schedules', room6AtOne);
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

    const preview = await post('/api/maintenance-schedules/preview', room6AtOne);
    expect(preview.statusCode).toBe(200);
    const affected = preview.json().affected as {
      appointment: Appointment;
      suggestions: { type: string; confidence: number; newRoomId: string; newTime: string }[];
    }[];
    expect(affected.map((entry) => entry.appointment.id)).toEqual([a.id, b.id]);
    expect(affected[0]?.suggestions[0]).toMatchObject({ type: 'room-change', confidence: 0.9, newTime: '13:00' });

    // One plan moves into a room that is taken: nothing applies.
    const taken = await book(
      anAppointment({
        patientId: patient(2),
        appointmentDate: on(MAINTENANCE_DAY, '13:30'),
        treatmentRoom: 'Room 7',
        providerId: ADMIN.id,
      }),
    );
    const refused = await post('/api/maintenance-schedules', {
      ...room6AtOne,
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
    });
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
    const displaced = await post('/api/maintenance-schedules', {
      ...room6AtOne,
      displace: [
        { appointmentId: a.id, action: 'reschedule', newDate: MAINTENANCE_DAY, newTime: '13:00', newRoomId: 'Room 8' },
        { appointmentId: b.id, action: 'reschedule', newDate: MAINTENANCE_DAY, newTime: '14:00' },
      ],
    });
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
    const blocked = await postAppointment(
      t,
      as.receptionist,
      anAppointment({
        patientId: patient(3),
        appointmentDate: on(MAINTENANCE_DAY, '13:00'),
        treatmentRoom: 'Room 6',
        providerId: ADMIN.id,
      }),
    );
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().conflicts[0]).toMatchObject({ type: 'maintenance' });
  });

  it("a window's plans may only name this practice's bookings, and move only those in its way", async () => {
    const calgary = await t.db
      .selectFrom('appointments')
      .selectAll()
      .where('practice_id', '=', 2)
      .executeTakeFirstOrThrow();
    const elsewhere = await book(
      anAppointment({
        patientId: patient(5),
        appointmentDate: on(MAINTENANCE_DAY, '16:00'),
        treatmentRoom: 'Room 12',
        providerId: ADMIN.id,
      }),
    );
    const room11AtThree = aMaintenanceSchedule({
      roomId: 'Room 11',
      startDateTime: on(MAINTENANCE_DAY, '15:00'),
      endDateTime: on(MAINTENANCE_DAY, '15:30'),
    });
    const windows = async () =>
      (await t.db.selectFrom('maintenance_schedules').select('id').where('practice_id', '=', 1).execute()).length;
    const before = await windows();
    const foreign = await post('/api/maintenance-schedules', {
      ...room11AtThree,
      displace: [{ appointmentId: calgary.id, action: 'cancel' }],
    });
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
    const moot = await post('/api/maintenance-schedules', {
      ...room11AtThree,
      displace: [{ appointmentId: elsewhere.id, action: 'cancel' }],
    });
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
      cookie: as.receptionist,
    });
  });

  it('deletes a window, after which the room can be booked', async () => {
    const del = (cookie = as.receptionist, practiceId?: number) =>
      t.request({
        method: 'DELETE',
        url: `/api/maintenance-schedules/${windowId}`,
        cookie,
        ...(practiceId ? { practiceId } : {}),
      });
    expect((await del(as.hygienist)).statusCode).toBe(403);
    expect((await del(as.admin, 2)).statusCode).toBe(404);
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
    await book(
      anAppointment({
        patientId: patient(4),
        appointmentDate: on(MAINTENANCE_DAY, '09:00'),
        treatmentRoom: 'Room 4',
        providerId: DOCTOR.id,
      }),
    );
  });
});
