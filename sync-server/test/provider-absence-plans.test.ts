import type { AbsencePreview } from '@dental/domain/scheduling/absence.schema';
import { anAbsencePreview, aProviderAbsence } from '@dental/domain/testing/absences';
import { ADMIN, anAppointment, DOCTOR, HYGIENIST, on } from '@dental/domain/testing/appointments';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bookAppointment } from './helpers/api.ts';
import { activePatients } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

/** Mondays past the seeded weeks, one per scenario so they never share a slot. */
const ALL_OR_NOTHING_DAY = '2027-03-08';
const FAMILY_DAY = '2027-03-15';

const t = fileApp();
const as = signedIn(t, 'receptionist');

const patient = activePatients(t, 3);
const book = (body: unknown) => bookAppointment(t, as.receptionist, body);
const post = (url: string, body: unknown) => t.request({ method: 'POST', url, cookie: as.receptionist, body });
const outgoingMessages = async () =>
  (await t.db.selectFrom('outgoing_messages').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n;

describe('provider absence', () => {
  it('is all or nothing: one conflicting plan leaves no absence and no change', async () => {
    const kept = await book(
      anAppointment({
        patientId: patient(0),
        appointmentDate: on(ALL_OR_NOTHING_DAY, '09:00'),
        treatmentRoom: 'Room 1',
        providerId: ADMIN.id,
      }),
    );
    const clashing = await book(
      anAppointment({
        patientId: patient(1),
        appointmentDate: on(ALL_OR_NOTHING_DAY, '10:00'),
        treatmentRoom: 'Room 2',
        providerId: ADMIN.id,
      }),
    );
    const occupant = await book(
      anAppointment({
        patientId: patient(2),
        appointmentDate: on('2027-03-09', '11:00'),
        treatmentRoom: 'Room 5',
        providerId: HYGIENIST.id,
      }),
    );
    const before = await t.db
      .selectFrom('appointments')
      .selectAll()
      .where('id', 'in', [kept.id, clashing.id])
      .orderBy('id')
      .execute();
    const messagesBefore = await outgoingMessages();

    const response = await post(
      '/api/provider-absences',
      aProviderAbsence({
        providerId: ADMIN.id,
        startDate: ALL_OR_NOTHING_DAY,
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
      }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      appointmentId: clashing.id,
      message: expect.stringContaining('Scheduling conflict for'),
    });
    expect(response.json().conflicts[0]).toMatchObject({ type: 'room', appointmentId: occupant.id });
    expect(
      await t.db.selectFrom('provider_absences').select('id').where('provider_id', '=', ADMIN.id).execute(),
    ).toEqual([]);
    expect(
      await t.db
        .selectFrom('appointments')
        .selectAll()
        .where('id', 'in', [kept.id, clashing.id])
        .orderBy('id')
        .execute(),
    ).toEqual(before);
    expect(await outgoingMessages()).toBe(messagesBefore);

    const stillAbsent = await post(
      '/api/provider-absences',
      aProviderAbsence({
        providerId: ADMIN.id,
        startDate: ALL_OR_NOTHING_DAY,
        endDate: '2027-03-09',
        reason: 'personal',
        plans: [{ appointmentId: kept.id, action: 'reschedule', newDate: '2027-03-09', newTime: '09:00' }],
      }),
    );
    expect(stillAbsent.statusCode).toBe(409);
    expect(stillAbsent.json().conflicts[0]).toMatchObject({ type: 'absence' });
  });

  it('moves family members booked back to back together', async () => {
    const pair = await t.db
      .selectFrom('family_relationships')
      .select(['patient_id', 'related_patient_id'])
      .where('practice_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const parent = await book(
      anAppointment({
        patientId: pair.patient_id,
        appointmentDate: on(FAMILY_DAY, '09:00'),
        treatmentRoom: 'Room 3',
        providerId: DOCTOR.id,
      }),
    );
    const child = await book(
      anAppointment({
        patientId: pair.related_patient_id,
        appointmentDate: on(FAMILY_DAY, '09:30'),
        treatmentRoom: 'Room 3',
        providerId: DOCTOR.id,
      }),
    );
    const preview = (
      await post('/api/provider-absences/preview', anAbsencePreview({ providerId: DOCTOR.id, startDate: FAMILY_DAY }))
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
