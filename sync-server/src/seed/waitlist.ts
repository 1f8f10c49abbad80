import type { PartOfDay, WaitlistPriority } from '@dental/domain/waitlist/entry';
import type { Insertable } from 'kysely';
import type { WaitlistEntriesTable } from '../db/schema.ts';
import type { BookablePatient } from './patients.ts';
import type { PracticeStaff } from './staff.ts';

const DAY_MS = 86_400_000;

/** Preferences that fit the demo's weekday slots, from anyone-anytime to a narrow morning wish. */
const WISHES: readonly {
  provider: 'doctor' | 'hygienist' | null;
  weekdays: number[];
  partOfDay: PartOfDay;
  procedure: string;
  duration: number;
  priority: WaitlistPriority;
  notes: string | null;
}[] = [
  {
    provider: null,
    weekdays: [],
    partOfDay: 'any',
    procedure: 'Cleaning',
    duration: 30,
    priority: 'medium',
    notes: null,
  },
  {
    provider: 'doctor',
    weekdays: [1, 2, 3, 4, 5],
    partOfDay: 'morning',
    procedure: 'Filling',
    duration: 60,
    priority: 'high',
    notes: 'Tooth sensitive to cold; would come at short notice.',
  },
  {
    provider: null,
    weekdays: [2, 4],
    partOfDay: 'afternoon',
    procedure: 'Check-up',
    duration: 30,
    priority: 'low',
    notes: null,
  },
  {
    provider: 'hygienist',
    weekdays: [],
    partOfDay: 'any',
    procedure: 'Scaling',
    duration: 60,
    priority: 'medium',
    notes: 'Prefers a call rather than a text.',
  },
  {
    provider: 'doctor',
    weekdays: [1, 3, 5],
    partOfDay: 'afternoon',
    procedure: 'Crown fitting',
    duration: 90,
    priority: 'medium',
    notes: null,
  },
];

/**
 * A few patients of each practice waiting for an earlier slot, with ids derived from the practice so
 * every run seeds the same rows; they joined the list over the past weeks, so the order is stable.
 */
export function buildWaitlist(
  practiceIds: readonly number[],
  team: ReadonlyMap<number, PracticeStaff>,
  patients: ReadonlyMap<number, readonly BookablePatient[]>,
  createdBy: ReadonlyMap<number, number>,
  now: Date,
): Insertable<WaitlistEntriesTable>[] {
  return practiceIds.flatMap((practiceId) => {
    const staff = team.get(practiceId);
    const pool = (patients.get(practiceId) ?? []).filter((patient) => patient.isActive);
    const author = createdBy.get(practiceId);
    if (!staff || author === undefined || pool.length === 0) return [];
    return WISHES.flatMap((wish, index) => {
      const patient = pool[(index * 7 + 3) % pool.length];
      if (!patient) return [];
      const providerId =
        wish.provider === 'doctor'
          ? (staff.doctors[0] ?? null)
          : wish.provider === 'hygienist'
            ? (staff.hygienists[0] ?? null)
            : null;
      const created = new Date(now.getTime() - (WISHES.length - index) * 3 * DAY_MS).toISOString();
      return [
        {
          id: `00000000-0000-4000-8000-${String(practiceId * 1000 + index).padStart(12, '0')}`,
          practice_id: practiceId,
          patient_id: patient.id,
          provider_id: providerId,
          weekdays: JSON.stringify(wish.weekdays),
          part_of_day: wish.partOfDay,
          procedure: wish.procedure,
          duration: wish.duration,
          notes: wish.notes,
          priority: wish.priority,
          status: 'waiting',
          created_by: author,
          created_at: created,
          updated_at: created,
        },
      ];
    });
  });
}
