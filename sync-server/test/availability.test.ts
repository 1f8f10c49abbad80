import type { MaintenanceSchedule } from '@dental/domain/scheduling/maintenance';
import type { TreatmentRoom } from '@dental/domain/scheduling/rooms';
import { anAppointment, DOCTOR, HYGIENIST, on } from '@dental/domain/testing/appointments';
import { TORONTO } from '@dental/domain/testing/practices';
import type { StaffMember } from '@dental/domain/users/user';
import { beforeAll, describe, expect, it } from 'vitest';
import { cancelAppointment, postAppointment } from './helpers/api.ts';
import { activePatientIds, insertMaintenance, setPermission } from './helpers/demo-data.ts';
import { FRIDAY, MONDAY, SUNDAY, THURSDAY, TUESDAY, WEDNESDAY } from './helpers/schedule-days.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'receptionist', 'staff');
let patientId: string;

beforeAll(async () => {
  [patientId = ''] = await activePatientIds(t, 1);
});

const book = (body: unknown) => postAppointment(t, as.receptionist, body);

interface SlotsResponse {
  startDate: string;
  endDate: string;
  duration: number;
  timeZone: string;
  slots: { date: string; time: string; start: string; room: string; providerIds: number[] }[];
}

describe('GET /api/appointments/available-slots', () => {
  const slotsOf = async (query: string, cookie = as.staff) => {
    const response = await t.request({ url: `/api/appointments/available-slots?${query}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SlotsResponse;
  };

  it('lists free slots of a day; a booked room and provider are left out; slots can be booked', async () => {
    const created = await book(
      anAppointment({
        patientId,
        appointmentDate: on(WEDNESDAY, '09:00'),
        treatmentRoom: 'Room 4',
        providerId: DOCTOR.id,
        duration: 60,
      }),
    );
    expect(created.statusCode).toBe(201);
    const day = await slotsOf(`date=${WEDNESDAY}&duration=60`);
    expect(day).toMatchObject({ startDate: WEDNESDAY, endDate: WEDNESDAY, duration: 60, timeZone: TORONTO });
    expect(day.slots[0]).toEqual({
      date: WEDNESDAY,
      time: '08:00',
      start: on(WEDNESDAY, '08:00'),
      room: 'Room 1',
      providerIds: expect.arrayContaining([DOCTOR.id, HYGIENIST.id]),
    });
    expect(day.slots.at(-1)?.time).toBe('17:00');
    expect(day.slots.find((s) => s.time === '09:30' && s.room === 'Room 4')).toBeUndefined();
    expect(day.slots.find((s) => s.time === '10:00' && s.room === 'Room 4')).toBeDefined();
    const nine = day.slots.find((s) => s.time === '09:00' && s.room === 'Room 5');
    expect(nine?.providerIds).not.toContain(DOCTOR.id);
    expect(nine?.providerIds).toContain(HYGIENIST.id);

    const chosen = day.slots.find((s) => s.time === '15:00' && s.room === 'Room 6');
    if (!chosen) throw new Error('15:00 in Room 6 should be free');
    for (const providerId of chosen.providerIds) {
      const placed = await book(
        anAppointment({
          patientId,
          appointmentDate: chosen.start,
          treatmentRoom: chosen.room,
          duration: 60,
          providerId,
        }),
      );
      expect(placed.statusCode).toBe(201);
      await cancelAppointment(t, as.receptionist, placed.json().id);
    }
  });

  it('a range: closed Sundays have none; excludeProviderId leaves that provider out', async () => {
    const week = await slotsOf(`startDate=${SUNDAY}&endDate=2027-02-06&excludeProviderId=${DOCTOR.id}`);
    const dates = new Set(week.slots.map((slot) => slot.date));
    expect([...dates]).toEqual([MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY, '2027-02-06']);
    expect(week.slots.some((slot) => slot.providerIds.includes(DOCTOR.id))).toBe(false);
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
    const response = await t.request({ url: `/api/appointments/available-slots?${query}`, cookie: as.staff });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  it('31 days is the longest range', async () => {
    const month = await slotsOf('startDate=2027-02-01&endDate=2027-03-03');
    expect(month.slots.at(-1)?.date).toBe('2027-03-03');
  });

  it('401 signed out, 403 without appointments.view, 403 for another practice', async () => {
    expect((await t.request({ url: `/api/appointments/available-slots?date=${MONDAY}` })).statusCode).toBe(401);
    await setPermission(t, 'staff', 'appointments.view', false);
    const denied = await t.request({ url: `/api/appointments/available-slots?date=${MONDAY}`, cookie: as.staff });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().requiredPermission).toBe('appointments.view');
    await setPermission(t, 'staff', 'appointments.view', null);
    const elsewhere = await t.request({
      url: `/api/appointments/available-slots?date=${MONDAY}`,
      cookie: as.staff,
      practiceId: 2,
    });
    expect(elsewhere.statusCode).toBe(403);
  });
});

describe('GET /api/treatment-rooms/available', () => {
  const roomsAt = async (query: string) => {
    const response = await t.request({ url: `/api/treatment-rooms/available?${query}`, cookie: as.staff });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as TreatmentRoom[]).map((room) => room.roomId);
  };

  it('lists the rooms free for the whole span, without booked or maintained rooms', async () => {
    expect(
      (
        await book(
          anAppointment({
            patientId,
            appointmentDate: on(THURSDAY, '10:30'),
            treatmentRoom: 'Room 1',
            providerId: HYGIENIST.id,
          }),
        )
      ).statusCode,
    ).toBe(201);
    await insertMaintenance(t, [
      {
        id: 'c4b0f6a2-2222-4d3b-9a55-000000000001',
        roomId: 'Room 2',
        title: 'Suction repair',
        startDateTime: on(THURSDAY, '09:00'),
        endDateTime: on(THURSDAY, '10:15'),
      },
    ]);
    const all = await roomsAt(`date=${THURSDAY}&time=08:00&duration=60`);
    expect(all).toHaveLength(14);
    const atTen = await roomsAt(`date=${THURSDAY}&time=10:00&duration=60`);
    expect(atTen).not.toContain('Room 1');
    expect(atTen).not.toContain('Room 2');
    expect(atTen).toHaveLength(12);
    expect(await roomsAt(`date=${THURSDAY}&time=10:00`)).toContain('Room 1');
    expect(await roomsAt(`date=${THURSDAY}&time=10:30`)).toContain('Room 2');
    const full = await t.request({
      url: `/api/treatment-rooms/available?date=${THURSDAY}&time=10:00`,
      cookie: as.staff,
    });
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
    const response = await t.request({ url: `/api/treatment-rooms/available?${query}`, cookie: as.staff });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  it('401 signed out, 403 without appointments.view, 403 for another practice', async () => {
    const url = `/api/treatment-rooms/available?date=${MONDAY}&time=10:00`;
    expect((await t.request({ url })).statusCode).toBe(401);
    await setPermission(t, 'staff', 'appointments.view', false);
    expect((await t.request({ url, cookie: as.staff })).statusCode).toBe(403);
    await setPermission(t, 'staff', 'appointments.view', null);
    expect((await t.request({ url, cookie: as.staff, practiceId: 3 })).statusCode).toBe(403);
  });
});

describe('GET /api/users and /api/maintenance-schedules', () => {
  it('users keep their shape, with a provider colour for every provider', async () => {
    const response = await t.request({ url: '/api/users', cookie: as.staff });
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
    const window = (id: string, roomId: string, date: string) => ({
      id,
      roomId,
      title: `Check ${roomId}`,
      startDateTime: on(date, '12:00'),
      endDateTime: on(date, '13:00'),
      maintenanceType: 'routine',
      priority: 'low',
    });
    await insertMaintenance(t, [
      window('c4b0f6a2-3333-4d3b-9a55-000000000001', 'Room 3', FRIDAY),
      window('c4b0f6a2-3333-4d3b-9a55-000000000002', 'Room 3', '2027-02-06'),
      // Not a room of the practice: written to the database, as the API would refuse it.
      window('c4b0f6a2-3333-4d3b-9a55-000000000003', 'Annex', FRIDAY),
    ]);
    const response = await t.request({ url: `/api/maintenance-schedules?date=${FRIDAY}`, cookie: as.staff });
    expect(response.statusCode).toBe(200);
    expect((response.json() as MaintenanceSchedule[]).map((m) => m.id)).toEqual([
      'c4b0f6a2-3333-4d3b-9a55-000000000001',
    ]);
  });
});
