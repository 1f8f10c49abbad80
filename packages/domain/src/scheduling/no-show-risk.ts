import type { Text } from '../i18n/text.ts';
import { type WeekdayName, weekdayOf } from '../practices/hours.ts';
import { localDate, localTime } from '../time/zones.ts';
import { normalizeStatus } from './status-transitions.ts';

/**
 * What counts as a kept or a missed visit, for the risk score on the device and the analytics on the
 * server alike: a checked-in visit was kept even before check-out; cancelled and still-scheduled ones
 * tell nothing about whether the patient comes.
 */
export const NO_SHOW_STATUS = 'no-show';
export const ATTENDED_STATUSES = ['completed', 'in-progress'] as const;
export const OUTCOME_STATUSES = [NO_SHOW_STATUS, ...ATTENDED_STATUSES] as const;
/** A patient with this many no-shows in the range is listed under repeated no-shows. */
export const REPEAT_NO_SHOW_MINIMUM = 2;

/** Missed over known outcomes, as a fraction rounded to four places; 0 when nothing is known. */
export function noShowRate(noShows: number, total: number): number {
  return total > 0 ? Math.round((noShows / total) * 10_000) / 10_000 : 0;
}

/** A patient's past outcomes, as one device or the server knows them. */
export interface VisitHistory {
  noShows: number;
  attended: number;
  /** Start of the latest missed appointment, ISO-8601 UTC. */
  lastNoShow: string | null;
}

export const NO_HISTORY: VisitHistory = { noShows: 0, attended: 0, lastNoShow: null };

interface PastAppointment {
  patientId: string;
  status: string;
  appointmentDate: string;
}

/** Each patient's outcomes of appointments that started before `before` (an ISO instant). */
export function visitHistories(appointments: Iterable<PastAppointment>, before: string): Map<string, VisitHistory> {
  const cutoff = Date.parse(before);
  const histories = new Map<string, VisitHistory>();
  for (const appointment of appointments) {
    if (!(Date.parse(appointment.appointmentDate) < cutoff)) continue;
    const status = normalizeStatus(appointment.status);
    const missed = status === NO_SHOW_STATUS;
    if (!missed && !(ATTENDED_STATUSES as readonly string[]).includes(status ?? '')) continue;
    const history = histories.get(appointment.patientId) ?? { ...NO_HISTORY };
    if (missed) {
      history.noShows += 1;
      if (history.lastNoShow === null || appointment.appointmentDate > history.lastNoShow) {
        history.lastNoShow = appointment.appointmentDate;
      }
    } else {
      history.attended += 1;
    }
    histories.set(appointment.patientId, history);
  }
  return histories;
}

/**
 * Every weight of the score, in points out of 100. Chosen by hand from what front desks report
 * (past behaviour matters most; long lead times, Monday and Friday, the day's edges and unconfirmed
 * bookings add a little), not fitted to data: the reasons must stay readable and the same everywhere.
 */
export const NO_SHOW_RISK_WEIGHTS = {
  /** By the number of past no-shows: 1, 2, 3 or more. */
  pastNoShows: [25, 40, 50],
  /** Past no-shows over past outcomes, once at least `minimumOutcomes` are known. */
  rate: { minimumOutcomes: 3, high: { atLeast: 0.5, points: 15 }, raised: { atLeast: 0.25, points: 8 } },
  /** Came to every one of at least `minimumVisits` past visits. */
  reliable: { minimumVisits: 3, points: -10 },
  /** Days between booking and the appointment. */
  leadTime: { long: { atLeastDays: 30, points: 10 }, medium: { atLeastDays: 14, points: 5 } },
  weekday: { days: ['monday', 'friday'] as readonly WeekdayName[], points: 5 },
  /** Before `beforeHour` or from `fromHour` on, on the practice's clock. */
  hour: { beforeHour: 9, fromHour: 16, points: 5 },
  /** Still 'scheduled': the patient has not confirmed from their link (which makes it 'confirmed'). */
  unconfirmed: 10,
} as const;

/** The level starts at these scores. */
export const NO_SHOW_RISK_LEVELS = { medium: 35, high: 60 } as const;

export type NoShowRiskLevel = 'low' | 'medium' | 'high';
export type NoShowRiskFactor =
  | 'pastNoShows'
  | 'noShowRate'
  | 'reliable'
  | 'leadTime'
  | 'weekday'
  | 'hour'
  | 'confirmation';

export const NO_SHOW_RISK_TEXTS = {
  pastNoShowOne: /*i18n*/ { id: 'noShowRisk.pastNoShowOne', message: 'Missed 1 past appointment' },
  pastNoShows: /*i18n*/ { id: 'noShowRisk.pastNoShows', message: 'Missed {count} past appointments' },
  noShowRate: /*i18n*/ { id: 'noShowRisk.noShowRate', message: 'Missed {percent}% of past visits' },
  reliable: /*i18n*/ { id: 'noShowRisk.reliable', message: 'Came to all {count} past visits' },
  leadTime: /*i18n*/ { id: 'noShowRisk.leadTime', message: 'Booked {days} days ahead' },
  monday: /*i18n*/ { id: 'noShowRisk.monday', message: 'Monday appointments are missed more often' },
  friday: /*i18n*/ { id: 'noShowRisk.friday', message: 'Friday appointments are missed more often' },
  early: /*i18n*/ { id: 'noShowRisk.early', message: 'Early morning appointment' },
  late: /*i18n*/ { id: 'noShowRisk.late', message: 'Late afternoon appointment' },
  unconfirmed: /*i18n*/ { id: 'noShowRisk.unconfirmed', message: 'Not confirmed' },
  levelLow: /*i18n*/ { id: 'noShowRisk.level.low', message: 'Low no-show risk' },
  levelMedium: /*i18n*/ { id: 'noShowRisk.level.medium', message: 'Medium no-show risk' },
  levelHigh: /*i18n*/ { id: 'noShowRisk.level.high', message: 'High no-show risk' },
} as const satisfies Record<string, Text>;

