import { PATIENTS } from '@dental/domain/constants';
import * as v from 'valibot';
import { PATIENT_TABS } from '../features/patients/index.ts';

/** Query values arrive as strings or, for digits, as numbers; ids are kept as text. */
const idText = v.fallback(
  v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.maxLength(64), v.minLength(1))),
  undefined,
);
const shortText = v.fallback(
  v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(100))),
  undefined,
);

/** A whole number from the query string; anything out of range is dropped rather than clamped. */
function wholeNumber(min: number, max: number) {
  return v.fallback(
    v.optional(
      v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.integer(), v.minValue(min), v.maxValue(max)),
    ),
    undefined,
  );
}

function oneOf<const T extends readonly (string | number)[]>(values: T) {
  return v.fallback(
    v.optional(
      v.pipe(
        v.union([v.string(), v.number()]),
        v.check((value) => values.some((item) => String(item) === String(value))),
        v.transform((value) => values.find((item) => String(item) === String(value)) as T[number]),
      ),
    ),
    undefined,
  );
}

export const patientsSearch = v.object({
  search: shortText,
  page: wholeNumber(1, 100_000),
  pageSize: oneOf(PATIENTS.pageSizes),
  sort: oneOf(['name', '-name'] as const),
  ageMin: wholeNumber(PATIENTS.ageMin, PATIENTS.ageMax),
  ageMax: wholeNumber(PATIENTS.ageMin, PATIENTS.ageMax),
  city: shortText,
  province: oneOf(PATIENTS.provinces),
});
export type PatientsSearch = v.InferOutput<typeof patientsSearch>;
export const patientIdSearch = v.object({ patientId: idText });
/** A patient's page may open on one section (a link to the forms waiting for review). */
export const patientSearch = v.object({ tab: oneOf(PATIENT_TABS) });
const calendarDay = v.fallback(v.optional(v.pipe(v.string(), v.isoDate())), undefined);
/** The schedule: a patient to book for, the day and the row size (links from the assistant). */
export const scheduleSearch = v.object({ patientId: idText, date: calendarDay, view: oneOf(['1h', '30min'] as const) });
/** A patient's plans, and the one open ('new' while a plan is being written). */
export const treatmentPlansSearch = v.object({ patientId: idText, planId: idText });
export const settingsSearch = v.object({ tab: shortText });
/** A sign-in link may say where to go afterwards; the sign-in page accepts only a plain path on this site. */
export const loginSearch = v.object({ redirect: v.fallback(v.optional(v.string()), undefined) });
