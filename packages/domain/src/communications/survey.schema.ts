import * as v from 'valibot';
import { CHECKOUT } from '../constants.ts';
import { fill } from '../i18n/text.ts';
import { dateField } from '../scheduling/appointment-fields.ts';
import { enumMessage, FIELD_TEXTS, jsonObject, optionalText, uuid } from '../validation/fields.ts';

export type SurveyMethod = (typeof CHECKOUT.surveyMethods)[number];

/** A satisfaction survey recorded at check-out (spec 7); sending it is a delivery provider's job later. */
export interface SurveySend {
  id: string;
  practiceId: number;
  patientId: string;
  appointmentId: string;
  type: 'satisfaction';
  method: SurveyMethod;
  treatmentCompleted: boolean;
  providerName: string | null;
  treatmentDate: string | null;
  /** 'completed' once the patient answered from their link. */
  status: 'queued' | 'completed';
  createdAt: string;
  createdBy: number | null;
  /** The patient's answer: 1 to 5, their comment, when; null until they answer. */
  rating: number | null;
  comment: string | null;
  answeredAt: string | null;
}

export const sendSurveySchema = jsonObject({
  patientId: uuid('patientId'),
  appointmentId: uuid('appointmentId'),
  type: v.optional(v.literal('satisfaction', enumMessage(['satisfaction'], 'type')), 'satisfaction'),
  method: v.optional(v.picklist(CHECKOUT.surveyMethods, enumMessage(CHECKOUT.surveyMethods, 'method')), 'email'),
  treatmentCompleted: v.optional(v.boolean(fill(FIELD_TEXTS.boolean, { field: 'treatmentCompleted' })), true),
  providerName: optionalText('providerName', 200),
  treatmentDate: v.optional(v.nullable(dateField('treatmentDate'))),
});
export type SendSurveyBody = v.InferOutput<typeof sendSurveySchema>;

export const surveyListQuerySchema = v.object({ patientId: uuid('patientId') });
