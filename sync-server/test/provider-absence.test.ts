import type { AbsencePreview } from '@dental/domain/scheduling/absence.schema';
import type { Appointment } from '@dental/domain/scheduling/appointment';
import { anAbsencePreview, aProviderAbsence } from '@dental/domain/testing/absences';
import { ADMIN, anAppointment, DOCTOR, HYGIENIST, on } from '@dental/domain/testing/appointments';
import { describe, expect, it } from 'vitest';
import { bookAppointment, cancelAppointment, postAppointment, postTo } from './helpers/api.ts';
import { activePatients, userId } from './helpers/demo-data.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

/** A Monday past the seeded weeks: the doctor's absence that day, and what it does to the bookings. */
const ABSENCE_DAY = '2027-03-01';

const t = fileApp();
const as = signedIn(t, 'receptionist', 'hygienist', 'staff', 'admin');

const patient = activePatients(t, 8);
const book = (body: unknown) => bookAppointment(t, as.receptionist, body);
const post = (url: string, body: unknown, cookie = as.receptionist, practiceId?: number) =>
  postTo(t, url, body, cookie, practiceId);

describe('provider absence', () => {
  let first: Appointment;
  let second: Appointment;
  let third: Appointment;
  let cancelled: Appointment;

  it('previews the affected bookings with up to 3 suggestions, leaving out cancelled ones', async () => {
    const withTheDoctor = (index: number, time: string, treatmentRoom: string) =>
      anAppointment({
        patientId: patient(index),
        appointmentDate: on(ABSENCE_DAY, time),
        treatmentRoom,
        providerId: DOCTOR.id,
      });
    first = await book(withTheDoctor(0, '10:00', 'Room 1'));
    second = await book(withTheDoctor(1, '11:00', 'Room 2'));
    third = await book(withTheDoctor(2, '13:00', 'Room 3'));
    cancelled = await book(withTheDoctor(3, '14:00', 'Room 4'));
    await cancelAppointment(t, as.receptionist, cancelled.id);

    const response = await post(
      '/api/provider-absences/preview',
      anAbsencePreview({ providerId: DOCTOR.id, startDate: ABSENCE_DAY }),
    );
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
    const body = aProviderAbsence({ providerId: DOCTOR.id, startDate: ABSENCE_DAY, reason: 'sick-leave' });
    expect((await post('/api/provider-absences/preview', body, as.staff)).statusCode).toBe(403);
    expect((await post('/api/provider-absences', body, as.hygienist)).statusCode).toBe(403);
  });

  it('validates with the wizard’s own texts', async () => {
    const missingProvider = await post(
      '/api/provider-absences',
      aProviderAbsence({ providerId: undefined, startDate: ABSENCE_DAY }),
    );
    expect(missingProvider.statusCode).toBe(400);
    expect(missingProvider.json()).toMatchObject({
      field: 'providerId',
      message: 'Please select a provider who will be absent.',
    });
    const missingReason = await post(
      '/api/provider-absences',
      aProviderAbsence({ providerId: DOCTOR.id, startDate: ABSENCE_DAY, reason: undefined }),
    );
    expect(missingReason.json()).toMatchObject({
      field: 'reason',
      message: 'Please provide a reason for the absence.',
    });
    const backwards = await post(
      '/api/provider-absences',
      aProviderAbsence({ providerId: DOCTOR.id, startDate: ABSENCE_DAY, endDate: '2027-02-28' }),
    );
    expect(backwards.json()).toMatchObject({ field: 'endDate', message: 'endDate must not be before startDate' });
    const notAProvider = await post(
      '/api/provider-absences',
      aProviderAbsence({ providerId: await userId(t, 'staff'), startDate: ABSENCE_DAY }),
    );
    expect(notAProvider.json()).toMatchObject({ field: 'providerId' });
  });

  it('processes reschedule, reassign and cancel together, notifies, and blocks new bookings', async () => {
    const response = await post(
      '/api/provider-absences',
      aProviderAbsence({
        providerId: DOCTOR.id,
        startDate: ABSENCE_DAY,
        endDate: ABSENCE_DAY,
        reason: 'sick-leave',
        notes: 'Flu',
        emergencyContact: ADMIN.id,
        notifyPatients: true,
        plans: [
          { appointmentId: first.id, action: 'reschedule', newDate: '2027-03-02', newTime: '10:00', priority: 'high' },
          { appointmentId: second.id, action: 'reassign', newProviderId: HYGIENIST.id, patientNotified: false },
          { appointmentId: third.id, action: 'cancel' },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.absence).toMatchObject({
      practiceId: 1,
      providerId: DOCTOR.id,
      startDate: ABSENCE_DAY,
      endDate: ABSENCE_DAY,
      reason: 'sick-leave',
      notes: 'Flu',
      emergencyContact: ADMIN.id,
    });
    const [moved, reassigned, gone] = body.appointments as Appointment[];
    expect(moved).toMatchObject({
      id: first.id,
      status: 'scheduled',
      appointmentDate: on('2027-03-02', '10:00'),
      providerId: DOCTOR.id,
      treatmentRoom: 'Room 1',
    });
    expect(reassigned).toMatchObject({
      id: second.id,
      providerId: HYGIENIST.id,
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

    const wanted = anAppointment({
      patientId: patient(4),
      appointmentDate: on(ABSENCE_DAY, '15:00'),
      treatmentRoom: 'Room 6',
      providerId: DOCTOR.id,
    });
    const blocked = await postAppointment(t, as.receptionist, wanted);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().conflicts).toContainEqual(
      expect.objectContaining({ type: 'absence', message: 'The provider is absent (Sick Leave) on this day' }),
    );
    const move = await t.request({
      method: 'PATCH',
      url: `/api/appointments/${first.id}`,
      cookie: as.receptionist,
      body: { appointmentDate: on(ABSENCE_DAY, '16:00') },
    });
    expect(move.statusCode).toBe(409);

    const slots = await t.request({
      url: `/api/appointments/available-slots?date=${ABSENCE_DAY}`,
      cookie: as.receptionist,
    });
    expect(slots.json().slots.some((slot: { providerIds: number[] }) => slot.providerIds.includes(DOCTOR.id))).toBe(
      false,
    );
    const analysis = await post('/api/appointments/analyze-conflicts', wanted);
    expect(analysis.json().conflicts).toContainEqual(expect.objectContaining({ type: 'absence' }));

    const listed = await t.request({ url: `/api/provider-absences?date=${ABSENCE_DAY}`, cookie: as.staff });
    expect(listed.json()).toEqual([body.absence]);
    const pull = await t.request({ url: '/api/sync/pull?limit=5000', cookie: as.receptionist });
    const changes = pull.json().changes as { table: string; id: string; row: unknown }[];
    let cursor = pull.json();
    const all = [...changes];
    while (cursor.hasMore) {
      cursor = (
        await t.request({ url: `/api/sync/pull?limit=5000&cursor=${cursor.cursor}`, cookie: as.receptionist })
      ).json();
      all.push(...cursor.changes);
    }
    expect(all.find((change) => change.table === 'provider_absences')).toMatchObject({
      id: body.absence.id,
      row: body.absence,
    });
  });

  it('refuses a second absence over the same days', async () => {
    const response = await post(
      '/api/provider-absences',
      aProviderAbsence({ providerId: DOCTOR.id, startDate: ABSENCE_DAY, endDate: '2027-03-03' }),
    );
    expect(response.statusCode).toBe(409);
  });

  it('keeps practices apart', async () => {
    const local = await book(
      anAppointment({
        patientId: patient(5),
        appointmentDate: on('2027-03-10', '09:00'),
        treatmentRoom: 'Room 8',
        providerId: ADMIN.id,
      }),
    );
    const fromCalgary = await post(
      '/api/provider-absences',
      aProviderAbsence({
        providerId: ADMIN.id,
        startDate: '2027-03-10',
        reason: 'other',
        plans: [{ appointmentId: local.id, action: 'cancel' }],
      }),
      as.admin,
      2,
    );
    expect(fromCalgary.statusCode).toBe(400);
    expect(fromCalgary.json().field).toBe('plans.0.appointmentId');
    const foreignProvider = await post(
      '/api/provider-absences/preview',
      anAbsencePreview({ providerId: HYGIENIST.id, startDate: '2027-03-10' }),
      as.admin,
      3,
    );
    expect(foreignProvider.statusCode).toBe(400);
    expect(foreignProvider.json().field).toBe('providerId');
    expect(
      (await t.request({ url: '/api/provider-absences?date=2027-03-01', cookie: as.admin, practiceId: 2 })).json(),
    ).toEqual([]);
  });
});
