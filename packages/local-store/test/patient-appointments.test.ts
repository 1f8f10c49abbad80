import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { anAppointmentInput, anUnlockedStore, aPatientInput } from './support/store.ts';

describe('readAppointmentsForPatient', () => {
  it('returns only that patient’s appointments, decrypted and in start order', async () => {
    const { local } = await anUnlockedStore();
    const { patient } = await local.patients.create(aPatientInput());
    const { patient: other } = await local.patients.create(aPatientInput({ firstName: 'Marguerite' }));
    const book = (patientId: string, appointmentDate: string, procedure: string) =>
      local.appointments.create(anAppointmentInput({ patientId, appointmentDate, procedure }));
    await book(patient.id, '2026-11-25T15:00:00.000Z', 'Crown');
    await book(other.id, '2026-11-24T15:00:00.000Z', 'Cleaning');
    await book(patient.id, '2026-11-23T14:00:00.000Z', 'New Patient Consultation');

    const appointments = await local.appointments.ofPatient(patient.id);
    expect(appointments.map((appointment) => appointment.procedure)).toEqual(['New Patient Consultation', 'Crown']);
    expect(appointments.every((appointment) => appointment.patientId === patient.id)).toBe(true);
    expect(await local.appointments.ofPatient(crypto.randomUUID())).toEqual([]);
  });
});

describe('visitHistories', () => {
  it('counts each patient’s kept and missed visits before the cutoff, without the others', async () => {
    const { local } = await anUnlockedStore();
    const { patient } = await local.patients.create(aPatientInput());
    const { patient: other } = await local.patients.create(aPatientInput({ firstName: 'Marguerite' }));
    const book = async (patientId: string, appointmentDate: string, status?: string) => {
      const { appointment } = await local.appointments.create(anAppointmentInput({ patientId, appointmentDate }));
      if (status) await local.appointments.changeStatus(appointment.id, status);
    };
    await book(patient.id, '2026-11-02T15:00:00.000Z', 'no-show');
    await book(patient.id, '2026-11-03T15:00:00.000Z', 'no-show');
    await book(patient.id, '2026-11-04T15:00:00.000Z', 'completed');
    await book(patient.id, '2026-11-05T15:00:00.000Z', 'cancelled');
    await book(patient.id, '2026-11-30T15:00:00.000Z');
    await book(other.id, '2026-11-02T16:00:00.000Z', 'in-progress');

    const histories = await local.appointments.visitHistories([patient.id, other.id], '2026-11-25T00:00:00.000Z');
    expect(histories.get(patient.id)).toEqual({ noShows: 2, attended: 1, lastNoShow: '2026-11-03T15:00:00.000Z' });
    expect(histories.get(other.id)).toEqual({ noShows: 0, attended: 1, lastNoShow: null });
    expect((await local.appointments.visitHistories([other.id], '2026-11-25T00:00:00.000Z')).has(patient.id)).toBe(
      false,
    );
  });
});
