import * as v from 'valibot';

/** Query values arrive as strings or, for digits, as numbers; ids are kept as text. */
const idText = v.fallback(
  v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.maxLength(64), v.minLength(1))),
  undefined,
);
const shortText = v.fallback(
  v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(100))),
  undefined,
);

export const patientsSearch = v.object({ search: shortText });
export const patientIdSearch = v.object({ patientId: idText });
export const settingsSearch = v.object({ tab: shortText });
