import { CHECKOUT } from '@dental/domain/constants';
import type { LocalPatient, LocalStore } from '@dental/local-store';
import { plural, t } from '@lingui/core/macro';
import { errorMessage } from '../../../platform/errors/error-message.ts';
import { domainText } from '../../../platform/i18n/domain-text.ts';
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
 * Creates the patient, then queues the form sends and the booking. Both go out behind the patient's
 * own create, in order, once the server knows the patient, offline or not. Each of the last two
 * stands on its own: one failing neither undoes the patient nor stops the other.
 */
export async function finishWizard(
  store: LocalStore,
  values: WizardValues,
  booking: { providerId: number; appointmentDate: string } | null,
): Promise<FinishResult> {
  const { patient } = await store.patients.create(toPatientInput(values, crypto.randomUUID()));

  let forms: Outcome | null = null;
  if (values.templateIds.length > 0) {
    const count = values.templateIds.length;
    try {
      await store.forms.send({ patientId: patient.id, templateIds: values.templateIds.map(Number) });
      forms = {
        ok: true,
        detail: plural(count, {
          one: `${count} form will be sent to the patient.`,
          other: `${count} forms will be sent to the patient.`,
        }),
      };
    } catch (error) {
      forms = { ok: false, detail: domainText(errorMessage(error, t`The forms could not be queued.`)) };
    }
  }

  let appointment: Outcome | null = null;
  if (booking) {
    try {
      await store.appointments.create({
        patientId: patient.id,
        providerId: booking.providerId,
        treatmentRoom: BOOKING.room,
        appointmentDate: booking.appointmentDate,
        duration: BOOKING.durationMinutes,
        status: BOOKING.status,
        procedure: BOOKING.procedure,
      });
      const { procedure, room } = BOOKING;
      appointment = { ok: true, detail: t`${procedure} booked in ${room}.` };
    } catch (error) {
      appointment = { ok: false, detail: domainText(errorMessage(error, t`Failed to schedule appointment`)) };
    }
  }
  return { patient, forms, appointment };
}
