import type { SendSurveyBody, SurveyMethod } from '@dental/domain/communications/survey.schema';
import { CHECKOUT } from '@dental/domain/constants';
import { addDays } from '@dental/domain/scheduling/booking-rules';
import { type RecallPresetKey, recallFromPreset } from '@dental/domain/scheduling/check-out';
import { localDate } from '@dental/domain/time/zones';
import type { CheckOutDetails, ClearRow, LocalAppointment } from '@dental/local-store';
import type { FollowUpRequest } from './follow-up.ts';
import { type PaymentValues, paymentFields } from './payment.ts';

export type { RecallPresetKey } from '@dental/domain/scheduling/check-out';

export interface RecallChoice {
  /** What the user chose, such as 'Cleaning'. */
  label: string;
  /** Null when this device has no recall type of that name: the recall is skipped (spec 8). */
  recallTypeId: number | null;
  lastVisitDate: string;
  dueDate: string;
  priority: string;
  notes: string | null;
}

export interface CheckOutPlan {
  appointmentId: string;
  patientId: string;
  details: CheckOutDetails;
  followUp: FollowUpRequest | null;
  recalls: RecallChoice[];
  survey: SendSurveyBody | null;
}

export type VisitRating = (typeof CHECKOUT.fullCheckoutSatisfaction)[number];

/** The presets' names in English: a recall's name in a check-out plan, which the outcome list goes by. */
export const RECALL_LABELS: Record<RecallPresetKey, string> = {
  cleaning: 'Cleaning',
  'follow-up': 'Follow-up',
  fluoride: 'Fluoride',
  xray: 'X-ray',
};

/** Spec 6: only doctors and hygienists take check-out follow-ups. */
export const FOLLOW_UP_ROLES = ['doctor', 'hygienist'];

export interface FollowUpValues {
  enabled: boolean;
  date: string;
  time: string;
  duration: string;
  providerId: string;
  room: string;
  procedure: string;
  notes: string;
}

export interface WizardValues {
  notes: string;
  treatmentCompleted: boolean;
  payment: PaymentValues;
  followUp: FollowUpValues;
  recalls: Record<RecallPresetKey, { chosen: boolean; priority: string }>;
  recallNotes: string;
  survey: boolean;
  surveyMethod: SurveyMethod;
  visitRating: VisitRating | null;
}

export function initialValues(appointment: LocalAppointment, timeZone: string, today: string): WizardValues {
  const visitDate = localDate(appointment.appointmentDate, timeZone);
  const twoWeeksOn = addDays(visitDate, 14);
  return {
    notes: appointment.notes ?? '',
    treatmentCompleted: true,
    payment: { paymentCollected: false, paymentAmount: '', paymentMethod: null },
    followUp: {
      enabled: false,
      date: twoWeeksOn < today ? today : twoWeeksOn,
      time: CHECKOUT.followUpDefaultTime,
      duration: String(CHECKOUT.followUpDefaultDurationMinutes),
      providerId: String(appointment.providerId),
      room: appointment.treatmentRoom,
      procedure: 'Follow-up',
      notes: '',
    },
    recalls: Object.fromEntries(
      CHECKOUT.recallPresets.map((preset) => [preset.key, { chosen: false, priority: preset.priority }]),
    ) as WizardValues['recalls'],
    recallNotes: '',
    survey: CHECKOUT.surveyDefaultOn,
    surveyMethod: 'email',
    visitRating: null,
  };
}

export function dueDateOf(key: RecallPresetKey, visitDate: string): string {
  return recallFromPreset(key, visitDate).dueDate;
}

/** 'X-ray', 'xray' and 'X Ray' are the same recall type: the stored names are the practice's own spelling. */
function simple(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function recallTypeIdFor(key: RecallPresetKey, types: readonly ClearRow[]): number | null {
  const wanted = simple(key);
  const match = types.find((type) => typeof type.name === 'string' && simple(type.name) === wanted);
  return match ? Number(match.id) : null;
}

export function followUpRequest(appointment: LocalAppointment, values: FollowUpValues): FollowUpRequest {
  return {
    patientId: appointment.patientId,
    providerId: Number(values.providerId),
    treatmentRoom: values.room,
    date: values.date,
    time: values.time,
    duration: Number(values.duration),
    procedure: values.procedure.trim() || 'Follow-up',
    notes: values.notes.trim() || null,
  };
}

/** Everything the Complete Check Out button sends, in spec 7's shapes. */
export function planOf(
  appointment: LocalAppointment,
  values: WizardValues,
  context: { timeZone: string; online: boolean; recallTypes: readonly ClearRow[] },
): CheckOutPlan {
  const visitDate = localDate(appointment.appointmentDate, context.timeZone);
  const recalls: RecallChoice[] = CHECKOUT.recallPresets
    .filter((preset) => values.recalls[preset.key].chosen)
    .map((preset) => ({
      label: RECALL_LABELS[preset.key],
      recallTypeId: recallTypeIdFor(preset.key, context.recallTypes),
      lastVisitDate: visitDate,
      dueDate: dueDateOf(preset.key, visitDate),
      priority: values.recalls[preset.key].priority,
      notes: values.recallNotes.trim() || null,
    }));
  return {
    appointmentId: appointment.id,
    patientId: appointment.patientId,
    details: {
      treatmentCompleted: values.treatmentCompleted,
      ...(values.notes.trim() !== (appointment.notes ?? '').trim() ? { notes: values.notes.trim() || null } : {}),
      ...(values.visitRating ? { visitRating: values.visitRating } : {}),
      ...paymentFields(context.online, values.payment),
    },
    followUp: values.followUp.enabled ? followUpRequest(appointment, values.followUp) : null,
    recalls,
    survey: values.survey
      ? {
          patientId: appointment.patientId,
          appointmentId: appointment.id,
          type: 'satisfaction',
          method: values.surveyMethod,
          treatmentCompleted: values.treatmentCompleted,
          providerName: appointment.providerName,
          treatmentDate: visitDate,
        }
      : null,
  };
}
