import { FORM_FIELD_TYPES, type FormFieldDefinition, type FormFieldType, type PublicForm } from './public-api.ts';
import type { PatientLanguage } from './public-token.ts';

/** A form template as stored: the French title when the practice has one, the fields as their JSON holds them. */
export interface StoredFormTemplate {
  id: number;
  title: string;
  titleFr: string | null;
  fields: readonly unknown[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;

const isFieldType = (value: unknown): value is FormFieldType =>
  typeof value === 'string' && (FORM_FIELD_TYPES as readonly string[]).includes(value);

/**
 * One stored field in the page's language: French labels and option labels where the template has them,
 * English otherwise. Option values stay as stored, so answers read the same whatever the language.
 */
function fieldIn(stored: unknown, language: PatientLanguage): FormFieldDefinition | undefined {
  if (!isRecord(stored) || typeof stored.name !== 'string' || typeof stored.label !== 'string') return undefined;
  if (!isFieldType(stored.type)) return undefined;
  const french = language === 'fr';
  const label = french && typeof stored.labelFr === 'string' ? stored.labelFr : stored.label;
  const options = strings(stored.options);
  const frenchOptions = french ? strings(stored.optionLabelsFr) : undefined;
  return {
    name: stored.name,
    label,
    type: stored.type,
    required: stored.required === true,
    ...(options ? { options } : {}),
    ...(options && frenchOptions?.length === options.length ? { optionLabels: frenchOptions } : {}),
  };
}

/** A template as a patient's page shows it: title and fields in the patient's language. */
export function publicForm(template: StoredFormTemplate, language: PatientLanguage): PublicForm {
  return {
    id: template.id,
    name: language === 'fr' && template.titleFr ? template.titleFr : template.title,
    fields: template.fields.flatMap((stored) => fieldIn(stored, language) ?? []),
  };
}
