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
