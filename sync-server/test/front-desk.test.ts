import { addDays } from '@dental/domain/scheduling/booking-rules';
import { aCheckIn, aCheckOut, anAppointment, DOCTOR, on } from '@dental/domain/testing/appointments';
import { beforeAll, describe, expect, it } from 'vitest';
import { postAppointment } from './helpers/api.ts';
import { activePatientIds, patientOf, setPermission } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

/** A Monday past the seeded weeks, so rooms and providers are free. */
const DAY = '2027-01-18';
/** Kept apart from the other tests' bookings (a Monday; not 2027-02-15, Family Day, when Ontario practices close). */
const FOLLOW_UP_DAY = '2027-02-22';

const t = fileApp();
const as = signedIn(t, 'receptionist', 'hygienist', 'staff');
let patientId: string;
let otherPatientId: string;
let calgaryPatientId: string;
let booked = 0;

beforeAll(async () => {
  [patientId = '', otherPatientId = ''] = await activePatientIds(t, 2);
  calgaryPatientId = await patientOf(t, 2);
});

const SLOTS_PER_DAY = 18;

/** A booking of the patient with the doctor in Room 1, each in its own half hour, so the tests never clash. */
async function book(): Promise<{ id: string; [key: string]: unknown }> {
  const slot = booked++;
  const date = addDays(DAY, Math.floor(slot / SLOTS_PER_DAY));
  const minutes = 8 * 60 + (slot % SLOTS_PER_DAY) * 30;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const response = await postAppointment(
    t,
    as.receptionist,
    anAppointment({ patientId, appointmentDate: on(date, time) }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const patch = (id: string, body: Record<string, unknown>, cookie = as.receptionist) =>
  t.request({ method: 'PATCH', url: `/api/appointments/${id}`, cookie, body });

describe('check-in and check-out through PATCH /api/appointments/:id', () => {
  it('quick check-in stores the spec 7 field set; checked-in is stored as in-progress', async () => {
    const appointment = await book();
    const response = await patch(
      appointment.id,
      aCheckIn({
        checkedInAt: '2027-01-18T13:52:00.000Z',
        arrivalTime: '08:52',
        checkInNotes: 'Wheelchair access',
        waitingArea: 'private',
        insuranceVerified: true,
        emergencyContactConfirmed: true,
        medicalHistoryUpdated: true,
        paymentMethodOnFile: false,
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'in-progress',
      checkedInAt: '2027-01-18T13:52:00.000Z',
      arrivalTime: '08:52',
      checkInNotes: 'Wheelchair access',
      waitingArea: 'private',
      insuranceVerified: true,
      emergencyContactConfirmed: true,
      medicalHistoryUpdated: true,
      paymentMethodOnFile: false,
      treatmentCompleted: null,
    });
    const list = await t.request({ url: `/api/appointments?date=${DAY}`, cookie: as.receptionist });
    expect(
      (list.json() as { id: string; waitingArea: string }[]).find((a) => a.id === appointment.id)?.waitingArea,
    ).toBe('private');
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', appointment.id)
      .where('action', '=', 'appointment.status.in-progress')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('un-check-in goes back to scheduled and clears the arrival stamp', async () => {
    const appointment = await book();
    await patch(appointment.id, aCheckIn());
    const response = await patch(appointment.id, { status: 'scheduled' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'scheduled', checkedInAt: null });
  });

  it('express check-out stores its field set and completes the visit', async () => {
    const appointment = await book();
    await patch(appointment.id, aCheckIn({ waitingArea: 'private' }));
    const response = await patch(
      appointment.id,
      aCheckOut({
        completedAt: '2027-01-18T14:40:00.000Z',
        treatmentCompleted: true,
        notes: 'Next visit in 2 weeks',
        patientSatisfaction: 5,
        paymentCollected: true,
        paymentAmount: 125.5,
        paymentMethod: 'card',
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'completed',
      completedAt: '2027-01-18T14:40:00.000Z',
      treatmentCompleted: true,
      notes: 'Next visit in 2 weeks',
      patientSatisfaction: 5,
      paymentCollected: true,
      paymentAmount: 125.5,
      paymentMethod: 'card',
      // The check-in answers stay.
      waitingArea: 'private',
    });
  });

  it('full check-out completes with a visit rating; a completed visit cannot be reopened', async () => {
    const appointment = await book();
    const response = await patch(appointment.id, aCheckOut({ notes: 'All done', visitRating: 'excellent' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'completed', visitRating: 'excellent', notes: 'All done' });
    expect(response.json().completedAt).toBe(new Date(Date.parse('2026-11-22T15:00:00.000Z')).toISOString());
    const reopen = await patch(appointment.id, { status: 'in-progress' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe('Cannot change an appointment from completed to in-progress.');
  });

  it('cancel and no-show are final', async () => {
    const cancelled = await book();
    expect((await patch(cancelled.id, { status: 'cancelled' })).json().status).toBe('cancelled');
    expect((await patch(cancelled.id, { status: 'checked-in' })).statusCode).toBe(409);
    const noShow = await book();
    expect((await patch(noShow.id, { status: 'no-show' })).json().status).toBe('no-show');
    expect((await patch(noShow.id, { status: 'completed' })).statusCode).toBe(409);
  });

  it.each([
    [{ waitingArea: 'lobby' }, 'waitingArea'],
    [{ patientSatisfaction: 0 }, 'patientSatisfaction'],
    [{ paymentAmount: 12.345 }, 'paymentAmount'],
    [{ paymentMethod: 'barter' }, 'paymentMethod'],
    [{ visitRating: 'meh' }, 'visitRating'],
    [{ arrivalTime: '25:00' }, 'arrivalTime'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const appointment = await book();
    const response = await patch(appointment.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  it('needs appointments.edit: a hygienist cannot check in', async () => {
    const appointment = await book();
    const response = await patch(appointment.id, aCheckIn(), as.hygienist);
    expect(response.statusCode).toBe(403);
  });

  it('another practice’s appointment is not found', async () => {
    const appointment = await book();
    const admin = await t.login('admin');
    const response = await t.request({
      method: 'PATCH',
      url: `/api/appointments/${appointment.id}`,
      cookie: admin,
      practiceId: 2,
      body: aCheckIn(),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('follow-up bookings', () => {
  it('a follow-up may last 15 or 45 minutes; any other booking may not', async () => {
    const fifteen = await postAppointment(
      t,
      as.receptionist,
      anAppointment({
        patientId,
        appointmentDate: on(FOLLOW_UP_DAY, '15:00'),
        treatmentRoom: 'Room 9',
        duration: 15,
        procedure: 'Follow-up',
        appointmentType: 'follow-up',
      }),
    );
    expect(fifteen.statusCode, fifteen.body).toBe(201);
    expect(fifteen.json()).toMatchObject({ duration: 15, appointmentType: 'follow-up' });
    const fortyFive = await postAppointment(
      t,
      as.receptionist,
      anAppointment({
        patientId,
        appointmentDate: on(FOLLOW_UP_DAY, '15:15'),
        treatmentRoom: 'Room 9',
        duration: 45,
        procedure: 'Follow-up',
        appointmentType: 'follow-up',
      }),
    );
    expect(fortyFive.statusCode, fortyFive.body).toBe(201);
    const plain = await postAppointment(
      t,
      as.receptionist,
      anAppointment({ patientId, appointmentDate: on(FOLLOW_UP_DAY, '16:00'), treatmentRoom: 'Room 10', duration: 15 }),
    );
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({ field: 'duration', message: 'duration must be at least 30 minutes' });
    // A follow-up may be resized to 45; changing its type away from follow-up with 45 is refused.
    const resize = await patch(fifteen.json().id, { duration: 45, appointmentDate: on(FOLLOW_UP_DAY, '14:00') });
    expect(resize.statusCode, resize.body).toBe(200);
    const retype = await patch(fifteen.json().id, { appointmentType: 'cleaning' });
    expect(retype.statusCode).toBe(400);
    expect(retype.json().field).toBe('duration');
  });

  it('takes the express variant: appointmentTime and appointmentType instead of appointmentDate and procedure', async () => {
    // Written out: the builders speak the main names, and these are the aliases under test.
    const express = await postAppointment(t, as.receptionist, {
      patientId,
      providerId: DOCTOR.id,
      treatmentRoom: 'Room 11',
      appointmentTime: on(FOLLOW_UP_DAY, '10:00'),
      duration: 30,
      status: 'scheduled',
      appointmentType: 'follow-up',
    });
    expect(express.statusCode, express.body).toBe(201);
    expect(express.json()).toMatchObject({
      appointmentDate: new Date(on(FOLLOW_UP_DAY, '10:00')).toISOString(),
      procedure: 'follow-up',
      appointmentType: 'follow-up',
    });
  });
});

describe('surveys and patient messages', () => {
  it('records a survey and lists it for the patient', async () => {
    const appointment = await book();
    const response = await t.request({
      method: 'POST',
      url: '/api/surveys/send',
      cookie: as.receptionist,
      body: {
        patientId,
        appointmentId: appointment.id,
        type: 'satisfaction',
        method: 'text',
        treatmentCompleted: true,
        providerName: 'Dr. Daniel Chen',
        treatmentDate: DAY,
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      patientId,
      appointmentId: appointment.id,
      type: 'satisfaction',
      method: 'text',
      status: 'queued',
      treatmentDate: DAY,
    });
    const list = await t.request({ url: `/api/surveys?patientId=${patientId}`, cookie: as.receptionist });
    expect(list.json()).toContainEqual(expect.objectContaining({ id: response.json().id }));
  });

  it('refuses a survey for another patient’s appointment, an unknown method, and other practices', async () => {
    const appointment = await book();
    const send = (body: Record<string, unknown>, practiceId?: number, cookie = as.receptionist) =>
      t.request({ method: 'POST', url: '/api/surveys/send', cookie, body, ...(practiceId ? { practiceId } : {}) });
    const wrongPatient = await send({ patientId: otherPatientId, appointmentId: appointment.id });
    expect(wrongPatient.statusCode).toBe(400);
    expect(wrongPatient.json().field).toBe('appointmentId');
    expect((await send({ patientId, appointmentId: appointment.id, method: 'fax' })).json().field).toBe('method');
    expect((await send({ patientId: calgaryPatientId, appointmentId: appointment.id })).statusCode).toBe(404);
    const admin = await t.login('admin');
    expect((await send({ patientId, appointmentId: appointment.id }, 2, admin)).statusCode).toBe(404);
  });

  it('send-notification queues the staff’s words in the patient’s template, on their preferred channel', async () => {
    const appointment = await book();
    const response = await t.request({
      method: 'POST',
      url: '/api/communications/send-notification',
      cookie: as.staff,
      body: {
        patientId,
        type: 'appointment_change',
        message: 'Your appointment moved to 10:00.',
        appointmentId: appointment.id,
      },
    });
    expect(response.statusCode).toBe(201);
    const patient = await t.db
      .selectFrom('patients')
      .select('medical_history')
      .where('id', '=', patientId)
      .executeTakeFirstOrThrow();
    const preference =
      (JSON.parse(patient.medical_history) as { communicationPreference?: string }).communicationPreference ?? 'email';
    expect(response.json()).toMatchObject({
      patientId,
      appointmentId: appointment.id,
      type: 'appointment_change',
      channel: preference,
      status: 'queued',
    });
    expect(response.json().message).toContain('Your appointment moved to 10:00.');
    const list = await t.request({ url: `/api/communications/messages?patientId=${patientId}`, cookie: as.staff });
    const listed = list.json().messages.find((m: { id: string }) => m.id === response.json().id);
    expect(listed).toMatchObject({ type: 'appointment_change', status: 'queued' });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', response.json().id)
      .execute();
    expect(audit).toEqual([{ action: 'message.queue' }]);
  });

  it('refuses an empty message, another practice’s patient and a caller without communications.send', async () => {
    const send = (body: Record<string, unknown>, cookie = as.receptionist) =>
      t.request({ method: 'POST', url: '/api/communications/send-notification', cookie, body });
    const empty = await send({ patientId, message: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'message', message: 'message is required' });
    expect((await send({ patientId: calgaryPatientId, message: 'Hi' })).statusCode).toBe(404);
    await setPermission(t, 'staff', 'communications.send', false);
    expect((await send({ patientId, message: 'Hi' }, as.staff)).statusCode).toBe(403);
    expect(
      (await t.request({ url: `/api/communications/messages?patientId=${calgaryPatientId}`, cookie: as.receptionist }))
        .statusCode,
    ).toBe(404);
  });
});
