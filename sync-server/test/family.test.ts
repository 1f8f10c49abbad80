import { PRACTICE_CLOSED_MESSAGE } from '@dental/domain/practices/hours';
import type { Appointment } from '@dental/domain/scheduling/appointment';
import { aFamilyBooking, anAppointment, DOCTOR, HYGIENIST, on } from '@dental/domain/testing/appointments';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { postAppointment } from './helpers/api.ts';
import { patientOf, setPermission } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

/** A Monday past the seeded four weeks. */
const DAY = '2027-02-08';

const t = fileApp();
const as = signedIn(t, 'receptionist', 'staff', 'hygienist');
/** A patient of practice 1 with at least two family members, and two of them. */
let primary: string;
let members: [string, string];
let stranger: string;
let calgaryPatient: string;

beforeAll(async () => {
  const household = await t.db
    .selectFrom('family_relationships')
    .select(['patient_id', sql<number>`count(*)`.as('n')])
    .where('practice_id', '=', 1)
    .groupBy('patient_id')
    .having(sql<number>`count(*)`, '>=', 2)
    .orderBy('patient_id')
    .executeTakeFirstOrThrow();
  primary = household.patient_id;
  const related = await t.db
    .selectFrom('family_relationships')
    .select('related_patient_id')
    .where('patient_id', '=', primary)
    .orderBy('related_patient_id')
    .execute();
  members = [related[0]?.related_patient_id ?? '', related[1]?.related_patient_id ?? ''];
  const family = new Set([primary, ...related.map((row) => row.related_patient_id)]);
  const others = await t.db
    .selectFrom('patients')
    .select('id')
    .where('practice_id', '=', 1)
    .orderBy('id')
    .limit(50)
    .execute();
  stranger = others.map((row) => row.id).find((candidate) => !family.has(candidate)) ?? '';
  calgaryPatient = await patientOf(t, 2);
});

