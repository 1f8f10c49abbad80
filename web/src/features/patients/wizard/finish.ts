import { CHECKOUT } from '@dental/domain/constants';
import { createAppointment } from '@dental/local-store/appointment-commands';
import { writeThrough } from '@dental/local-store/commands';
import type { StoreKey } from '@dental/local-store/crypto/keys';
import { createPatient } from '@dental/local-store/patient-commands';
import type { LocalPatient, PlainRecord } from '@dental/local-store/records';
import type { LocalStore } from '@dental/local-store/store';
import { errorMessage } from '../../../lib/error-message.ts';
import { toPatientInput, type WizardValues } from './wizard-values.ts';

const BOOKING = CHECKOUT.wizardBooking;

export interface Outcome {
  ok: boolean;
  detail: string;
}

export interface FinishResult {
  patient: LocalPatient;
  forms: Outcome | null;
  appointment: Outcome | null;
}

/**
 * Queues POST /api/forms/send-multiple in the outbox, behind the patient's own create, so it goes
 * out in order once the server knows the patient, offline or not. The outbox tracks every entry
 * against a row; the patient's row is re-written unchanged, so a refusal restores nothing but itself.
 */
async function queueFormSends(store: LocalStore, key: StoreKey, patient: LocalPatient, templateIds: string[]) {
  await writeThrough(store, key, {
    table: 'patients',
    op: 'update',
    record: patient as unknown as PlainRecord,
    request: {
      method: 'POST',
      endpoint: '/api/forms/send-multiple',
      body: { patientId: patient.id, templateIds: templateIds.map(Number) },
    },
  });
}

/**
 * Creates the patient, then queues the form sends and the booking. Each of the last two stands on
 * its own: one failing neither undoes the patient nor stops the other.
 */
export async function finishWizard(
  store: LocalStore,
  key: StoreKey,
  values: WizardValues,
  booking: { providerId: number; appointmentDate: string } | null,
): Promise<FinishResult> {
  const { patient } = await createPatient(store, key, toPatientInput(values, crypto.randomUUID()));

  let forms: Outcome | null = null;
  if (values.templateIds.length > 0) {
    const count = values.templateIds.length;
    try {
      await queueFormSends(store, key, patient, values.templateIds);
      forms = { ok: true, detail: `${count} form${count === 1 ? '' : 's'} will be sent to the patient.` };
    } catch (error) {
      forms = { ok: false, detail: errorMessage(error, 'The forms could not be queued.') };
    }
  }

  let appointment: Outcome | null = null;
  if (booking) {
    try {
      await createAppointment(store, key, {
        patientId: patient.id,
        providerId: booking.providerId,
        treatmentRoom: BOOKING.room,
        appointmentDate: booking.appointmentDate,
        duration: BOOKING.durationMinutes,
        status: BOOKING.status,
        procedure: BOOKING.procedure,
      });
      appointment = { ok: true, detail: `${BOOKING.procedure} booked in ${BOOKING.room}.` };
    } catch (error) {
      appointment = { ok: false, detail: errorMessage(error, 'Failed to schedule appointment') };
    }
  }
  return { patient, forms, appointment };
}
