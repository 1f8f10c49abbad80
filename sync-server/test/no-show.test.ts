import { describe, expect, it } from 'vitest';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'admin', 'staff');

/** Seeded appointments of practice 1 still scheduled, oldest first. */
async function scheduledAppointments(count: number) {
  return t.db
    .selectFrom('appointments')
    .select(['id', 'patient_id'])
    .where('practice_id', '=', 1)
    .where('status', '=', 'scheduled')
    .orderBy('appointment_date')
    .limit(count)
    .execute();
}

describe('no-show events', () => {
  it('marking an appointment no-show records the event with the status, once', async () => {
    const [appointment] = await scheduledAppointments(1);
    if (!appointment) throw new Error('no scheduled appointment in the seed');
    const before = await t.request({
      url: `/api/no-show-prediction/patients/${appointment.patient_id}`,
      cookie: as.admin,
    });
    expect(before.statusCode).toBe(200);
    const countBefore = before.json().noShowCount as number;

    const marked = await t.request({
      method: 'PATCH',
      url: `/api/appointments/${appointment.id}`,
      cookie: as.admin,
      body: { status: 'no-show' },
    });
    expect(marked.statusCode).toBe(200);
    const repeat = await t.request({
      method: 'POST',
      url: '/api/no-show-prediction/record-no-show',
      cookie: as.admin,
      body: { appointmentId: appointment.id, patientId: appointment.patient_id, actualNoShow: true },
    });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toMatchObject({
      success: true,
      event: { appointmentId: appointment.id, actualNoShow: true },
    });

    const after = await t.request({
      url: `/api/no-show-prediction/patients/${appointment.patient_id}`,
      cookie: as.admin,
    });
    expect(after.json().noShowCount).toBe(countBefore + 1);
    expect(after.json().events[0]).toMatchObject({ appointmentId: appointment.id, actualNoShow: true });
  });

  it('a wrong mark can be corrected, and the count follows', async () => {
    const [, appointment] = await scheduledAppointments(2);
    if (!appointment) throw new Error('no scheduled appointment in the seed');
    const record = (actualNoShow: boolean) =>
      t.request({
        method: 'POST',
        url: '/api/no-show-prediction/record-no-show',
        cookie: as.admin,
        body: { appointmentId: appointment.id, patientId: appointment.patient_id, actualNoShow },
      });
    const url = `/api/no-show-prediction/patients/${appointment.patient_id}`;
    const base = (await t.request({ url, cookie: as.admin })).json().noShowCount as number;
    expect((await record(true)).statusCode).toBe(200);
    expect((await t.request({ url, cookie: as.admin })).json().noShowCount).toBe(base + 1);
    expect((await record(false)).statusCode).toBe(200);
    expect((await t.request({ url, cookie: as.admin })).json().noShowCount).toBe(base);
  });

  it('refuses bad input, other practices, the wrong patient and missing permission', async () => {
    const [appointment, other] = await scheduledAppointments(2);
    if (!appointment || !other) throw new Error('no scheduled appointments in the seed');
    const post = (body: unknown, cookie = as.admin, practiceId?: number) =>
      t.request({
        method: 'POST',
        url: '/api/no-show-prediction/record-no-show',
        cookie,
        body,
        ...(practiceId ? { practiceId } : {}),
      });
    const bad = await post({ appointmentId: 'nope', patientId: appointment.patient_id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('appointmentId');
    const wrongPatient = await post({ appointmentId: appointment.id, patientId: other.patient_id });
    expect(wrongPatient.statusCode).toBe(400);
    expect(wrongPatient.json().field).toBe('patientId');
    expect(
      (await post({ appointmentId: appointment.id, patientId: appointment.patient_id }, as.staff)).statusCode,
    ).toBe(403);
    expect(
      (await post({ appointmentId: appointment.id, patientId: appointment.patient_id }, as.admin, 2)).statusCode,
    ).toBe(404);
    expect((await post({ appointmentId: appointment.id, patientId: appointment.patient_id }, '')).statusCode).toBe(401);
    const unknownPatient = await t.request({
      url: '/api/no-show-prediction/patients/00000000-0000-4000-8000-000000000000',
      cookie: as.admin,
    });
    expect(unknownPatient.statusCode).toBe(404);
  });
});
