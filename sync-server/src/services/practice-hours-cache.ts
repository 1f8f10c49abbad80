import { DEFAULTS } from '@dental/domain/constants';
import type { WeeklyHours } from '@dental/domain/practices/hours';
import type { Clock } from '@dental/domain/time/clock';

export interface HoursLookup {
  hours: WeeklyHours;
  /** True when served from memory rather than read from the database. */
  cached: boolean;
  /** When these hours were read from the database. */
  cachedAt: Date;
  expiresAt: Date;
}

export interface CacheEntrySummary {
  practiceId: number;
  cachedAt: string;
  expiresAt: string;
}

export interface PracticeHoursCacheStats {
  /** Live (unexpired) entries. */
  entries: number;
  hits: number;
  misses: number;
  /** hits / (hits + misses), 0 before any lookup. */
  hitRate: number;
  invalidations: number;
  ttlMs: number;
}

interface Entry {
  hours: WeeklyHours;
  cachedAt: number;
}

/**
 * Each practice's weekly hours, kept for the spec's 30 minutes (section 9) by the injected clock.
 * One instance per app: tests build many apps and none may see another's entries or counters.
 */
export class PracticeHoursCache {
  readonly ttlMs: number;
  readonly #clock: Clock;
  readonly #entries = new Map<number, Entry>();
  /**
   * Bumped by every invalidation. A read that started before an update finishes after it would
   * otherwise put the old hours back for a full 30 minutes.
   */
  readonly #generations = new Map<number, number>();
  #hits = 0;
  #misses = 0;
  #invalidations = 0;

  constructor(clock: Clock, ttlMs: number = DEFAULTS.practiceHoursCacheMs) {
    this.#clock = clock;
    this.ttlMs = ttlMs;
  }

  #live(practiceId: number, now: number): Entry | undefined {
    const entry = this.#entries.get(practiceId);
    if (!entry) return undefined;
    if (now - entry.cachedAt < this.ttlMs) return entry;
    this.#entries.delete(practiceId);
    return undefined;
  }

  #lookup(entry: Entry, cached: boolean): HoursLookup {
    return {
      hours: entry.hours,
      cached,
      cachedAt: new Date(entry.cachedAt),
      expiresAt: new Date(entry.cachedAt + this.ttlMs),
    };
  }

  /** The cached hours, or `read`'s answer, which is kept unless the practice was invalidated meanwhile. */
  async get(practiceId: number, read: () => Promise<WeeklyHours>): Promise<HoursLookup> {
    const hit = this.#live(practiceId, this.#clock().getTime());
    if (hit) {
      this.#hits += 1;
      return this.#lookup(hit, true);
    }
    this.#misses += 1;
    const generation = this.#generations.get(practiceId) ?? 0;
    const entry: Entry = { hours: await read(), cachedAt: this.#clock().getTime() };
    if ((this.#generations.get(practiceId) ?? 0) === generation) this.#entries.set(practiceId, entry);
    return this.#lookup(entry, false);
  }

  /** Forgets one practice's hours; true when there were live ones to forget. */
  invalidate(practiceId: number): boolean {
    this.#generations.set(practiceId, (this.#generations.get(practiceId) ?? 0) + 1);
    this.#invalidations += 1;
    const had = this.#live(practiceId, this.#clock().getTime()) !== undefined;
    this.#entries.delete(practiceId);
    return had;
  }

  /** Forgets every practice's hours (another process may have changed any of them). */
  clear(): void {
    for (const practiceId of [...this.#entries.keys()]) this.invalidate(practiceId);
  }

  /** The live entries of the given practices (a caller sees only practices they may access). */
  entriesFor(practiceIds: readonly number[]): CacheEntrySummary[] {
    const now = this.#clock().getTime();
    return practiceIds.flatMap((practiceId) => {
      const entry = this.#live(practiceId, now);
      if (!entry) return [];
      const { cachedAt, expiresAt } = this.#lookup(entry, true);
      return [{ practiceId, cachedAt: cachedAt.toISOString(), expiresAt: expiresAt.toISOString() }];
    });
  }

  stats(): PracticeHoursCacheStats {
    const now = this.#clock().getTime();
    for (const practiceId of [...this.#entries.keys()]) this.#live(practiceId, now);
    const lookups = this.#hits + this.#misses;
    return {
      entries: this.#entries.size,
      hits: this.#hits,
      misses: this.#misses,
      hitRate: lookups === 0 ? 0 : this.#hits / lookups,
      invalidations: this.#invalidations,
      ttlMs: this.ttlMs,
    };
  }
}

const caches = new WeakMap<object, PracticeHoursCache>();

/**
 * The cache of one app instance, shared by every route file registered on it. Keyed weakly by the
 * app, so it lives and dies with that app and app.ts need not pass it around.
 */
export function practiceHoursCacheFor(app: object, clock: Clock): PracticeHoursCache {
  let cache = caches.get(app);
  if (!cache) {
    cache = new PracticeHoursCache(clock);
    caches.set(app, cache);
  }
  return cache;
}
