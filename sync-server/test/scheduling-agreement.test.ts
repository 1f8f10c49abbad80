import type { PracticeHoursResponse } from '@dental/domain/practices/hours';
import { analyzeConflicts } from '@dental/domain/scheduling/analysis';
import type { Appointment } from '@dental/domain/scheduling/appointment';
import type { DaySchedule } from '@dental/domain/scheduling/availability';
import { type BookedAppointment, findConflicts } from '@dental/domain/scheduling/conflicts';
import type { MaintenanceSchedule } from '@dental/domain/scheduling/maintenance';
import type { TreatmentRoom } from '@dental/domain/scheduling/rooms';
import { ADMIN, anAppointment, DOCTOR, HYGIENIST, on } from '@dental/domain/testing/appointments';
import { TORONTO } from '@dental/domain/testing/practices';
import { pick, seededRandom } from '@dental/domain/testing/random';
import type { StaffMember } from '@dental/domain/users/user';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeConflicts as analyze, cancelAppointment, postAppointment } from './helpers/api.ts';
import { activePatientIds } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

// The random agreement test sends well over the 1000 requests a client may make in 15 minutes.
const t = fileApp({ rateLimitMax: 100_000 });
const as = signedIn(t, 'receptionist', 'staff');
let patients: string[];

beforeAll(async () => {
  patients = await activePatientIds(t, 8);
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
  return { date, timeZone: TORONTO, hours, rooms, providers, appointments, maintenance };
}

/** An appointment as the shared rules read the ones already booked. */
function toBooked(appointment: Appointment): BookedAppointment {
  const { id, patientId, providerId, treatmentRoom, appointmentDate, duration, status, patientName } = appointment;
  return { id, patientId, providerId, treatmentRoom, appointmentDate, duration, status, patientName };
}

describe('the server’s verdict agrees with the shared rules the browser runs', () => {
  it('a few hundred random bookings: 201, 409 or 400 exactly as findConflicts and analyzeConflicts say', async () => {
    const random = seededRandom(42);
    const days = ['2027-03-01', '2027-03-02'];
    const rooms = ['Room 7', 'Room 8', 'Room 9'];
    const providerIds = [DOCTOR.id, HYGIENIST.id, ADMIN.id];
    // A 15-minute grid from 07:00 to 18:45: some bookings fall outside hours, many overlap partly.
    const times = Array.from(
      { length: 48 },
      (_, i) => `${String(7 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
    );
    const model: Record<string, BookedAppointment[]> = { [days[0] as string]: [], [days[1] as string]: [] };
    const tally = { 201: 0, 400: 0, 409: 0, override: 0, analyses: 0 };

    for (let round = 0; round < 300; round++) {
      const date = pick(random, days);
      const booked = model[date] ?? [];
      if (round % 7 === 6 && booked.length > 0) {
        const victim = pick(random, booked);
        expect((await cancelAppointment(t, as.receptionist, victim.id)).statusCode).toBe(200);
        model[date] = booked.filter((other) => other.id !== victim.id);
        continue;
      }
      // The question both sides judge; the picks stay in this order, so seed 42 replays the same rounds.
      const candidate = {
        patientId: pick(random, patients),
        providerId: pick(random, providerIds),
        treatmentRoom: pick(random, rooms),
        appointmentDate: on(date, pick(random, times)),
        duration: pick(random, [30, 60, 90, 120]),
      };
      const override = random() < 0.1;
      const day = await browserDay(date, as.staff);
      expect(day.appointments.map((a) => a.id).sort()).toEqual(booked.map((a) => a.id).sort());
      const local = analyzeConflicts(candidate, day);
      const clashes = findConflicts(candidate, day.appointments, { maintenance: day.maintenance, timeZone: TORONTO });
      if (round % 10 === 0) {
        const nextDate = date === '2027-03-01' ? '2027-03-02' : '2027-03-03';
        const expected = analyzeConflicts(candidate, day, { nextOpenDay: await browserDay(nextDate, as.staff) });
        const served = await analyze(t, as.staff, candidate);
        expect(served.json()).toEqual(JSON.parse(JSON.stringify(expected)));
        tally.analyses += 1;
      }

      const response = await postAppointment(t, as.receptionist, anAppointment({ ...candidate, override }));
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
