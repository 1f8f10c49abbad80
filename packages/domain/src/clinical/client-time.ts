import * as v from 'valibot';
import { fill } from '../i18n/text.ts';
import { FIELD_TEXTS } from '../validation/fields.ts';

/** How far a device's clock may be ahead of the server's before its stamp is not believed. */
const AHEAD_MS = 5 * 60 * 1000;
/** Longer than any outage a device charts through. */
const BEHIND_MS = 30 * 24 * 60 * 60 * 1000;

/** An ISO instant a device stamped a clinical act with (charted, signed) while it may have been offline. */
export function clientMoment(field: string) {
  return v.optional(
    v.pipe(v.string(fill(FIELD_TEXTS.text, { field })), v.isoTimestamp(fill(FIELD_TEXTS.text, { field }))),
  );
}

/**
 * When the act happened, for the legal record: the device's stamp when plausible (an entry charted
 * during an outage keeps its chair-side time), else the server's clock.
 */
export function actMoment(stamped: string | undefined, now: Date): string {
  if (!stamped) return now.toISOString();
  const at = Date.parse(stamped);
  if (Number.isNaN(at) || at > now.getTime() + AHEAD_MS || at < now.getTime() - BEHIND_MS) return now.toISOString();
  return new Date(at).toISOString();
}
