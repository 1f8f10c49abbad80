import { isValidEmail } from '../patients/email.ts';
import type { FormAnswers, FormFieldDefinition, PublicForm } from './public-api.ts';

/** Why an answer cannot be sent yet. */
export type AnswerProblem = 'required' | 'email' | 'option';

export interface FieldProblem {
  formId: number;
  field: string;
  problem: AnswerProblem;
}

/** A ticked box, or text that is not only blanks. */
export function isAnswered(field: FormFieldDefinition, value: string | boolean | undefined): boolean {
  if (field.type === 'checkbox') return value === true;
  return typeof value === 'string' && value.trim() !== '';
}

function problemOf(field: FormFieldDefinition, value: string | boolean | undefined): AnswerProblem | null {
  if (!isAnswered(field, value)) return field.required ? 'required' : null;
  if (field.type === 'email' && !isValidEmail(String(value).trim().toLowerCase())) return 'email';
  if (field.type === 'select' && field.options && !field.options.includes(String(value))) return 'option';
  return null;
}

/**
 * What keeps a submission from being accepted: required fields left empty, a malformed email, a choice
 * not offered. A `signature` field is answered by the one signature drawn for the whole submission.
 */
export function answerProblems(forms: readonly PublicForm[], answers: FormAnswers, signed: boolean): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const form of forms) {
    const given = answers[String(form.id)] ?? {};
    for (const field of form.fields) {
      const problem =
        field.type === 'signature'
          ? field.required && !signed
            ? 'required'
            : null
          : problemOf(field, given[field.name]);
      if (problem) problems.push({ formId: form.id, field: field.name, problem });
    }
  }
  return problems;
}

/** Whether any of the forms asks for a signature, and whether it must be given. */
export function signatureWanted(forms: readonly PublicForm[]): { asked: boolean; required: boolean } {
  const fields = forms.flatMap((form) => form.fields.filter((field) => field.type === 'signature'));
  return { asked: fields.length > 0, required: fields.some((field) => field.required) };
}
