import * as v from 'valibot';

/** The refusal of a value outside a fixed list, the same for every field: "field: Invalid enum value. Expected 'a' | 'b'". */
export function enumMessage(values: readonly string[], field?: string): string {
  const expected = `Invalid enum value. Expected ${values.map((value) => `'${value}'`).join(' | ')}`;
  return field ? `${field}: ${expected}` : expected;
}

/** A whole number ≥ 1 given as a number or as digits in a string (path and query values). */
export function positiveId(field: string) {
  const message = `${field} must be a positive whole number`;
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
  const message = `${field} must be a whole number from ${min} to ${max}`;
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
  const message = `${field} must be a valid id`;
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
    v.custom<Record<string, unknown>>(isPlainObject, 'The request body must be a JSON object'),
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
        v.string(`${field} must be text`),
        v.trim(),
        v.maxLength(max, `${field} must be at most ${max} characters`),
        v.transform((value) => (value === '' ? null : value)),
      ),
    ),
  );
}