describe('GET /api/family/{patientId}/relationships', () => {
  it('lists the family members by name, with how each is related', async () => {
    const response = await t.request({ url: `/api/family/${primary}/relationships`, cookie: as.staff });
    expect(response.statusCode).toBe(200);
    const list = response.json() as {
      id: string;
      patientId: string;
      relatedPatientId: string;
      relationshipType: string;
      relatedPatient: { firstName: string; lastName: string };
    }[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.map((item) => item.relatedPatientId).sort()).toEqual(expect.arrayContaining([...members].sort()));
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual([
        'id',
        'patientId',
        'relatedPatient',
        'relatedPatientId',
        'relationshipType',
      ]);
      expect(item).toMatchObject({ patientId: primary });
      expect(['spouse', 'parent', 'child', 'sibling', 'guardian']).toContain(item.relationshipType);
      expect(item.relatedPatient).toEqual({ firstName: expect.any(String), lastName: expect.any(String) });
    }
    const names = list.map((item) => `${item.relatedPatient.lastName} ${item.relatedPatient.firstName}`);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('a patient without family has an empty list', async () => {
    const lonely = await t.db
      .selectFrom('patients')
      .select('id')
      .where('practice_id', '=', 1)
      .where('id', 'not in', t.db.selectFrom('family_relationships').select('patient_id'))
      .executeTakeFirstOrThrow();
    const response = await t.request({ url: `/api/family/${lonely.id}/relationships`, cookie: as.staff });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('400 for a malformed id, 404 for an unknown patient or one of another practice', async () => {
    const bad = await t.request({ url: '/api/family/42/relationships', cookie: as.staff });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('patientId');
    const unknown = await t.request({
      url: '/api/family/00000000-0000-4000-8000-000000000000/relationships',
      cookie: as.staff,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Not Found', code: 'NOT_FOUND', message: 'Patient not found.' });
    expect((await t.request({ url: `/api/family/${calgaryPatient}/relationships`, cookie: as.staff })).statusCode).toBe(
      404,
    );
  });

  it('401 signed out, 403 without patients.view, 403 for a practice the user may not use', async () => {
    const url = `/api/family/${primary}/relationships`;
    expect((await t.request({ url })).statusCode).toBe(401);
    await setPermission(t, 'staff', 'patients.view', false);
    const denied = await t.request({ url, cookie: as.staff });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().requiredPermission).toBe('patients.view');
    await setPermission(t, 'staff', 'patients.view', null);
    const elsewhere = await t.request({ url, cookie: as.staff, practiceId: 2 });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe('Access denied to this practice');
  });
});

describe('POST /api/appointments/family', () => {
  const bookFamily = (body: unknown, cookie = as.receptionist) =>
    t.request({ method: 'POST', url: '/api/appointments/family', cookie, body });

  async function familyBookings(date = DAY) {
    const range = { start: on(date, '00:00'), end: on(date, '23:59') };
    return t.db
      .selectFrom('appointments')
      .selectAll()
      .where('patient_id', 'in', [primary, ...members])
      .where('appointment_date', '>=', range.start)
      .where('appointment_date', '<', range.end)
      .orderBy('appointment_date')
      .execute();
  }

  it('books the primary patient then each member back to back, versioned and audited', async () => {
    const response = await bookFamily(
      aFamilyBooking({
        primaryPatientId: primary,
        familyMemberIds: members,
        appointmentDate: on(DAY, '09:00'),
        treatmentRoom: 'Room 4',
        providerId: HYGIENIST.id,
        procedure: 'Family cleaning',
      }),
    );
    expect(response.statusCode).toBe(201);
    const { appointments } = response.json() as { appointments: Appointment[] };
    expect(appointments.map((a) => [a.patientId, a.appointmentDate, a.treatmentRoom, a.providerId])).toEqual([
      [primary, on(DAY, '09:00'), 'Room 4', HYGIENIST.id],
      [members[0], on(DAY, '09:30'), 'Room 4', HYGIENIST.id],
      [members[1], on(DAY, '10:00'), 'Room 4', HYGIENIST.id],
    ]);
    expect(appointments.every((a) => a.status === 'scheduled' && a.procedure === 'Family cleaning')).toBe(true);
    for (const [position, appointment] of appointments.entries()) {
      const version = await t.db
        .selectFrom('row_versions')
        .select('version')
        .where('table_name', '=', 'appointments')
        .where('row_id', '=', appointment.id)
        .executeTakeFirst();
      expect(version).toBeDefined();
      const audit = await t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'appointment.create')
        .where('entity_id', '=', appointment.id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.details ?? '{}')).toEqual({ family: { primaryPatientId: primary, position } });
    }
  });

  it('any clash is 409 with every conflict, naming whose booking it is, and nothing is booked', async () => {
    const blocker = await postAppointment(
      t,
      as.receptionist,
      anAppointment({
        patientId: stranger,
        appointmentDate: on(DAY, '15:00'),
        treatmentRoom: 'Room 5',
        providerId: DOCTOR.id,
      }),
    );
    expect(blocker.statusCode).toBe(201);
    const before = (await familyBookings()).length;
    // The hygienist's hour per person runs the first member into the doctor's booking: a room clash only.
    const response = await bookFamily(
      aFamilyBooking({
        primaryPatientId: primary,
        familyMemberIds: members,
        appointmentDate: on(DAY, '14:00'),
        duration: 60,
        treatmentRoom: 'Room 5',
        providerId: HYGIENIST.id,
      }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'Conflict',
      message: 'Scheduling conflict',
      conflicts: [
        {
          type: 'room',
          severity: 'critical',
          forPatientId: members[0],
          message: expect.stringMatching(/^3:00 p\.m\. in Room 5 is already booked by /),
        },
      ],
    });
    expect(await familyBookings()).toHaveLength(before);
  });

  it('override books them all and audits the conflicts on the booking that had them', async () => {
    const response = await bookFamily(
      aFamilyBooking({
        primaryPatientId: primary,
        familyMemberIds: members,
        appointmentDate: on(DAY, '14:00'),
        duration: 60,
        treatmentRoom: 'Room 5',
        providerId: HYGIENIST.id,
        override: true,
      }),
    );
    expect(response.statusCode).toBe(201);
    const { appointments } = response.json() as { appointments: Appointment[] };
    expect(appointments).toHaveLength(3);
    const details = await Promise.all(
      appointments.map(async (appointment) => {
        const audit = await t.db
          .selectFrom('audit_log')
          .select('details')
          .where('entity_id', '=', appointment.id)
          .executeTakeFirstOrThrow();
        return JSON.parse(audit.details ?? '{}');
      }),
    );
    expect(details[0]).toEqual({ family: { primaryPatientId: primary, position: 0 } });
    expect(details[1]).toMatchObject({ override: true, conflicts: [{ type: 'room', forPatientId: members[0] }] });
    expect(details[2]).not.toHaveProperty('override');
  });

  it('the booking rules hold for every member, override or not: the last one may not run past closing', async () => {
    const before = (await familyBookings('2027-02-09')).length;
    for (const override of [false, true]) {
      const response = await bookFamily(
        aFamilyBooking({
          primaryPatientId: primary,
          familyMemberIds: members,
          appointmentDate: on('2027-02-09', '17:00'),
          override,
        }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        field: 'appointmentDate',
        message: 'Appointments must fall within practice hours (08:00 to 18:00).',
      });
    }
    const sunday = await bookFamily(
      aFamilyBooking({
        primaryPatientId: primary,
        familyMemberIds: members,
        appointmentDate: on('2027-02-07', '10:00'),
      }),
    );
    expect(sunday.json()).toMatchObject({ field: 'appointmentDate', message: PRACTICE_CLOSED_MESSAGE });
    expect(await familyBookings('2027-02-09')).toHaveLength(before);
  });

  it.each([
    ['a member who is not family', 'familyMemberIds', () => ({ familyMemberIds: [members[0], stranger] })],
    ['a patient of another practice', 'familyMemberIds', () => ({ familyMemberIds: [calgaryPatient] })],
    ['no members', 'familyMemberIds', () => ({ familyMemberIds: [] })],
    ['a member twice', 'familyMemberIds', () => ({ familyMemberIds: [members[0], members[0]] })],
    ['the primary patient as a member', 'familyMemberIds', () => ({ familyMemberIds: [primary] })],
    ['members that are not a list', 'familyMemberIds', () => ({ familyMemberIds: 'everyone' })],
    ['a primary patient of another practice', 'primaryPatientId', () => ({ primaryPatientId: calgaryPatient })],
    ['no primary patient', 'primaryPatientId', () => ({ primaryPatientId: undefined })],
    ['separate appointments', 'consecutiveAppointments', () => ({ consecutiveAppointments: false })],
    ['different days', 'sameDay', () => ({ sameDay: false })],
    ['a 45-minute duration', 'duration', () => ({ duration: 45 })],
    ['an unknown room', 'treatmentRoom', () => ({ treatmentRoom: 'Room 99' })],
    ['a receptionist as provider', 'providerId', () => ({ providerId: 5 })],
    ['no procedure', 'procedure', () => ({ procedure: '' })],
  ])('%s is 400 naming %s, nothing booked', async (_, field, change) => {
    const before = (await familyBookings('2027-02-10')).length;
    const response = await bookFamily({
      ...aFamilyBooking({
        primaryPatientId: primary,
        familyMemberIds: members,
        appointmentDate: on('2027-02-10', '09:00'),
      }),
      ...change(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
    expect(await familyBookings('2027-02-10')).toHaveLength(before);
  });

  it('names the members who are not family', async () => {
    const response = await bookFamily(
      aFamilyBooking({
        primaryPatientId: primary,
        familyMemberIds: [members[0], stranger],
        appointmentDate: on(DAY, '09:00'),
      }),
    );
    expect(response.json().message).toContain(stranger);
    expect(response.json().message).not.toContain(members[0]);
  });

  it('401 signed out, 403 without appointments.create, 403 for another practice', async () => {
    const body = aFamilyBooking({
      primaryPatientId: primary,
      familyMemberIds: members,
      appointmentDate: on(DAY, '09:00'),
    });
    expect((await t.request({ method: 'POST', url: '/api/appointments/family', body })).statusCode).toBe(401);
    const denied = await bookFamily(body, as.hygienist);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().requiredPermission).toBe('appointments.create');
    const elsewhere = await t.request({
      method: 'POST',
      url: '/api/appointments/family',
      cookie: as.receptionist,
      practiceId: 3,
      body,
    });
    expect(elsewhere.statusCode).toBe(403);
  });
});
