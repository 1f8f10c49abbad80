import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { CommandValidationError } from '../src/commands/errors.ts';
import { writeThrough } from '../src/commands/write-through.ts';
import { openValue } from '../src/crypto/seal.ts';
import { describe as describeEntry } from '../src/outbox/attention.ts';
import { readRecord } from '../src/records/reads.ts';
import { anAppointmentInput, anUnlockedStore, aPatientInput } from './support/store.ts';

const NINE_AM = '2026-11-23T09:00:00.000Z';

async function withPatient() {
  const { local, store, key } = await anUnlockedStore();
  await store.db.users.put({ id: '2', displayName: 'Dr. Okafor', providerColor: '#2563eb' });
  const { patient } = await local.patients.create(aPatientInput({ phone: '416-555-0142' }));
  return { local, store, key, patient };
}

describe('commands', () => {
  it('validates with the domain schema and writes nothing when invalid', async () => {
    const { local, store } = await anUnlockedStore();
    const attempt = local.patients.create(aPatientInput({ phone: '12' }));
    await expect(attempt).rejects.toBeInstanceOf(CommandValidationError);
    await expect(attempt).rejects.toMatchObject({
      issues: [{ field: 'phone', message: 'Please enter a valid North American phone number (10 digits)' }],
    });
    expect(await store.db.outbox.count()).toBe(0);
    expect(await store.db.patients.count()).toBe(0);
  });

  it('creates a patient the screen can show at once, with the body the API expects', async () => {
    const { local, store, key } = await anUnlockedStore();
    const { patient, entry } = await local.patients.create(aPatientInput({ phone: '416-555-0142' }));
    expect(patient).toMatchObject({ phone: '4165550142', status: 'active', isActive: true, version: 0 });
    expect(patient.medicalHistory).toMatchObject({ allergies: ['penicillin'], communicationPreference: 'email' });
    expect(entry).toMatchObject({ method: 'POST', endpoint: '/api/patients', type: 'create', previous: null });
    expect(await describeEntry(store, key, entry)).toBe('Create patient Evangelina Thistlewood');
  });

  it('updates only what changed and keeps the medical history it was not asked to change', async () => {
    const { local, patient } = await withPatient();
    const { entry } = await local.patients.update(patient.id, {
      city: 'Ottawa',
      medicalHistory: { conditions: ['asthma'] },
    });
    const [stored] = await local.patients.all();
    expect(stored?.city).toBe('Ottawa');
    expect(stored?.medicalHistory).toMatchObject({ conditions: ['asthma'], allergies: ['penicillin'] });
    expect(entry).toMatchObject({ method: 'PATCH', endpoint: `/api/patients/${patient.id}` });
    expect(entry.previous).not.toBeNull();
  });

  it('sends only the history fields changed, so a language change needs no medical-history permission', async () => {
    const { local, store, key, patient } = await withPatient();
    const { entry } = await local.patients.update(patient.id, {
      medicalHistory: { preferredLanguage: 'fr', commercialConsent: true },
    });
    const [stored] = await local.patients.all();
    expect(stored?.medicalHistory).toMatchObject({
      preferredLanguage: 'fr',
      commercialConsent: true,
      allergies: ['penicillin'],
    });
    if (!entry.body) throw new Error('the entry has no body');
    const opened = await openValue(key, store.practiceId, 'outbox', entry.id, entry.body);
    expect(opened).toMatchObject({ ok: true });
    expect(opened.ok && opened.plain).toEqual({ medicalHistory: { preferredLanguage: 'fr', commercialConsent: true } });
  });

  it('deactivates a patient at once and queues PATCH {isActive: false}, keeping the record', async () => {
    const { local, store, key, patient } = await withPatient();
    const { entry } = await local.patients.deactivate(patient.id);
    const [stored] = await local.patients.all();
    expect(stored).toMatchObject({ id: patient.id, isActive: false, status: 'inactive', lastName: patient.lastName });
    expect(entry).toMatchObject({ method: 'PATCH', endpoint: `/api/patients/${patient.id}` });
    if (!entry.body) throw new Error('the entry has no body');
    const opened = await openValue(key, store.practiceId, 'outbox', entry.id, entry.body);
    expect(opened).toMatchObject({ ok: true, plain: { isActive: false } });
  });

  it('books an appointment with names from the local copies, under its practice day', async () => {
    const { local, store, key, patient } = await withPatient();
    const { appointment, entry } = await local.appointments.create(
      // The duration left blank: the command books the default 30 minutes.
      anAppointmentInput({
        patientId: patient.id,
        appointmentDate: NINE_AM,
        treatmentRoom: 'Room 3',
        duration: undefined,
      }),
    );
    expect(appointment).toMatchObject({
      patientName: 'Evangelina Thistlewood',
      patientPhone: '4165550142',
      providerName: 'Dr. Okafor',
      duration: 30,
      status: 'scheduled',
      day: '2026-11-23',
    });
    expect(await local.appointments.onDay('2026-11-23')).toHaveLength(1);
    expect(await describeEntry(store, key, entry)).toBe('Book appointment 2026-11-23 09:00 Room 3');
  });

  it('moves and checks in with PATCH bodies of the changed fields only', async () => {
    const { local, store, key, patient } = await withPatient();
    const { appointment } = await local.appointments.create(
      anAppointmentInput({ patientId: patient.id, appointmentDate: NINE_AM, treatmentRoom: 'Room 3' }),
    );
    const moved = await local.appointments.update(appointment.id, {
      treatmentRoom: 'Room 1',
      appointmentDate: '2026-11-24T10:30:00Z',
    });
    expect(moved.appointment.day).toBe('2026-11-24');
    expect(await describeEntry(store, key, moved.entry)).toBe('Move appointment to 2026-11-24 10:30 Room 1');
    expect(await local.appointments.onDay('2026-11-23')).toHaveLength(0);

    const checkedIn = await local.appointments.update(appointment.id, { status: 'checked-in' });
    expect(checkedIn.appointment.status).toBe('in-progress');
    expect(await describeEntry(store, key, checkedIn.entry)).toBe('Change appointment status to in-progress');
    expect(checkedIn.entry.previous).toMatchObject({ treatmentRoom: 'Room 1' });
  });

  it('refuses a status change the server would refuse', async () => {
    const { local, patient } = await withPatient();
    const { appointment } = await local.appointments.create(
      anAppointmentInput({
        patientId: patient.id,
        appointmentDate: NINE_AM,
        treatmentRoom: 'Room 3',
        status: 'cancelled',
      }),
    );
    await expect(local.appointments.update(appointment.id, { status: 'scheduled' })).rejects.toMatchObject({
      issues: [{ field: 'status', message: 'Cannot change an appointment from cancelled to scheduled.' }],
    });
  });

  it('changes a status with a status-only body and stamps arrival and completion the way the server does', async () => {
    const { local, store, key, patient } = await withPatient();
    const { appointment } = await local.appointments.create(
      anAppointmentInput({ patientId: patient.id, appointmentDate: NINE_AM, treatmentRoom: 'Room 3' }),
    );
    const checkedIn = await local.appointments.changeStatus(appointment.id, 'in-progress');
    expect(checkedIn.appointment).toMatchObject({ status: 'in-progress', version: 0 });
    expect(checkedIn.appointment.checkedInAt).toEqual(expect.any(String));
    expect(checkedIn.entry).toMatchObject({ method: 'PATCH', endpoint: `/api/appointments/${appointment.id}` });
    expect(await describeEntry(store, key, checkedIn.entry)).toBe('Change appointment status to in-progress');
    expect(checkedIn.entry.previous).toMatchObject({ status: 'scheduled' });

    const undone = await local.appointments.changeStatus(appointment.id, 'scheduled');
    expect(undone.appointment).toMatchObject({ status: 'scheduled', checkedInAt: null });

    const [stored] = await local.appointments.onDay('2026-11-23');
    expect(stored).toMatchObject({ status: 'scheduled', checkedInAt: null });
    const completed = await local.appointments.changeStatus(appointment.id, 'completed');
    expect(completed.appointment.completedAt).toEqual(expect.any(String));
    await expect(local.appointments.changeStatus(appointment.id, 'no-show')).rejects.toMatchObject({
      issues: [{ field: 'status', message: 'Cannot change an appointment from completed to no-show.' }],
    });
    // The refused no-show queued nothing: one booking and three status changes.
    expect(await store.db.outbox.filter((entry) => entry.entity.id === appointment.id).count()).toBe(4);
  });

  it('writeThrough deletes optimistically and remembers the row for rollback', async () => {
    const { store, key } = await anUnlockedStore();
    await store.db.maintenance_schedules.put({ id: 'm1', title: 'Deep clean', roomId: 'Room 2' });
    const entry = await writeThrough(store, key, {
      table: 'maintenance_schedules',
      op: 'delete',
      id: 'm1',
      request: { method: 'DELETE', endpoint: '/api/maintenance-schedules/m1', body: { ignored: true } },
    });
    expect(entry.body).toBeUndefined();
    expect(entry.previous).toEqual({ id: 'm1', title: 'Deep clean', roomId: 'Room 2' });
    expect(await readRecord(store, key, 'maintenance_schedules', 'm1')).toBeUndefined();
    expect(await describeEntry(store, key, entry)).toBe('Delete maintenance');
  });
});
