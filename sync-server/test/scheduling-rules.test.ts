import { PRACTICE_CLOSED_MESSAGE } from '@dental/domain/practices/hours';
import { MAX_ADVANCE_MESSAGE } from '@dental/domain/scheduling/booking-rules';
import { anAppointment, HYGIENIST, on } from '@dental/domain/testing/appointments';
import { beforeAll, describe, expect, it } from 'vitest';
import { postAppointment } from './helpers/api.ts';
import { activePatientIds, rowCount } from './helpers/demo-data.ts';
import { HOURS_MESSAGE, MONDAY, SUNDAY } from './helpers/schedule-days.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'receptionist', 'hygienist');
let patientId: string;

beforeAll(async () => {
  [patientId = ''] = await activePatientIds(t, 1);
});

const book = (body: unknown, cookie = as.receptionist) => postAppointment(t, cookie, body);

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
    const before = await rowCount(t, 'appointments');
    for (const override of [false, true]) {
      const response = await book({
        ...anAppointment({ patientId, appointmentDate: on(MONDAY, '10:00') }),
        ...change,
        override,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'Bad Request', field, message });
    }
    expect(await rowCount(t, 'appointments')).toBe(before);
  });

  it('accepts the last day of the 365 and a booking ending exactly at closing', async () => {
    const lastDay = await book(anAppointment({ patientId, appointmentDate: on('2027-11-22', '10:00') }));
    expect(lastDay.statusCode).toBe(201);
    const closing = await book(
      anAppointment({ patientId, appointmentDate: on(MONDAY, '17:00'), duration: 60, treatmentRoom: 'Room 14' }),
    );
    expect(closing.statusCode).toBe(201);
  });

  it('PATCH: a move or resize must meet the rules too; other edits are not judged by them', async () => {
    const created = await book(
      anAppointment({
        patientId,
        appointmentDate: on(MONDAY, '16:30'),
        treatmentRoom: 'Room 13',
        providerId: HYGIENIST.id,
      }),
    );
    const id = created.json().id;
    const patch = (body: unknown) =>
      t.request({ method: 'PATCH', url: `/api/appointments/${id}`, cookie: as.receptionist, body });
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

describe('override is audited with the conflicts it booked through', () => {
  it('409 first, then 201 with override and an audit row naming the conflicts', async () => {
    const first = await book(
      anAppointment({ patientId, appointmentDate: on(MONDAY, '13:00'), treatmentRoom: 'Room 12' }),
    );
    expect(first.statusCode).toBe(201);
    const clash = anAppointment({
      patientId,
      appointmentDate: on(MONDAY, '13:00'),
      treatmentRoom: 'Room 12',
      providerId: HYGIENIST.id,
    });
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
    expect((await book(clash, as.hygienist)).statusCode).toBe(403);
  });
});
