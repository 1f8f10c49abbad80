import { fill } from '../i18n/text.ts';
import { RANK_REASON_TEXTS } from './texts.ts';

/**
 * The smart recall ranking: a score from four facts about a due recall, each worth bounded points, so a
 * receptionist calls first the patients most at risk of drifting away, and sees why.
 */
export const RECALL_RANKING = {
  /** Full overdue points at this many days past due, in proportion before. */
  overdueFullDays: 90,
  overdueMaxPoints: 40,
  /** Time since the last visit counts beyond this many months… */
  lastVisitGraceMonths: 6,
  /** …at this many points a month, up to the maximum; no visit on record scores the maximum. */
  lastVisitPointsPerMonth: 2,
  lastVisitMaxPoints: 20,
  noShowPoints: 5,
  noShowMaxPoints: 15,
  /** One call books the household: a family member due within this many days of the recall. */
  familyWindowDays: 30,
  familyPoints: 15,
} as const;

export const RANK_FACTORS = ['overdue', 'lastVisit', 'noShows', 'family'] as const;
export type RankFactor = (typeof RANK_FACTORS)[number];

/** One reason a recall is ranked where it is: its factor, its points, and the words (English) saying it. */
export interface RankReason {
  factor: RankFactor;
  points: number;
  text: string;
}

export interface RankFacts {
  overdueDays: number;
  /** Whole months since the last visit; null when there is none on record. */
  monthsSinceLastVisit: number | null;
  noShows: number;
  /** Family members with a recall due within the family window of this one. */
  familyDue: number;
}

export interface RecallRank {
  score: number;
  reasons: RankReason[];
}

const R = RECALL_RANKING;

function overdue(days: number): RankReason | null {
  if (days <= 0) return null;
  const points = Math.min(R.overdueMaxPoints, Math.round((days * R.overdueMaxPoints) / R.overdueFullDays));
  return { factor: 'overdue', points, text: fill(RANK_REASON_TEXTS.overdue, { days }) };
}

function lastVisit(months: number | null): RankReason | null {
  if (months === null) {
    return { factor: 'lastVisit', points: R.lastVisitMaxPoints, text: fill(RANK_REASON_TEXTS.noVisit) };
  }
  const beyond = months - R.lastVisitGraceMonths;
  if (beyond <= 0) return null;
  const points = Math.min(R.lastVisitMaxPoints, beyond * R.lastVisitPointsPerMonth);
  return { factor: 'lastVisit', points, text: fill(RANK_REASON_TEXTS.lastVisit, { months }) };
}

function noShows(count: number): RankReason | null {
  if (count <= 0) return null;
  const text =
    count === 1
      ? fill(RANK_REASON_TEXTS.noShowOnce)
      : count === 2
        ? fill(RANK_REASON_TEXTS.noShowTwice)
        : fill(RANK_REASON_TEXTS.noShowMany, { count });
  return { factor: 'noShows', points: Math.min(R.noShowMaxPoints, count * R.noShowPoints), text };
}

function family(count: number): RankReason | null {
  if (count <= 0) return null;
  return { factor: 'family', points: R.familyPoints, text: fill(RANK_REASON_TEXTS.family) };
}

/** The score of one recall and the reasons that make it up, largest first; the score is their sum. */
export function rankRecall(facts: RankFacts): RecallRank {
  const reasons = [
    overdue(facts.overdueDays),
    lastVisit(facts.monthsSinceLastVisit),
    noShows(facts.noShows),
    family(facts.familyDue),
  ]
    .filter((reason): reason is RankReason => reason !== null && reason.points > 0)
    .sort((a, b) => b.points - a.points);
  return { score: reasons.reduce((sum, reason) => sum + reason.points, 0), reasons };
}

/** Highest score first; ties go to the longer overdue, then the earlier due date, then the id, so the order is stable. */
export function bySmartRank<
  T extends { rank?: RecallRank; overdueDays: number; dueDate: string; recall: { id: string } },
>(a: T, b: T): number {
  return (
    (b.rank?.score ?? 0) - (a.rank?.score ?? 0) ||
    b.overdueDays - a.overdueDays ||
    a.dueDate.localeCompare(b.dueDate) ||
    a.recall.id.localeCompare(b.recall.id)
  );
}

/** Whole calendar months from one date to a later one (a month counts once its day is reached). */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  return (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
}
