import * as v from 'valibot';
import { PROVINCES, SCHEDULING } from '../constants.ts';
import { fill, type Text } from '../i18n/text.ts';
import { MESSAGES } from '../messages.ts';
import { PATIENT_LANGUAGES, type PatientLanguage } from '../public/public-token.ts';
import type { Clock } from '../time/clock.ts';
import { enumMessage, FIELD_TEXTS, jsonObject, optionalText, positiveId, uuid } from '../validation/fields.ts';
import { isValidEmail } from './email.ts';
import { isValidPhone, normalizePhone } from './phone.ts';
import {
  formatPostalCode,
  INVALID_POSTAL_CODE_MESSAGE,
  isCanadianPostalCode,
  POSTAL_CODE_MAX_LENGTH,
  postalCodeMatchesProvince,
  postalCodeProvinceMessage,
} from './postal-code.ts';

export const COMMUNICATION_PREFERENCES = ['email', 'phone', 'sms', 'portal'] as const;
export type CommunicationPreference = (typeof COMMUNICATION_PREFERENCES)[number];

export const PATIENT_STATUSES = ['active', 'inactive'] as const;
export type PatientStatus = (typeof PATIENT_STATUSES)[number];

export interface MedicalHistory {
  conditions: string[];
  medications: string[];
  allergies: string[];
  communicationPreference: CommunicationPreference;
  insuranceProvider: string | null;
  insurancePolicyNumber: string | null;
  /** The language of the patient's messages and pages; English when never chosen. */
  preferredLanguage?: PatientLanguage;
  /**
   * CASL: express consent to commercial messages (promotions, newsletters). Reminders, confirmations and
   * forms for care the patient asked for are transactional and need none. Absent means no consent.
   */
  commercialConsent?: boolean;
}

export interface Patient {
  id: string;
  practiceId: number;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string;
  dateOfBirth: string | null;
  address: string | null;
  city: string | null;
  province: string | null;
  zipCode: string | null;
  emergencyContact: string | null;
  emergencyPhone: string | null;
  medicalHistory: MedicalHistory;
  preferredProviderId: number | null;
  isActive: boolean;
  status: PatientStatus;
  createdAt: string;
  updatedAt: string;
}

function name(required: string, tooLong: string) {
  return v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(50, tooLong));
}

/** Digits and the punctuation of (xxx) xxx-xxxx or +1 forms; a letter is a typo, not something to drop. */
const PHONE_CHARACTERS = /^[\d\s().+-]*$/;

const phoneSchema = v.pipe(
  v.string(MESSAGES.phoneRequired),
  v.trim(),
  v.nonEmpty(MESSAGES.phoneRequired),
  v.maxLength(17, MESSAGES.invalidPhone),
  v.regex(PHONE_CHARACTERS, MESSAGES.invalidPhone),
  v.transform(normalizePhone),
  v.check(isValidPhone, MESSAGES.invalidPhone),
);

/** Empty or absent is none; anything else a 10-digit North American number, kept as digits. */
export const optionalPhoneSchema = v.optional(
  v.nullable(
    v.pipe(
      v.string(MESSAGES.invalidPhone),
      v.trim(),
      v.maxLength(17, MESSAGES.invalidPhone),
      v.regex(PHONE_CHARACTERS, MESSAGES.invalidPhone),
      v.transform(normalizePhone),
      v.check((digits) => digits === '' || isValidPhone(digits), MESSAGES.invalidPhone),
      v.transform((digits) => (digits === '' ? null : digits)),
    ),
  ),
);

/** Empty or absent is none; anything else a well-formed address, kept in lower case. */
export const optionalEmailSchema = v.optional(
  v.nullable(
    v.pipe(
      v.string(MESSAGES.invalidEmail),
      v.trim(),
      v.transform((value) => value.toLowerCase()),
      v.check((value) => value === '' || isValidEmail(value), MESSAGES.invalidEmail),
      v.maxLength(254, MESSAGES.invalidEmail),
      v.transform((value) => (value === '' ? null : value)),
    ),
  ),
);

