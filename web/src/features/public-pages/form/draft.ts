import type { FormAnswers, PublicForm } from '@dental/domain/public/public-api';

const key = (token: string) => `dental.public-form.${token}`;

/** A value fits a field when it has the field's kind: true/false for a box, text for the rest. */
function fits(type: string, value: unknown): value is string | boolean {
  return type === 'checkbox' ? typeof value === 'boolean' : typeof value === 'string';
}

/**
 * The answers to start from: what this browser kept (its latest edits, maybe not yet sent) over what the
 * server saved from any device, field by field. Only the fields the forms still ask for are kept, each
 * with a value of its kind; a signature field is answered by the drawing, never by a stored value.
 */
export function mergeDraft(forms: readonly PublicForm[], saved: unknown, local: unknown): FormAnswers {
  const merged: FormAnswers = {};
  const from = (source: unknown, formId: string, name: string): unknown => {
    if (source === null || typeof source !== 'object') return undefined;
    const answers = (source as Record<string, unknown>)[formId];
    return answers !== null && typeof answers === 'object' ? (answers as Record<string, unknown>)[name] : undefined;
  };
  for (const form of forms) {
    const id = String(form.id);
    const answers: Record<string, string | boolean> = {};
    for (const field of form.fields) {
      if (field.type === 'signature') continue;
      const mine = from(local, id, field.name);
      const theirs = from(saved, id, field.name);
      if (fits(field.type, mine)) answers[field.name] = mine;
      else if (fits(field.type, theirs)) answers[field.name] = theirs;
    }
    if (Object.keys(answers).length > 0) merged[id] = answers;
  }
  return merged;
}

/** The answers this browser kept for a link, or undefined (none, unreadable, or storage blocked). */
export function readLocalDraft(token: string): unknown {
  try {
    const stored = localStorage.getItem(key(token));
    return stored === null ? undefined : JSON.parse(stored);
  } catch {
    return undefined;
  }
}

export function keepLocalDraft(token: string, answers: FormAnswers): void {
  try {
    localStorage.setItem(key(token), JSON.stringify(answers));
  } catch {
    // Private browsing or a full store: the server's draft still keeps the answers.
  }
}

/** Once submitted, nothing of the answers stays on the device. */
export function forgetLocalDraft(token: string): void {
  try {
    localStorage.removeItem(key(token));
  } catch {
    // Nothing was kept.
  }
}

/** What is sent: empty text is no answer at all, so an optional field left blank never reads as a choice. */
export function compactAnswers(answers: FormAnswers): FormAnswers {
  const compact: FormAnswers = {};
  for (const [formId, fields] of Object.entries(answers)) {
    const kept = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
    if (Object.keys(kept).length > 0) compact[formId] = kept;
  }
  return compact;
}
