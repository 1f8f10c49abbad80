import { describe, expect, it } from 'vitest';
import { fill } from '../src/i18n/text.ts';
import {
  NO_HISTORY,
  NO_SHOW_RISK_LEVELS,
  NO_SHOW_RISK_WEIGHTS,
  type NoShowRiskInput,
  noShowRate,
  noShowRisk,
  riskLevel,
  type VisitHistory,
  visitHistories,
} from '../src/scheduling/no-show-risk.ts';

const ZONE = 'America/Toronto';
/** Wednesday 2026-11-25, 10:00 in Toronto (UTC-5): a weekday and an hour that add nothing. */
const WEDNESDAY_TEN = '2026-11-25T15:00:00.000Z';

function input(changes: Partial<NoShowRiskInput> = {}): NoShowRiskInput {
  return {
    appointmentDate: WEDNESDAY_TEN,
    createdAt: '2026-11-20T15:00:00.000Z',
    status: 'scheduled',
    history: NO_HISTORY,
    timeZone: ZONE,
    ...changes,
  };
}

const history = (noShows: number, attended: number): VisitHistory => ({
  noShows,
  attended,
  lastNoShow: noShows > 0 ? '2026-10-01T14:00:00.000Z' : null,
});
const score = (changes: Partial<NoShowRiskInput>) => noShowRisk(input(changes)).score;
const factors = (changes: Partial<NoShowRiskInput>) => noShowRisk(input(changes)).reasons.map((r) => r.factor);

describe('no-show risk', () => {
  it('a plain unconfirmed booking is low and says only that it is not confirmed', () => {
    const risk = noShowRisk(input());
    expect(risk).toMatchObject({ score: NO_SHOW_RISK_WEIGHTS.unconfirmed, level: 'low' });
    expect(risk.reasons.map((reason) => fill(reason.text, reason.values))).toEqual(['Not confirmed']);
  });

  it('each past no-show raises the score, up to the cap of the table', () => {
    const scores = [0, 1, 2, 3, 5].map((n) => score({ history: history(n, 100) }));
    expect(scores[1]).toBeGreaterThan(scores[0] as number);
    expect(scores[2]).toBeGreaterThan(scores[1] as number);
    expect(scores[3]).toBeGreaterThan(scores[2] as number);
    expect(scores[4]).toBe(scores[3]);
    expect(noShowRisk(input({ history: history(1, 10) })).reasons[0]).toMatchObject({
      factor: 'pastNoShows',
      text: { message: 'Missed 1 past appointment' },
    });
  });

  it('the same no-shows weigh more among few visits than among many', () => {
    expect(score({ history: history(2, 2) })).toBeGreaterThan(score({ history: history(2, 5) }));
    expect(score({ history: history(2, 5) })).toBeGreaterThan(score({ history: history(2, 20) }));
    expect(factors({ history: history(2, 20) })).not.toContain('noShowRate');
    const rate = noShowRisk(input({ history: history(2, 2) })).reasons.find((r) => r.factor === 'noShowRate');
    expect(rate && fill(rate.text, rate.values)).toBe('Missed 50% of past visits');
  });

  it('a patient who always came scores lower than a new one', () => {
    expect(score({ history: history(0, 3) })).toBeLessThan(score({ history: NO_HISTORY }));
    expect(score({ history: history(0, 2) })).toBe(score({ history: NO_HISTORY }));
  });

  it('booking further ahead raises the score', () => {
    const bookedBefore = (days: number) => new Date(Date.parse(WEDNESDAY_TEN) - days * 86_400_000).toISOString();
    const [same, two, four] = [0, 14, 40].map((days) => score({ createdAt: bookedBefore(days) }));
    expect(two).toBeGreaterThan(same as number);
    expect(four).toBeGreaterThan(two as number);
    const lead = noShowRisk(input({ createdAt: bookedBefore(40) })).reasons.find((r) => r.factor === 'leadTime');
    expect(lead && fill(lead.text, lead.values)).toBe('Booked 40 days ahead');
  });

  it('Monday and Friday on the practice clock raise the score, whatever the UTC date says', () => {
    // 21:00 Friday in Vancouver is already Saturday in UTC.
    const fridayEvening = noShowRisk(
      input({ appointmentDate: '2026-11-28T05:00:00.000Z', timeZone: 'America/Vancouver' }),
    );
    expect(fridayEvening.reasons.map((r) => r.factor)).toEqual(expect.arrayContaining(['weekday', 'hour']));
    expect(score({ appointmentDate: '2026-11-23T15:00:00.000Z' })).toBeGreaterThan(score({}));
    expect(score({ appointmentDate: '2026-11-24T15:00:00.000Z' })).toBe(score({}));
  });

  it('early and late hours raise the score, on the practice clock', () => {
    expect(score({ appointmentDate: '2026-11-25T13:30:00.000Z' })).toBeGreaterThan(score({})); // 08:30 Toronto
    expect(score({ appointmentDate: '2026-11-25T21:00:00.000Z' })).toBeGreaterThan(score({})); // 16:00 Toronto
    expect(score({ appointmentDate: '2026-11-25T20:30:00.000Z' })).toBe(score({})); // 15:30 Toronto
  });

  it('only a scheduled booking counts as unconfirmed', () => {
    expect(score({ status: 'in-progress' })).toBeLessThan(score({ status: 'scheduled' }));
    expect(factors({ status: 'checked-in' })).not.toContain('confirmation');
  });

  it('levels start at their thresholds and the score stays within 0 to 100', () => {
    expect(riskLevel(NO_SHOW_RISK_LEVELS.medium - 1)).toBe('low');
    expect(riskLevel(NO_SHOW_RISK_LEVELS.medium)).toBe('medium');
    expect(riskLevel(NO_SHOW_RISK_LEVELS.high - 1)).toBe('medium');
    expect(riskLevel(NO_SHOW_RISK_LEVELS.high)).toBe('high');
    expect(noShowRisk(input({ history: history(1, 4) })).level).toBe('medium');
    expect(noShowRisk(input({ history: history(3, 3) })).level).toBe('high');
    const worst = noShowRisk(
      input({
        history: history(9, 0),
        createdAt: '2025-01-01T00:00:00.000Z',
        appointmentDate: '2026-11-23T13:00:00.000Z',
      }),
    );
    expect(worst.score).toBeLessThanOrEqual(100);
    expect(noShowRisk(input({ history: history(0, 9), status: 'in-progress' })).score).toBe(0);
  });

  it('reasons come largest first', () => {
    const points = noShowRisk(input({ history: history(2, 2) })).reasons.map((r) => r.points);
    expect(points).toEqual([...points].sort((a, b) => b - a));
  });
});

