import { describe, expect, it } from 'vitest';
import { bySmartRank, type RankFacts, RECALL_RANKING, rankRecall } from '../src/recalls/smart-rank.ts';

const facts = (overrides: Partial<RankFacts>): RankFacts => ({
  overdueDays: 0,
  monthsSinceLastVisit: 6,
  noShows: 0,
  familyDue: 0,
  ...overrides,
});

describe('rankRecall', () => {
  it('explains each factor with its points, largest first, and the score is their sum', () => {
    const rank = rankRecall(facts({ overdueDays: 94, monthsSinceLastVisit: 14, noShows: 2, familyDue: 1 }));
    expect(rank.reasons).toEqual([
      { factor: 'overdue', points: 40, text: 'Overdue 94 days' },
      { factor: 'lastVisit', points: 16, text: 'Last visit 14 months ago' },
      { factor: 'family', points: 15, text: 'Family members due together' },
      { factor: 'noShows', points: 10, text: 'No-show twice' },
    ]);
    expect(rank.score).toBe(81);
  });

  it('gives nothing for a recall that is not overdue, recently seen, reliable and alone', () => {
    expect(rankRecall(facts({}))).toEqual({ score: 0, reasons: [] });
  });

  it('scales overdue days up to its cap, caps no-shows, and counts a missing visit as the longest gap', () => {
    expect(rankRecall(facts({ overdueDays: 45 })).reasons).toEqual([
      { factor: 'overdue', points: 20, text: 'Overdue 45 days' },
    ]);
    expect(rankRecall(facts({ overdueDays: 400 })).score).toBe(RECALL_RANKING.overdueMaxPoints);
    expect(rankRecall(facts({ noShows: 1 })).reasons[0]?.text).toBe('No-show once');
    expect(rankRecall(facts({ noShows: 7 })).reasons).toEqual([
      { factor: 'noShows', points: RECALL_RANKING.noShowMaxPoints, text: 'No-show 7 times' },
    ]);
    expect(rankRecall(facts({ monthsSinceLastVisit: null })).reasons).toEqual([
      { factor: 'lastVisit', points: RECALL_RANKING.lastVisitMaxPoints, text: 'No visit on record' },
    ]);
    expect(rankRecall(facts({ monthsSinceLastVisit: 40 })).score).toBe(RECALL_RANKING.lastVisitMaxPoints);
  });

  it('orders by score, then longer overdue, then earlier due date, then id', () => {
    const row = (id: string, overdueDays: number, dueDate: string, f: Partial<RankFacts>) => ({
      recall: { id },
      overdueDays,
      dueDate,
      rank: rankRecall(facts({ overdueDays, ...f })),
    });
    const rows = [
      row('a', 10, '2026-11-16', {}),
      row('b', 10, '2026-11-16', { familyDue: 2 }),
      row('c', 60, '2026-09-27', {}),
      row('d', 0, '2026-12-10', { noShows: 3 }),
      row('e', 0, '2026-12-01', { noShows: 3 }),
    ];
    expect(rows.sort(bySmartRank).map((r) => r.recall.id)).toEqual(['c', 'b', 'e', 'd', 'a']);
  });
});