export const NO_SHOW_RISK_LEVEL_TEXTS: Readonly<Record<NoShowRiskLevel, Text>> = {
  low: NO_SHOW_RISK_TEXTS.levelLow,
  medium: NO_SHOW_RISK_TEXTS.levelMedium,
  high: NO_SHOW_RISK_TEXTS.levelHigh,
};

export interface NoShowRiskReason {
  factor: NoShowRiskFactor;
  points: number;
  text: Text;
  values: Record<string, number>;
}

export interface NoShowRisk {
  score: number;
  level: NoShowRiskLevel;
  /** The factors that moved the score, largest first. */
  reasons: NoShowRiskReason[];
}

export interface NoShowRiskInput {
  /** Start instant, ISO-8601 UTC. */
  appointmentDate: string;
  /** When it was booked, ISO-8601 UTC. */
  createdAt: string;
  status: string;
  history: VisitHistory;
  /** The practice's zone: weekday and hour are the practice's, not the device's. */
  timeZone: string;
}

const DAY_MS = 86_400_000;

function historyReasons(history: VisitHistory): NoShowRiskReason[] {
  const w = NO_SHOW_RISK_WEIGHTS;
  const reasons: NoShowRiskReason[] = [];
  const { noShows, attended } = history;
  if (noShows > 0) {
    const points = w.pastNoShows[Math.min(noShows, w.pastNoShows.length) - 1] ?? 0;
    const text = noShows === 1 ? NO_SHOW_RISK_TEXTS.pastNoShowOne : NO_SHOW_RISK_TEXTS.pastNoShows;
    reasons.push({ factor: 'pastNoShows', points, text, values: { count: noShows } });
  }
  const outcomes = noShows + attended;
  const rate = outcomes > 0 ? noShows / outcomes : 0;
  if (outcomes >= w.rate.minimumOutcomes && rate >= w.rate.raised.atLeast) {
    const points = rate >= w.rate.high.atLeast ? w.rate.high.points : w.rate.raised.points;
    const values = { percent: Math.round(rate * 100) };
    reasons.push({ factor: 'noShowRate', points, text: NO_SHOW_RISK_TEXTS.noShowRate, values });
  }
  if (noShows === 0 && attended >= w.reliable.minimumVisits) {
    const values = { count: attended };
    reasons.push({ factor: 'reliable', points: w.reliable.points, text: NO_SHOW_RISK_TEXTS.reliable, values });
  }
  return reasons;
}

function whenReasons(input: NoShowRiskInput): NoShowRiskReason[] {
  const w = NO_SHOW_RISK_WEIGHTS;
  const reasons: NoShowRiskReason[] = [];
  const days = Math.floor((Date.parse(input.appointmentDate) - Date.parse(input.createdAt)) / DAY_MS);
  const lead =
    days >= w.leadTime.long.atLeastDays
      ? w.leadTime.long.points
      : days >= w.leadTime.medium.atLeastDays
        ? w.leadTime.medium.points
        : 0;
  if (lead > 0) reasons.push({ factor: 'leadTime', points: lead, text: NO_SHOW_RISK_TEXTS.leadTime, values: { days } });

  const weekday = weekdayOf(localDate(input.appointmentDate, input.timeZone));
  if (w.weekday.days.includes(weekday)) {
    const text = weekday === 'monday' ? NO_SHOW_RISK_TEXTS.monday : NO_SHOW_RISK_TEXTS.friday;
    reasons.push({ factor: 'weekday', points: w.weekday.points, text, values: {} });
  }
  const hour = Number(localTime(input.appointmentDate, input.timeZone).slice(0, 2));
  if (hour < w.hour.beforeHour || hour >= w.hour.fromHour) {
    const text = hour < w.hour.beforeHour ? NO_SHOW_RISK_TEXTS.early : NO_SHOW_RISK_TEXTS.late;
    reasons.push({ factor: 'hour', points: w.hour.points, text, values: {} });
  }
  return reasons;
}

export function riskLevel(score: number): NoShowRiskLevel {
  if (score >= NO_SHOW_RISK_LEVELS.high) return 'high';
  return score >= NO_SHOW_RISK_LEVELS.medium ? 'medium' : 'low';
}

/** The explainable no-show risk of one upcoming appointment: the sum of its reasons' points, 0 to 100. */
export function noShowRisk(input: NoShowRiskInput): NoShowRisk {
  const reasons = [...historyReasons(input.history), ...whenReasons(input)];
  if (normalizeStatus(input.status) === 'scheduled') {
    const points = NO_SHOW_RISK_WEIGHTS.unconfirmed;
    reasons.push({ factor: 'confirmation', points, text: NO_SHOW_RISK_TEXTS.unconfirmed, values: {} });
  }
  reasons.sort((a, b) => b.points - a.points);
  const total = reasons.reduce((sum, reason) => sum + reason.points, 0);
  const score = Math.max(0, Math.min(100, total));
  return { score, level: riskLevel(score), reasons };
}