describe('visit histories', () => {
  it('counts kept and missed visits before the cutoff, per patient, with the latest miss', () => {
    const appointments = [
      { patientId: 'a', status: 'no-show', appointmentDate: '2026-10-01T14:00:00.000Z' },
      { patientId: 'a', status: 'no-show', appointmentDate: '2026-11-01T14:00:00.000Z' },
      { patientId: 'a', status: 'completed', appointmentDate: '2026-09-01T14:00:00.000Z' },
      { patientId: 'a', status: 'cancelled', appointmentDate: '2026-09-02T14:00:00.000Z' },
      { patientId: 'a', status: 'no-show', appointmentDate: '2026-12-01T14:00:00.000Z' },
      { patientId: 'b', status: 'checked-in', appointmentDate: '2026-11-20T14:00:00.000Z' },
      { patientId: 'c', status: 'scheduled', appointmentDate: '2026-11-20T14:00:00.000Z' },
    ];
    const histories = visitHistories(appointments, '2026-11-25T00:00:00.000Z');
    expect(histories.get('a')).toEqual({ noShows: 2, attended: 1, lastNoShow: '2026-11-01T14:00:00.000Z' });
    expect(histories.get('b')).toEqual({ noShows: 0, attended: 1, lastNoShow: null });
    expect(histories.has('c')).toBe(false);
  });

  it('rates are fractions of known outcomes', () => {
    expect(noShowRate(1, 8)).toBe(0.125);
    expect(noShowRate(1, 3)).toBe(0.3333);
    expect(noShowRate(0, 0)).toBe(0);
  });
});
