import { openValue } from '../../src/crypto/seal.ts';
import type { StoreHandle } from '../../src/db/handle.ts';
import type { OutboxEntry } from '../../src/db/rows.ts';
import { anAppointmentInput, anUnlockedStore, aPatientInput } from './store.ts';

/** Nine on 2026-11-23, the day the front desk tests read. */
const NINE_AM = '2026-11-23T09:00:00.000Z';

/** A store with a patient booked at nine on 2026-11-23, both still queued. */
export async function aBooking() {
  const { local, store, key } = await anUnlockedStore();
  const { patient } = await local.patients.create(aPatientInput());
  const { appointment } = await local.appointments.create(
    anAppointmentInput({ patientId: patient.id, appointmentDate: NINE_AM }),
  );
  return { local, store, key, patient, appointment };
}

/** The body an outbox entry will send, opened. */
export async function bodyOf(store: StoreHandle, key: Parameters<typeof openValue>[0], entry: OutboxEntry) {
  if (!entry.body) throw new Error('the entry has no body');
  const opened = await openValue(key, store.practiceId, 'outbox', entry.id, entry.body);
  if (!opened.ok) throw new Error('the body cannot be opened');
  return opened.plain;
}
