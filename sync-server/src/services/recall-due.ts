import { fill } from '@dental/domain/i18n/text';
import { RECALL_TEXTS } from '@dental/domain/recalls/texts';
import type { Clock } from '@dental/domain/time/clock';
import { localDate } from '@dental/domain/time/zones';
import type { Db } from '../db/connection.ts';
import { allPracticeIds, claimRecallDueDay, countRecallsDueOn } from '../repos/recall-work.ts';
import { inPracticeTransaction } from '../repos/transactions.ts';
import { notify } from './notify.ts';
import { practiceTimezone } from './practice-time.ts';

/** How often the server looks for a practice day whose recalls due were not yet announced. */
export const RECALL_DUE_SWEEP_MS = 60 * 60 * 1000;

/**
 * Tells the practice's users who send reminders how many recalls fall due today (practice clock), once
 * per practice per day: the day is claimed in the same transaction, so a second sweep, or another server
 * process, finds it taken. A day with none due is claimed too and tells nobody.
 */
export async function announceRecallsDue(db: Db, practiceId: number, now: Date): Promise<number[]> {
  const day = localDate(now, await practiceTimezone(db, practiceId));
  return inPracticeTransaction(db, { practiceId, writes: true }, async (trx) => {
    const dueCount = await countRecallsDueOn(trx, practiceId, day);
    if (!(await claimRecallDueDay(trx, { practiceId, day, dueCount, at: now }))) return [];
    if (dueCount === 0) return [];
    return notify(
      trx,
      { practiceId, now },
      { holding: 'communications.reminders' },
      {
        type: 'recall_due',
        title: fill(RECALL_TEXTS.dueTodayTitle),
        message: fill(RECALL_TEXTS.dueToday, { count: dueCount }),
        link: '/recalls',
        priority: 'medium',
      },
    );
  });
}

/** One sweep over every practice; the users told, by practice. */
export async function sweepRecallsDue(db: Db, now: Date): Promise<Map<number, number[]>> {
  const told = new Map<number, number[]>();
  for (const practiceId of await allPracticeIds(db))
    told.set(practiceId, await announceRecallsDue(db, practiceId, now));
  return told;
}

/** Sweeps now and then hourly until the returned stop is called (the server's shutdown). */
export function startRecallDueSweep(db: Db, clock: Clock, onError: (error: unknown) => void): () => void {
  const sweep = () => {
    sweepRecallsDue(db, clock()).catch(onError);
  };
  sweep();
  const timer = setInterval(sweep, RECALL_DUE_SWEEP_MS);
  // The sweep alone never keeps a process alive.
  timer.unref();
  return () => clearInterval(timer);
}
