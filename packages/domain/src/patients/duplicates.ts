import type { Text } from '../i18n/text.ts';

export const DUPLICATE_PATIENT_TEXTS = {
  title: /*i18n*/ { id: 'patient.duplicate.title', message: 'This patient may already exist' },
  message: /*i18n*/ {
    id: 'patient.duplicate.message',
    message:
      'This patient may already exist: a patient with the same name and date of birth, or the same phone and last name, is on file.',
  },
} as const satisfies Record<string, Text>;

export const DUPLICATE_PATIENT_TITLE = DUPLICATE_PATIENT_TEXTS.title.message;
/** The 409 message of a create or edit that matches another patient. */
export const DUPLICATE_PATIENT_MESSAGE = DUPLICATE_PATIENT_TEXTS.message.message;

/** The fields the duplicate rule compares; phones are stored as 10 digits. */
export interface DuplicateCandidate {
  id?: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  phone: string;
}

const sameName = (a: string, b: string) => a.trim().localeCompare(b.trim(), 'en-CA', { sensitivity: 'accent' }) === 0;

/**
 * Spec rule for creating or editing a patient: the same first and last name and date of birth, or
 * the same phone and last name, in the practice. Case does not matter; accents do.
 */
export function isDuplicatePatient(candidate: DuplicateCandidate, existing: DuplicateCandidate): boolean {
  if (candidate.id !== undefined && candidate.id === existing.id) return false;
  if (!sameName(candidate.lastName, existing.lastName)) return false;
  if (candidate.phone !== '' && candidate.phone === existing.phone) return true;
  return (
    candidate.dateOfBirth !== null &&
    candidate.dateOfBirth === existing.dateOfBirth &&
    sameName(candidate.firstName, existing.firstName)
  );
}

/** The first existing patient the candidate duplicates, in the order given. */
export function findDuplicate<T extends DuplicateCandidate>(
  candidate: DuplicateCandidate,
  patients: readonly T[],
): T | undefined {
  return patients.find((existing) => isDuplicatePatient(candidate, existing));
}

/**
 * A name folded for the duplicate index: accents, case, spacing and punctuation dropped, and ß as ss.
 * It is coarser than the rule above on purpose: every pair of names the rule calls the same shares a
 * key, so an index lookup on it finds every candidate, and isDuplicatePatient then decides exactly.
 */
export function duplicateNameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en-CA')
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]/gu, '');
}
