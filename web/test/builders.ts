/** Records as the screens read them from the local store, with defaults: tests name only what they are about. */
import type { LocalAppointment, LocalPatient } from '@dental/local-store';

export function anAppointment(overrides: Partial<LocalAppointment> = {}): LocalAppointment {
  return {
    id: 'a-1',
    practiceId: 1,
    patientId: 'p-1',
    providerId: 2,
    assistantId: null,
    patient: { firstName: 'Ada', lastName: 'Okafor' },
    patientName: 'Ada Okafor',
    patientPhone: '4165550101',
    providerName: 'Dr. Lindqvist',
    providerColor: null,
    treatmentRoom: 'Room 1',
    appointmentDate: '2026-11-23T14:00:00.000Z',
    day: '2026-11-23',
    duration: 30,
    status: 'scheduled',
    procedure: 'Cleaning',
    notes: null,
    appointmentType: null,
    checkedInAt: null,
    completedAt: null,
    createdAt: '2026-11-01T12:00:00.000Z',
    updatedAt: '2026-11-01T12:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export function aPatient(overrides: Partial<LocalPatient> = {}): LocalPatient {
  return {
    id: 'p-1',
    practiceId: 1,
    firstName: 'Ada',
    lastName: 'Okafor',
    email: null,
    phone: '4165550101',
    dateOfBirth: '1984-03-09',
    address: null,
    city: 'Toronto',
    province: 'ON',
    zipCode: null,
    emergencyContact: null,
    emergencyPhone: null,
    medicalHistory: { communicationPreference: 'email' },
    preferredProviderId: null,
    isActive: true,
    status: 'active',
    createdAt: '2026-01-01T12:00:00.000Z',
    updatedAt: '2026-01-01T12:00:00.000Z',
    restricted: [],
    version: 1,
    ...overrides,
  };
}
