import { describe, expect, it } from 'vitest';
import { accountLockedMessage, MESSAGES, signInThrottledMessage } from '../messages.ts';
import { postalCodeProvinceMessage } from '../patients/postal-code.ts';
import { checkWithinHours, type WeeklyHours } from '../practices/hours.ts';
import { ABSENCE_STEPS } from '../scheduling/absence.schema.ts';
import { CHECK_OUT_STEPS } from '../scheduling/check-out.ts';
import { findConflicts } from '../scheduling/conflicts.ts';
import { transitionRefusal } from '../scheduling/status-transitions.ts';
import { boundedInt, FIELD_TEXTS } from '../validation/fields.ts';
import { parseWith } from '../validation/issues.ts';
import { fill, type Text, TextMatcher, type TextValues } from './text.ts';
import { DOMAIN_TEXTS } from './texts.ts';

describe('the domain texts', () => {
  const matcher = new TextMatcher(DOMAIN_TEXTS);

  it('have unique ids', () => {
    const ids = DOMAIN_TEXTS.map((text) => text.id);
    const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(repeated).toEqual([]);
    expect(ids.length).toBeGreaterThan(300);
  });

  it('match the account-locked message back to its text and minutes', () => {
    expect(matcher.match(accountLockedMessage(15))).toEqual({
      text: expect.objectContaining({ id: 'auth.accountLocked' }),
      values: { minutes: '15' },
    });
  });

  it('tell one second from several', () => {
    expect(matcher.match(signInThrottledMessage(1))?.text.id).toBe('auth.throttled.one');
    expect(matcher.match(signInThrottledMessage(30))).toEqual({
      text: expect.objectContaining({ id: 'auth.throttled.many' }),
      values: { seconds: '30' },
    });
  });

  it('match a message without placeholders exactly', () => {
    expect(matcher.match(MESSAGES.invalidCredentials)?.text.id).toBe('auth.invalidCredentials');
  });

  it('match a conflict back to its time, room and patient', () => {
    const [conflict] = findConflicts(
      { providerId: 1, treatmentRoom: 'Room 1', appointmentDate: '2026-11-23T14:00:00Z', duration: 30 },
      [
        {
          id: 'a',
          providerId: 2,
          treatmentRoom: 'Room 1',
          appointmentDate: '2026-11-23T14:00:00Z',
          duration: 30,
          status: 'scheduled',
          patientName: 'Marie Tremblay',
        },
      ],
      { timeZone: 'America/Toronto' },
    );
    expect(conflict?.message).toBe('9:00 a.m. in Room 1 is already booked by Marie Tremblay');
    expect(matcher.match(conflict?.message ?? '')).toEqual({
      text: expect.objectContaining({ id: 'conflict.room' }),
      values: { time: '9:00 a.m.', room: 'Room 1', patient: 'Marie Tremblay' },
    });
  });

  it('match validation messages back to their field', () => {
    const result = parseWith(boundedInt('rating', 1, 5), 9);
    expect(result.ok).toBe(false);
    const message = result.ok ? '' : (result.issues[0]?.message ?? '');
    expect(message).toBe('rating must be a whole number from 1 to 5');
    expect(matcher.match(message)).toEqual({
      text: FIELD_TEXTS.boundedInt,
      values: { field: 'rating', min: '1', max: '5' },
    });
    expect(matcher.match(fill(FIELD_TEXTS.required, { field: 'procedure' }))?.values).toEqual({
      field: 'procedure',
    });
  });

  it('keep the English the spec words', () => {
    expect(transitionRefusal('completed', 'scheduled')).toBe(
      'Cannot change an appointment from completed to scheduled.',
    );
    expect(postalCodeProvinceMessage('ON')).toBe(
      'This postal code is not in ON: postal codes there start with K, L, M, N or P',
    );
    expect(postalCodeProvinceMessage('QC')).toMatch(/start with G, H or J$/);
    const closed = { openTime: null, closeTime: null, isOpen: false, closed: true };
    const open = { openTime: '08:00', closeTime: '17:00', isOpen: true, closed: false };
    const week: WeeklyHours = {
      sunday: closed,
      monday: open,
      tuesday: open,
      wednesday: open,
      thursday: open,
      friday: open,
      saturday: closed,
    };
    expect(checkWithinHours(week, '2026-11-23', '16:30', 60)).toEqual({
      ok: false,
      reason: 'outside',
      message: 'Appointments must fall within practice hours (08:00 to 17:00).',
    });
  });
});

describe('translating through the texts', () => {
  const matcher = new TextMatcher(DOMAIN_TEXTS);
  // A stand-in for the catalogue: the id and the values, so the test sees what was matched.
  const say = (text: Text, values: TextValues) => `${text.id}${JSON.stringify(values)}`;

  it('translates a reason or a spoken duration inside a sentence, and keeps names and times', () => {
    expect(matcher.translate('The provider is absent (Sick Leave) on this day', say)).toBe(
      'conflict.absence{"reason":"absenceReason.sickLeave{}"}',
    );
    expect(
      matcher.translate('Dr. Lee would work 3 hours 30 minutes without a break (8:00 a.m. to 11:30 a.m.)', say),
    ).toBe(
      'analysis.workload{"provider":"Dr. Lee","duration":"duration.hourMany.minuteMany{\\"hours\\":\\"3\\",\\"minutes\\":\\"30\\"}","from":"8:00 a.m.","to":"11:30 a.m."}',
    );
    expect(matcher.translate('Nothing the domain says', say)).toBe('Nothing the domain says');
  });

  it('lists the wizard steps among the texts', () => {
    const english = new Set(DOMAIN_TEXTS.map((text) => text.message));
    for (const title of CHECK_OUT_STEPS) expect(english.has(title), title).toBe(true);
    for (const step of ABSENCE_STEPS) expect(english.has(step.title), step.title).toBe(true);
  });
});
