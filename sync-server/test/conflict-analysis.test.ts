import { PRACTICE_CLOSED_MESSAGE } from '@dental/domain/practices/hours';
import type { ConflictAnalysis, Suggestion } from '@dental/domain/scheduling/analysis';
import type { Appointment } from '@dental/domain/scheduling/appointment';
import { anAppointment, DOCTOR, HYGIENIST, on } from '@dental/domain/testing/appointments';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeConflicts, cancelAppointment, postAppointment } from './helpers/api.ts';
import { activePatients, setPermission } from './helpers/demo-data.ts';
import { MONDAY, SUNDAY, TUESDAY } from './helpers/schedule-days.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'receptionist', 'staff');

const patient = activePatients(t, 8);
const book = (body: unknown) => postAppointment(t, as.receptionist, body);
const analyze = (body: unknown, cookie = as.receptionist) => analyzeConflicts(t, cookie, body);

describe('POST /api/appointments/analyze-conflicts', () => {
  let blocker: Appointment;
  beforeAll(async () => {
    const created = await book(
      anAppointment({
        patientId: patient(0),
        appointmentDate: on(TUESDAY, '10:00'),
        treatmentRoom: 'Room 2',
        providerId: DOCTOR.id,
        duration: 60,
      }),
    );
    expect(created.statusCode).toBe(201);
    blocker = created.json();
  });

  it('finds no conflicts and suggests nothing for a free slot', async () => {
    const response = await analyze(anAppointment({ patientId: patient(5), appointmentDate: on(TUESDAY, '14:00') }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ conflicts: [], suggestions: [] });
  });

  it('a clash: the conflicts, and suggestions that can each be booked (201)', async () => {
    const candidate = anAppointment({
      patientId: patient(1),
      appointmentDate: on(TUESDAY, '10:30'),
      treatmentRoom: 'Room 2',
      providerId: HYGIENIST.id,
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
      expect((await cancelAppointment(t, as.receptionist, placed.json().id)).statusCode).toBe(200);
    }
  });

  it('excludeAppointmentId: the appointment being moved does not clash with itself', async () => {
    const moved = anAppointment({
      patientId: patient(6),
      appointmentDate: on(TUESDAY, '10:30'),
      treatmentRoom: 'Room 2',
      providerId: DOCTOR.id,
    });
    expect((await analyze(moved)).json().conflicts).toHaveLength(2);
    const response = await analyze({ ...moved, excludeAppointmentId: blocker.id });
    expect(response.json()).toEqual({ conflicts: [], suggestions: [] });
  });

  it('a closed day: practice_hours, and the next open day at the same time, bookable', async () => {
    const candidate = anAppointment({
      patientId: patient(0),
      appointmentDate: on(SUNDAY, '11:00'),
      treatmentRoom: 'Room 3',
    });
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
    await cancelAppointment(t, as.receptionist, placed.json().id);
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
    const response = await analyze({
      ...anAppointment({ patientId: patient(0), appointmentDate: on(MONDAY, '10:00') }),
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  it('401 signed out, 403 without appointments.view, 403 for another practice', async () => {
    const body = anAppointment({ patientId: patient(0), appointmentDate: on(MONDAY, '10:00') });
    expect((await t.request({ method: 'POST', url: '/api/appointments/analyze-conflicts', body })).statusCode).toBe(
      401,
    );
    await setPermission(t, 'staff', 'appointments.view', false);
    const denied = await analyze(body, as.staff);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().requiredPermission).toBe('appointments.view');
    await setPermission(t, 'staff', 'appointments.view', null);
    expect((await analyze(body, as.staff)).statusCode).toBe(200);
    const elsewhere = await t.request({
      method: 'POST',
      url: '/api/appointments/analyze-conflicts',
      cookie: as.receptionist,
      practiceId: 2,
      body,
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe('Access denied to this practice');
  });
});
