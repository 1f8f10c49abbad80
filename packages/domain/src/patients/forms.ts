import * as v from 'valibot';
import { fill, type Text } from '../i18n/text.ts';
import { enumMessage, FIELD_TEXTS, jsonObject, positiveId, uuid } from '../validation/fields.ts';

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

/** The refusals of a form send. */
export const FORM_TEXTS = {
  templateIds: /*i18n*/ { id: 'forms.templateIds', message: '{field} must be a list of form template ids' },
  chooseOne: /*i18n*/ { id: 'forms.chooseOne', message: 'Choose at least one form to send' },
} as const satisfies Record<string, Text>;

const templateIdList = (field: string) =>
  v.optional(
    v.pipe(
      v.array(positiveId(`${field}[]`), fill(FORM_TEXTS.templateIds, { field })),
      v.maxLength(50, fill(FIELD_TEXTS.tooManyEntries, { field })),
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
    v.check((body) => (body.templateIds?.length ?? 0) + (body.formIds?.length ?? 0) > 0, FORM_TEXTS.chooseOne.message),
    ['templateIds'],
  ),
);
