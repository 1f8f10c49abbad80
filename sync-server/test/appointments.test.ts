import { anAppointment, DOCTOR, HYGIENIST } from '@dental/domain/testing/appointments';
import { beforeAll, describe, expect, it } from 'vitest';
import { postAppointment } from './helpers/api.ts';
import { activePatientIds, insertMaintenance, patientOf, rowCount, setPermission } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'receptionist', 'hygienist', 'staff');
let patientId: string;
let otherPatientId: string;
let calgaryPatientId: string;

/** A Monday outside the seeded four weeks, so the rooms are free. */
const DAY = '2027-01-11';
/** 10:00 in Toronto (EST, UTC-5) on DAY, plus minutes. */
const at = (minutes: number) => new Date(Date.parse(`${DAY}T15:00:00.000Z`) + minutes * 60_000).toISOString();

beforeAll(async () => {
  [patientId = '', otherPatientId = ''] = await activePatientIds(t, 2);
  calgaryPatientId = await patientOf(t, 2);
});

const book = (body: unknown, cookie = as.receptionist) => postAppointment(t, cookie, body);

describe('POST /api/appointments', () => {
  it('books with 201 in the list shape, versions the row and audits it', async () => {
    const response = await book(
      anAppointment({
        patientId,
        appointmentDate: at(0),
        providerId: DOCTOR.id,
        treatmentRoom: 'Room 5',
        duration: 60,
        procedure: 'Crown preparation',
      }),
    );
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      practiceId: 1,
      patientId,
      providerId: DOCTOR.id,
      assistantId: null,
      treatmentRoom: 'Room 5',
      appointmentDate: at(0),
      duration: 60,
      status: 'scheduled',
      procedure: 'Crown preparation',
      providerName: 'Dr. Daniel Chen',
      patient: { firstName: expect.any(String), lastName: expect.any(String) },
    });
    expect(created.patientName).toBe(`${created.patient.firstName} ${created.patient.lastName}`);
    const version = await t.db
      .selectFrom('row_versions')
      .selectAll()
      .where('table_name', '=', 'appointments')
      .where('row_id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(version).toMatchObject({ practice_id: 1, deleted: 0 });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'appointment.create')
      .where('entity_id', '=', created.id)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses a second booking of the same room and time with 409 and the conflicts', async () => {
    const response = await book(
      anAppointment({
        patientId: otherPatientId,
        appointmentDate: at(0),
        treatmentRoom: 'Room 5',
        providerId: HYGIENIST.id,
      }),
    );
    expect(response.statusCode).toBe(409);
    const body = response.json();
    expect(body).toMatchObject({ error: 'Conflict', code: 'SCHEDULING_CONFLICT', message: 'Scheduling conflict' });
    expect(body.conflicts[0]).toMatchObject({
      type: 'room',
      severity: 'critical',
      room: 'Room 5',
      time: '10:00 a.m.',
      message: expect.stringMatching(/^10:00 a\.m\. in Room 5 is already booked by /),
    });
  });

  it('refuses the same provider in another room', async () => {
    const response = await book(
      anAppointment({
        patientId: otherPatientId,
        appointmentDate: at(30),
        treatmentRoom: 'Room 6',
        providerId: DOCTOR.id,
      }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().conflicts.map((c: { type: string }) => c.type)).toEqual(['provider']);
  });

  it('accepts a booking that starts exactly when the other ends', async () => {
    const response = await book(
      anAppointment({
        patientId: otherPatientId,
        appointmentDate: at(60),
        treatmentRoom: 'Room 5',
        providerId: HYGIENIST.id,
      }),
    );
    expect(response.statusCode).toBe(201);
  });

  it('a cancelled appointment does not block its slot', async () => {
    const first = await book(anAppointment({ patientId, appointmentDate: at(240), treatmentRoom: 'Room 7' }));
    expect(first.statusCode).toBe(201);
    const cancel = await t.request({
      method: 'PATCH',
      url: `/api/appointments/${first.json().id}`,
      cookie: as.receptionist,
      body: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    const again = await book(anAppointment({ patientId, appointmentDate: at(240), treatmentRoom: 'Room 7' }));
    expect(again.statusCode).toBe(201);
  });

  it('override books despite the conflict and audits it with the conflicts', async () => {
    const response = await book(
      anAppointment({
        patientId: otherPatientId,
        appointmentDate: at(0),
        treatmentRoom: 'Room 5',
        providerId: HYGIENIST.id,
        override: true,
      }),
    );
    expect(response.statusCode).toBe(201);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', response.json().id)
      .executeTakeFirstOrThrow();
    const details = JSON.parse(audit.details ?? '{}');
    expect(details.override).toBe(true);
    expect(details.conflicts[0].type).toBe('room');
  });

  it('room maintenance blocks the room', async () => {
    await insertMaintenance(t, [
      {
        id: 'c4b0f6a2-1111-4d3b-9a55-000000000001',
        roomId: 'Room 9',
        title: 'Compressor repair',
        startDateTime: at(0),
        endDateTime: at(120),
      },
    ]);
    const response = await book(
      anAppointment({ patientId, appointmentDate: at(300), treatmentRoom: 'Room 9', providerId: HYGIENIST.id }),
    );
    expect(response.statusCode).toBe(201);
    const blocked = await book(anAppointment({ patientId, appointmentDate: at(60), treatmentRoom: 'Room 9' }));
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().conflicts[0]).toMatchObject({
      type: 'maintenance',
      message: expect.stringContaining('This room is unavailable due to Compressor repair'),
    });
    const list = await t.request({ url: `/api/maintenance-schedules?date=${DAY}`, cookie: as.staff });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ roomId: 'Room 9', title: 'Compressor repair' })]);
  });

  it('keeps a client-generated id', async () => {
    const id = '5d1e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f70';
    const response = await book(anAppointment({ id, patientId, appointmentDate: at(420), treatmentRoom: 'Room 8' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().id).toBe(id);
    const again = await book(anAppointment({ id, patientId, appointmentDate: at(480), treatmentRoom: 'Room 8' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().field).toBe('id');
  });

  it.each([
    [{ patientId: undefined }, 'patientId'],
    [{ duration: 45 }, 'duration'],
    [{ appointmentDate: 'tomorrow at ten' }, 'appointmentDate'],
    [{ treatmentRoom: 'Room 99' }, 'treatmentRoom'],
    [{ providerId: 999 }, 'providerId'],
    [{ assistantId: 999 }, 'assistantId'],
  ])('%j is 400 naming %s, nothing saved', async (change, field) => {
    const before = await rowCount(t, 'appointments');
    const response = await book({ ...anAppointment({ patientId, appointmentDate: at(-90) }), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
    expect(await rowCount(t, 'appointments')).toBe(before);
  });

  it('a patient of another practice is 400', async () => {
    const response = await book(anAppointment({ patientId: calgaryPatientId, appointmentDate: at(-90) }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'patientId',
      message: 'patientId is not a patient of this practice',
    });
  });

  it('401 signed out, 403 without appointments.create', async () => {
    const body = anAppointment({ patientId, appointmentDate: at(0) });
    expect((await t.request({ method: 'POST', url: '/api/appointments', body })).statusCode).toBe(401);
    const denied = await book(body, as.hygienist);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().requiredPermission).toBe('appointments.create');
  });
});

describe('GET /api/appointments', () => {
  it('lists the day in the practice time zone, by time, with provider filter', async () => {
    const response = await t.request({ url: `/api/appointments?date=${DAY}`, cookie: as.staff });
    expect(response.statusCode).toBe(200);
    const rows = response.json() as { appointmentDate: string; providerId: number; practiceId: number }[];
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const times = rows.map((row) => row.appointmentDate);
    expect(times).toEqual([...times].sort());
    expect(rows.every((row) => row.practiceId === 1)).toBe(true);
    const mine = await t.request({ url: `/api/appointments?date=${DAY}&providerId=${HYGIENIST.id}`, cookie: as.staff });
    expect(mine.json().every((row: { providerId: number }) => row.providerId === HYGIENIST.id)).toBe(true);
    expect(mine.json().length).toBeLessThan(rows.length);
  });

  it('an evening appointment in Toronto belongs to its local day, not the UTC one', async () => {
    // Thursdays are open until 20:00; 19:30 Toronto is 00:30 UTC the next day.
    const thursday = '2027-01-14';
    const evening = '2027-01-15T00:30:00.000Z';
    const created = await book(anAppointment({ patientId, appointmentDate: evening, treatmentRoom: 'Room 10' }));
    expect(created.statusCode).toBe(201);
    const ids = (await t.request({ url: `/api/appointments?date=${thursday}`, cookie: as.staff }))
      .json()
      .map((r: { id: string }) => r.id);
    expect(ids).toContain(created.json().id);
  });

  it('defaults to today; 400 for a bad date; 401 signed out; 403 without appointments.view', async () => {
    expect((await t.request({ url: '/api/appointments', cookie: as.staff })).statusCode).toBe(200);
    const bad = await t.request({ url: '/api/appointments?date=2027-02-30', cookie: as.staff });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('date');
    expect((await t.request({ url: `/api/appointments?date=${DAY}` })).statusCode).toBe(401);
    await setPermission(t, 'staff', 'appointments.view', false);
    const denied = await t.request({ url: `/api/appointments?date=${DAY}`, cookie: as.staff });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().requiredPermission).toBe('appointments.view');
    await setPermission(t, 'staff', 'appointments.view', null);
  });

  it('never shows another practice', async () => {
    const response = await t.request({ url: `/api/appointments?date=${DAY}`, cookie: as.receptionist, practiceId: 2 });
    expect(response.statusCode).toBe(403);
  });
});

describe('PATCH /api/appointments/{id}', () => {
  let id: string;
  beforeAll(async () => {
    const created = await book(anAppointment({ patientId, appointmentDate: at(-120), treatmentRoom: 'Room 11' }));
    id = created.json().id;
  });
  const patch = (body: unknown, cookie = as.receptionist, target = id) =>
    t.request({ method: 'PATCH', url: `/api/appointments/${target}`, cookie, body });

  it('checks in (checked-in alias), records the arrival, and un-checks in', async () => {
    const checkedIn = await patch({ status: 'checked-in' });
    expect(checkedIn.statusCode).toBe(200);
    expect(checkedIn.json()).toMatchObject({ status: 'in-progress', checkedInAt: expect.any(String) });
    const undone = await patch({ status: 'scheduled' });
    expect(undone.json()).toMatchObject({ status: 'scheduled', checkedInAt: null });
  });

  it('moves and resizes with the same conflict check, excluding itself', async () => {
    const resized = await patch({ duration: 60 });
    expect(resized.statusCode).toBe(200);
    expect(resized.json().duration).toBe(60);
    const onto = await patch({ treatmentRoom: 'Room 5', appointmentDate: at(0) });
    expect(onto.statusCode).toBe(409);
    expect(onto.json().conflicts[0].type).toBe('room');
    const moved = await patch({ appointmentDate: at(120) });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().appointmentDate).toBe(at(120));
  });

  it('refuses a transition the workflow does not allow with 409', async () => {
    const created = await book(anAppointment({ patientId, appointmentDate: at(270), treatmentRoom: 'Room 12' }));
    const target = created.json().id;
    expect((await patch({ status: 'cancelled' }, as.receptionist, target)).statusCode).toBe(200);
    const reopen = await patch({ status: 'in-progress' }, as.receptionist, target);
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json()).toEqual({
      error: 'Conflict',
      code: 'STATUS_TRANSITION',
      message: 'Cannot change an appointment from cancelled to in-progress.',
    });
  });

  it('cancelling needs appointments.cancel; other edits need appointments.edit', async () => {
    await setPermission(t, 'staff', 'appointments.cancel', true);
    const edit = await patch({ notes: 'Bring x-rays' }, as.staff);
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({ error: 'Forbidden', requiredPermission: 'appointments.edit' });
    const cancelWithNote = await patch({ status: 'cancelled', notes: 'Sick' }, as.staff);
    expect(cancelWithNote.json().requiredPermission).toBe('appointments.edit');
    const cancelled = await patch({ status: 'cancelled' }, as.staff);
    expect(cancelled.statusCode).toBe(200);
    await setPermission(t, 'staff', 'appointments.cancel', null);
    const other = await book(anAppointment({ patientId, appointmentDate: at(330), treatmentRoom: 'Room 13' }));
    const refused = await patch({ status: 'cancelled' }, as.staff, other.json().id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().requiredPermission).toBe('appointments.cancel');
  });

  it('writes an audit row and a new version for every change', async () => {
    const before = await t.db
      .selectFrom('row_versions')
      .select('version')
      .where('row_id', '=', id)
      .executeTakeFirstOrThrow();
    const response = await patch({ notes: 'Prefers mornings' });
    expect(response.statusCode).toBe(200);
    const after = await t.db
      .selectFrom('row_versions')
      .select('version')
      .where('row_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.version).toBeGreaterThan(before.version);
    const audit = await t.db.selectFrom('audit_log').select('action').where('entity_id', '=', id).execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['appointment.create', 'appointment.status.in-progress', 'appointment.update']),
    );
  });

  it('400 for a bad id or body, 404 for an unknown id or another practice, 401 signed out', async () => {
    const badId = await patch({ notes: 'x' }, as.receptionist, 'nope');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().field).toBe('id');
    expect((await patch({ duration: 45 })).json().field).toBe('duration');
    const unknown = await patch({ notes: 'x' }, as.receptionist, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const calgary = await t.db
      .selectFrom('appointments')
      .select('id')
      .where('practice_id', '=', 2)
      .executeTakeFirstOrThrow();
    const doctor = await t.login('doctor');
    expect((await patch({ notes: 'x' }, doctor, calgary.id)).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'PATCH', url: `/api/appointments/${id}`, body: { notes: 'x' } })).statusCode,
    ).toBe(401);
  });
});
