import * as v from 'valibot';
import { enumMessage, jsonObject, positiveId, uuid } from '../validation/fields.ts';

export const FORM_SEND_METHODS = ['email', 'sms'] as const;
export type FormSendMethod = (typeof FORM_SEND_METHODS)[number];

/** One form sent to a patient (GET /api/patients/{id}/forms); a template removed since has a null title. */
export interface SentForm {
  id: string;
  patientId: string;
  templateId: number;
  title: string | null;
  category: string | null;
  method: FormSendMethod;
  status: string;
  sentAt: string;
  sentBy: number | null;
}

const templateIdList = (field: string) =>
  v.optional(
    v.pipe(
      v.array(positiveId(`${field}[]`), `${field} must be a list of form template ids`),
      v.maxLength(50, `${field} has too many entries`),
    ),
  );

/** POST /api/forms/send-multiple. Spec 7 names the list formIds; templateIds is accepted too. Either must name a form. */
export const sendMultipleFormsSchema = v.pipe(
  jsonObject({
    patientId: uuid('patientId'),
    formIds: templateIdList('formIds'),
    templateIds: templateIdList('templateIds'),
    method: v.optional(v.picklist(FORM_SEND_METHODS, enumMessage(FORM_SEND_METHODS))),
  }),
  v.forward(
    v.check(
      (body) => (body.templateIds?.length ?? 0) + (body.formIds?.length ?? 0) > 0,
      'Choose at least one form to send',
    ),
    ['templateIds'],
  ),
);