/** The patient form's refusals that no shared field rule words. */
export const PATIENT_TEXTS = {
  textList: /*i18n*/ { id: 'patient.textList', message: '{field} must be a list of text entries' },
  entryTooLong: /*i18n*/ { id: 'patient.entryTooLong', message: '{field} entries must be at most 200 characters' },
  medicalHistoryObject: /*i18n*/ { id: 'patient.medicalHistoryObject', message: 'medicalHistory must be an object' },
  dateOfBirthFormat: /*i18n*/ { id: 'patient.dateOfBirthFormat', message: 'Date of birth must be a date (YYYY-MM-DD)' },
  dateOfBirthMin: /*i18n*/ { id: 'patient.dateOfBirthMin', message: 'Date of birth must be in {year} or later' },
  dateOfBirthFuture: /*i18n*/ { id: 'patient.dateOfBirthFuture', message: 'Date of birth cannot be in the future' },
  postalCodeLength: /*i18n*/ {
    id: 'patient.postalCodeLength',
    message: 'Postal code must be at most {max} characters',
  },
} as const satisfies Record<string, Text>;

const communicationPreferenceSchema = v.picklist(COMMUNICATION_PREFERENCES, enumMessage(COMMUNICATION_PREFERENCES));

/** The entries of a clinical list typed as text: separated by commas, semicolons or new lines. */
export function splitClinicalList(text: string): string[] {
  return text
    .split(/[\n,;]/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** A list of short clinical entries, given as an array or as comma/newline separated text. */
function clinicalListEntry(field: string) {
  const message = fill(PATIENT_TEXTS.textList, { field });
  return v.pipe(
    v.union([v.string(message), v.array(v.string(message), message)], message),
    v.transform((value) =>
      Array.isArray(value) ? value.map((entry) => entry.trim()).filter(Boolean) : splitClinicalList(value),
    ),
    v.maxLength(100, fill(FIELD_TEXTS.tooManyEntries, { field })),
    v.check((entries) => entries.every((entry) => entry.length <= 200), fill(PATIENT_TEXTS.entryTooLong, { field })),
  );
}

function clinicalList(field: string) {
  return v.optional(clinicalListEntry(field), []);
}

/** An array is an object to JavaScript, and v.object alone would take it as an empty history. */
function historyObject<T extends v.ObjectEntries>(entries: T) {
  const message = PATIENT_TEXTS.medicalHistoryObject.message;
  return v.pipe(
    v.custom<Record<string, unknown>>(
      (input) => typeof input === 'object' && input !== null && !Array.isArray(input),
      message,
    ),
    v.object(entries, message),
  );
}

const medicalHistorySchema = historyObject({
  conditions: clinicalList('medicalHistory.conditions'),
  medications: clinicalList('medicalHistory.medications'),
  allergies: clinicalList('medicalHistory.allergies'),
  communicationPreference: v.optional(communicationPreferenceSchema),
  insuranceProvider: optionalText('medicalHistory.insuranceProvider', 100),
  insurancePolicyNumber: optionalText('medicalHistory.insurancePolicyNumber', 50),
  preferredLanguage: v.optional(
    v.picklist(PATIENT_LANGUAGES, enumMessage(PATIENT_LANGUAGES, 'medicalHistory.preferredLanguage')),
  ),
  commercialConsent: v.optional(v.boolean(fill(FIELD_TEXTS.boolean, { field: 'medicalHistory.commercialConsent' }))),
});

/** In an edit an absent list means "unchanged", so no default may stand in for it. */
const medicalHistoryPatchSchema = historyObject({
  conditions: v.optional(clinicalListEntry('medicalHistory.conditions')),
  medications: v.optional(clinicalListEntry('medicalHistory.medications')),
  allergies: v.optional(clinicalListEntry('medicalHistory.allergies')),
  communicationPreference: v.optional(communicationPreferenceSchema),
  insuranceProvider: optionalText('medicalHistory.insuranceProvider', 100),
  insurancePolicyNumber: optionalText('medicalHistory.insurancePolicyNumber', 50),
  preferredLanguage: v.optional(
    v.picklist(PATIENT_LANGUAGES, enumMessage(PATIENT_LANGUAGES, 'medicalHistory.preferredLanguage')),
  ),
  commercialConsent: v.optional(v.boolean(fill(FIELD_TEXTS.boolean, { field: 'medicalHistory.commercialConsent' }))),
});

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function dateOfBirthSchema(clock: Clock) {
  return v.optional(
    v.nullable(
      v.pipe(
        v.string(PATIENT_TEXTS.dateOfBirthFormat.message),
        v.trim(),
        v.transform((value) => value.slice(0, 10)),
        v.check(isRealDate, PATIENT_TEXTS.dateOfBirthFormat.message),
        v.check(
          (value) => Number(value.slice(0, 4)) >= SCHEDULING.validYearMin,
          fill(PATIENT_TEXTS.dateOfBirthMin, { year: SCHEDULING.validYearMin }),
        ),
        v.check((value) => value <= clock().toISOString().slice(0, 10), PATIENT_TEXTS.dateOfBirthFuture.message),
      ),
    ),
  );
}

const provinceSchema = v.optional(
  v.nullable(
    v.pipe(
      v.string(enumMessage(PROVINCES)),
      v.trim(),
      v.toUpperCase(),
      v.transform((value) => (value === '' ? null : value)),
      v.nullable(v.picklist(PROVINCES, enumMessage(PROVINCES))),
    ),
  ),
);

const postalCodeSchema = v.optional(
  v.nullable(
    v.pipe(
      v.string(fill(FIELD_TEXTS.text, { field: 'zipCode' })),
      v.transform(formatPostalCode),
      v.maxLength(POSTAL_CODE_MAX_LENGTH, fill(PATIENT_TEXTS.postalCodeLength, { max: POSTAL_CODE_MAX_LENGTH })),
      v.check((value) => value === '' || isCanadianPostalCode(value), INVALID_POSTAL_CODE_MESSAGE),
      v.transform((value) => (value === '' ? null : value)),
    ),
  ),
);

/** Fields a patient may be created or edited with; the clock decides what "future" means. */
function patientEntries(clock: Clock) {
  return {
    firstName: name(MESSAGES.firstNameRequired, MESSAGES.firstNameTooLong),
    lastName: name(MESSAGES.lastNameRequired, MESSAGES.lastNameTooLong),
    email: optionalEmailSchema,
    phone: phoneSchema,
    dateOfBirth: dateOfBirthSchema(clock),
    address: optionalText('address', 200),
    city: optionalText('city', 100),
    province: provinceSchema,
    zipCode: postalCodeSchema,
    emergencyContact: optionalText('emergencyContact', 100),
    emergencyPhone: optionalPhoneSchema,
    communicationPreference: v.optional(communicationPreferenceSchema),
    medicalHistory: v.optional(medicalHistorySchema),
    preferredProviderId: v.optional(v.nullable(positiveId('preferredProviderId'))),
  };
}

/** The postal code of the record as saved must be in its province; a field issue naming zipCode when not. */
export function postalCodeIssue(patient: {
  zipCode?: string | null;
  province?: string | null;
}): { field: 'zipCode'; message: string } | null {
  const province = patient.province ?? null;
  if (postalCodeMatchesProvince(patient.zipCode ?? null, province) || province === null) return null;
  return { field: 'zipCode', message: postalCodeProvinceMessage(province) };
}

export function createPatientSchema(clock: Clock) {
  return v.pipe(
    jsonObject({
      ...patientEntries(clock),
      /** A client-generated id, so a patient created offline keeps its id after sync. */
      id: v.optional(uuid('id')),
      practiceId: v.optional(positiveId('practiceId')),
      isActive: v.optional(v.boolean(fill(FIELD_TEXTS.boolean, { field: 'isActive' }))),
    }),
    v.forward(
      v.check(
        (body) => postalCodeIssue(body) === null,
        (issue) => postalCodeIssue(issue.input as { province?: string | null })?.message ?? INVALID_POSTAL_CODE_MESSAGE,
      ),
      ['zipCode'],
    ),
  );
}
export type CreatePatientBody = v.InferOutput<ReturnType<typeof createPatientSchema>>;

/**
 * A partial edit: every field optional, each with the create rules. Null clears an optional field;
 * required fields (names, phone) cannot be cleared. status 'inactive' is the same as isActive false.
 */
export function patchPatientSchema(clock: Clock) {
  const { firstName, lastName, phone, medicalHistory: _full, ...rest } = patientEntries(clock);
  return jsonObject({
    ...rest,
    firstName: v.optional(firstName),
    lastName: v.optional(lastName),
    phone: v.optional(phone),
    medicalHistory: v.optional(medicalHistoryPatchSchema),
    isActive: v.optional(v.boolean(fill(FIELD_TEXTS.boolean, { field: 'isActive' }))),
    status: v.optional(v.picklist(PATIENT_STATUSES, enumMessage(PATIENT_STATUSES))),
  });
}
export type PatchPatientBody = v.InferOutput<ReturnType<typeof patchPatientSchema>>;

/**
 * The patient after the edit. Medical history merges field by field, so an editor who may not see
 * the clinical lists can change the communication preference without wiping them.
 */
export function applyPatientPatch(patient: Patient, body: PatchPatientBody, stamp: string): Patient {
  const pick = <K extends keyof PatchPatientBody & keyof Patient>(key: K): Patient[K] =>
    (body[key] === undefined ? patient[key] : body[key]) as Patient[K];
  const history = body.medicalHistory;
  const medicalHistory: MedicalHistory = {
    conditions: history?.conditions ?? patient.medicalHistory.conditions,
    medications: history?.medications ?? patient.medicalHistory.medications,
    allergies: history?.allergies ?? patient.medicalHistory.allergies,
    communicationPreference:
      body.communicationPreference ??
      history?.communicationPreference ??
      patient.medicalHistory.communicationPreference,
    insuranceProvider:
      history?.insuranceProvider === undefined ? patient.medicalHistory.insuranceProvider : history.insuranceProvider,
    insurancePolicyNumber:
      history?.insurancePolicyNumber === undefined
        ? patient.medicalHistory.insurancePolicyNumber
        : history.insurancePolicyNumber,
    ...optionalContactSettings(history ?? {}, patient.medicalHistory),
  };
  // isActive wins when both are sent; either alone decides.
  const isActive = body.isActive ?? (body.status === undefined ? patient.isActive : body.status === 'active');
  return {
    ...patient,
    firstName: pick('firstName'),
    lastName: pick('lastName'),
    email: pick('email'),
    phone: pick('phone'),
    dateOfBirth: pick('dateOfBirth'),
    address: pick('address'),
    city: pick('city'),
    province: pick('province'),
    zipCode: pick('zipCode'),
    emergencyContact: pick('emergencyContact'),
    emergencyPhone: pick('emergencyPhone'),
    preferredProviderId: pick('preferredProviderId'),
    medicalHistory,
    isActive,
    status: isActive ? 'active' : 'inactive',
    updatedAt: stamp,
  };
}

/** Spec 5 default when the form leaves it blank. */
export const DEFAULT_COMMUNICATION_PREFERENCE: CommunicationPreference = 'email';

/** Medical history as stored: lists default to empty and the communication preference to email. */
export function medicalHistoryFromBody(body: CreatePatientBody): MedicalHistory {
  const history = body.medicalHistory;
  return {
    conditions: history?.conditions ?? [],
    medications: history?.medications ?? [],
    allergies: history?.allergies ?? [],
    communicationPreference:
      body.communicationPreference ?? history?.communicationPreference ?? DEFAULT_COMMUNICATION_PREFERENCE,
    insuranceProvider: history?.insuranceProvider ?? null,
    insurancePolicyNumber: history?.insurancePolicyNumber ?? null,
    ...optionalContactSettings(history ?? {}),
  };
}

/** The language and consent sent, else those kept; left out when neither says, so older records stay as they were. */
function optionalContactSettings(
  sent: Pick<MedicalHistory, 'preferredLanguage' | 'commercialConsent'>,
  kept: Pick<MedicalHistory, 'preferredLanguage' | 'commercialConsent'> = {},
): Pick<MedicalHistory, 'preferredLanguage' | 'commercialConsent'> {
  const preferredLanguage = sent.preferredLanguage ?? kept.preferredLanguage;
  const commercialConsent = sent.commercialConsent ?? kept.commercialConsent;
  return {
    ...(preferredLanguage === undefined ? {} : { preferredLanguage }),
    ...(commercialConsent === undefined ? {} : { commercialConsent }),
  };
}

/** The patient a validated create body describes: the same record on the server and, offline, on the device. */
export function newPatient(id: string, practiceId: number, body: CreatePatientBody, stamp: string): Patient {
  const isActive = body.isActive !== false;
  return {
    id,
    practiceId,
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email ?? null,
    phone: body.phone,
    dateOfBirth: body.dateOfBirth ?? null,
    address: body.address ?? null,
    city: body.city ?? null,
    province: body.province ?? null,
    zipCode: body.zipCode ?? null,
    emergencyContact: body.emergencyContact ?? null,
    emergencyPhone: body.emergencyPhone ?? null,
    medicalHistory: medicalHistoryFromBody(body),
    preferredProviderId: body.preferredProviderId ?? null,
    isActive,
    status: isActive ? 'active' : 'inactive',
    createdAt: stamp,
    updatedAt: stamp,
  };
}
