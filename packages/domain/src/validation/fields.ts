import * as v from 'valibot';
import { fill, type Text } from '../i18n/text.ts';

/** The validation messages every schema shares; `{field}` is the field's name as the request spells it. */
export const FIELD_TEXTS = {
  invalidEnum: /*i18n*/ { id: 'validation.invalidEnum', message: 'Invalid enum value. Expected {expected}' },
  fieldInvalidEnum: /*i18n*/ {
    id: 'validation.fieldInvalidEnum',
    message: '{field}: Invalid enum value. Expected {expected}',
  },
  positiveId: /*i18n*/ { id: 'validation.positiveId', message: '{field} must be a positive whole number' },
  boundedInt: /*i18n*/ { id: 'validation.boundedInt', message: '{field} must be a whole number from {min} to {max}' },
  validId: /*i18n*/ { id: 'validation.validId', message: '{field} must be a valid id' },
  jsonObject: /*i18n*/ { id: 'validation.jsonObject', message: 'The request body must be a JSON object' },
  text: /*i18n*/ { id: 'validation.text', message: '{field} must be text' },
  maxLength: /*i18n*/ { id: 'validation.maxLength', message: '{field} must be at most {max} characters' },
  required: /*i18n*/ { id: 'validation.required', message: '{field} is required' },
  boolean: /*i18n*/ { id: 'validation.boolean', message: '{field} must be true or false' },
  date: /*i18n*/ { id: 'validation.date', message: '{field} must be a date (YYYY-MM-DD)' },
  list: /*i18n*/ { id: 'validation.list', message: '{field} must be a list' },
  tooManyEntries: /*i18n*/ { id: 'validation.tooManyEntries', message: '{field} has too many entries' },
  room: /*i18n*/ { id: 'validation.room', message: '{field} must be a room' },
  endBeforeStart: /*i18n*/ { id: 'validation.endBeforeStart', message: 'endDate must not be before startDate' },
  tooLong: /*i18n*/ { id: 'validation.tooLong', message: '{field} is too long' },
  oneOf: /*i18n*/ { id: 'validation.oneOf', message: '{field} must be one of {values}' },
} as const satisfies Record<string, Text>;

/** The refusal of a value outside a fixed list, the same for every field: "field: Invalid enum value. Expected 'a' | 'b'". */
export function enumMessage(values: readonly string[], field?: string): string {
  const expected = values.map((value) => `'${value}'`).join(' | ');
  return field ? fill(FIELD_TEXTS.fieldInvalidEnum, { field, expected }) : fill(FIELD_TEXTS.invalidEnum, { expected });
}

/** A whole number ≥ 1 given as a number or as digits in a string (path and query values). */
export function positiveId(field: string) {
  const message = fill(FIELD_TEXTS.positiveId, { field });
  return v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.regex(/^\d{1,15}$/, message), v.transform(Number))]),
    v.number(message),
    v.integer(message),
    v.minValue(1, message),
    v.maxValue(Number.MAX_SAFE_INTEGER, message),
  );
}

/** An integer within bounds, given as a number or a string of digits. */
export function boundedInt(field: string, min: number, max: number) {
  const message = fill(FIELD_TEXTS.boundedInt, { field, min, max });
  return v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.regex(/^-?\d{1,15}$/, message), v.transform(Number))]),
    v.number(message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
}

/**
 * An RFC 9562 UUID (versions 1 to 8, the RFC variant), as crypto.randomUUID makes them. Ids a client
 * chooses must look like one, so an id can never be a guessable counter, a name or a probe string.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function uuid(field: string) {
  const message = fill(FIELD_TEXTS.validId, { field });
  return v.pipe(v.string(message), v.regex(UUID_PATTERN, message), v.toLowerCase());
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A JSON object body. Declared keys that are missing are filled with undefined first, so a missing
 * field reports its own message ('Username is required') rather than a generic missing-key one.
 */
export function jsonObject<T extends v.ObjectEntries>(
  entries: T,
  /** Another name a client may send a field under; used only when the field itself is not sent. */
  aliases: Partial<Record<keyof T & string, string>> = {},
) {
  const keys = Object.keys(entries);
  return v.pipe(
    v.custom<Record<string, unknown>>(isPlainObject, FIELD_TEXTS.jsonObject.message),
    v.transform((input) => {
      const filled: Record<string, unknown> = {};
      for (const key of keys) filled[key] = undefined;
      const body: Record<string, unknown> = { ...filled, ...input };
      for (const [key, alias] of Object.entries(aliases) as [string, string][]) {
        if (body[key] === undefined && input[alias] !== undefined) body[key] = input[alias];
      }
      return body;
    }),
    v.object(entries),
  );
}

/** Optional free text: trimmed, bounded, and an empty string stored as null. */
export function optionalText(field: string, max: number) {
  return v.optional(
    v.nullable(
      v.pipe(
        v.string(fill(FIELD_TEXTS.text, { field })),
        v.trim(),
        v.maxLength(max, fill(FIELD_TEXTS.maxLength, { field, max })),
        v.transform((value) => (value === '' ? null : value)),
      ),
    ),
  );
}
