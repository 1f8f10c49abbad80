import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createAppointment } from '../src/appointment-commands.ts';
import { createPatient } from '../src/patient-commands.ts';
import { readAppointmentsForPatient } from '../src/reads.ts';
import { anUnlockedStore, aPatientInput } from './support/store.ts';

describe('readAppointmentsForPatient', () => {
  it('returns only that patient’s appointments, decrypted and in start order', async () => {
    const { store, key } = await anUnlockedStore();
    const { patient } = await createPatient(store, key, aPatientInput());
    const { patient: other } = await createPatient(store, key, aPatientInput({ firstName: 'Marguerite' }));
    const book = (patientId: string, appointmentDate: string, procedure: string) =>
      createAppointment(store, key, {
        patientId,
        providerId: 2,
        treatmentRoom: 'Room 1',
        appointmentDate,
        duration: 60,
        procedure,
      });
    await book(patient.id, '2026-11-25T15:00:00.000Z', 'Crown');
    await book(other.id, '2026-11-24T15:00:00.000Z', 'Cleaning');
    await book(patient.id, '2026-11-23T14:00:00.000Z', 'New Patient Consultation');

    const appointments = await readAppointmentsForPatient(store, key, patient.id);
    expect(appointments.map((appointment) => appointment.procedure)).toEqual(['New Patient Consultation', 'Crown']);
    expect(appointments.every((appointment) => appointment.patientId === patient.id)).toBe(true);
    expect(await readAppointmentsForPatient(store, key, crypto.randomUUID())).toEqual([]);
  });
});
