import Fuse, { type FuseIndex } from 'fuse.js';
import { PATIENTS } from '../constants.ts';
import { normalizePhone } from './phone.ts';

/** The fields patient search reads; anything else on the record is carried through untouched. */
export interface SearchablePatient {
  id: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  dateOfBirth: string | null;
  email: string | null;
}

export type PatientMatchKind = 'exact' | 'prefix' | 'fuzzy';

export interface PatientMatch<T> {
  patient: T;
  kind: PatientMatchKind;
  /** Higher is better: exact and prefix matches carry the spec's boosts, fuzzy ones 1 minus Fuse's score. */
  relevance: number;
}

export interface PatientSearchOptions {
  /** Fuse.js threshold (0 = perfect only, 1 = anything); spec 9 gives 0.3, 0.2 on the patients page. */
  threshold?: number;
  /** At most this many matches; all of them when left out. */
  limit?: number;
}

/** Values the local store shows for fields it could not open: never something to match a query against. */
const UNREADABLE = new Set(['[Protected]', '[Decryption Error]']);

/** Bitap counts a swapped pair as two errors; people count it as one typo, so a variant pays one error. */
const MAX_TRANSPOSED_QUERY = 24;

interface Entry<T> {
  patient: T;
  first: string;
  last: string;
  names: string[];
  full: string;
  reversed: string;
  email: string;
  phone: string;
  dob: string;
}

const FUSE_KEYS = ['first', 'last', 'full', 'reversed', 'email'] as const;
type FuseDoc = Record<(typeof FUSE_KEYS)[number], string>;

function readable(value: string | null | undefined): string {
  if (!value || UNREADABLE.has(value)) return '';
  return value;
}

function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[,\s]+/g, ' ')
    .trim();
}

function isValidDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function iso(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * What a typed date of birth can mean: full dates (for exact) and a leading part (for prefix).
 * Day and month order is ambiguous in Canada (14/03 vs 03/14), so both readings are tried.
 */
function dateReadings(query: string): { exact: string[]; prefix: string | null } {
  const exact = new Set<string>();
  let prefix: string | null = null;
  const ymd = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(query) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(query);
  if (ymd) {
    const [year, month, day] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
    if (isValidDay(year, month, day)) exact.add(iso(year, month, day));
  }
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(query);
  if (dmy) {
    const [a, b, year] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
    if (isValidDay(year, b, a)) exact.add(iso(year, b, a));
    if (isValidDay(year, a, b)) exact.add(iso(year, a, b));
  }
  const partial = /^(\d{4})[-/.](\d{1,2})?[-/.]?$/.exec(query);
  if (partial) {
    const month = partial[2];
    // "1985-3" means March, not the 30s of some month: pad only once the month is clearly complete.
    prefix = month ? `${partial[1]}-${month.length === 2 ? month : `0${month}`}` : `${partial[1]}-`;
  }
  return { exact: [...exact], prefix };
}

/** Adjacent swaps of the query ("Jhon" -> "John"), each to be charged one typo. */
function transpositions(query: string): string[] {
  if (query.length < 3 || query.length > MAX_TRANSPOSED_QUERY) return [];
  const variants = new Set<string>();
  for (let i = 0; i < query.length - 1; i++) {
    if (query[i] === query[i + 1] || query[i] === ' ' || query[i + 1] === ' ') continue;
    variants.add(query.slice(0, i) + query[i + 1] + query[i] + query.slice(i + 2));
  }
  return [...variants];
}

function byName<T extends SearchablePatient>(a: PatientMatch<T>, b: PatientMatch<T>): number {
  return (
    b.relevance - a.relevance ||
    a.patient.lastName.localeCompare(b.patient.lastName) ||
    a.patient.firstName.localeCompare(b.patient.firstName)
  );
}

/**
 * Patient search shared by the header quick search and the patients page: build once per patient
 * list, query per keystroke. Exact matches rank first, then prefix matches, then typo-tolerant ones.
 */
export class PatientSearch<T extends SearchablePatient> {
  private readonly entries: Entry<T>[];
  private readonly docs: FuseDoc[];
  private readonly index: FuseIndex<FuseDoc>;
  private readonly fuses = new Map<number, Fuse<FuseDoc>>();

  constructor(patients: readonly T[]) {
    this.entries = patients.map((patient) => {
      const first = fold(readable(patient.firstName));
      const last = fold(readable(patient.lastName));
      return {
        patient,
        first,
        last,
        names: [first, last, ...`${first} ${last}`.split(' ')].filter(Boolean),
        full: `${first} ${last}`.trim(),
        reversed: `${last} ${first}`.trim(),
        email: fold(readable(patient.email)),
        phone: normalizePhone(readable(patient.phone)),
        dob: readable(patient.dateOfBirth).slice(0, 10),
      };
    });
    this.docs = this.entries.map((entry) => ({
      first: entry.first,
      last: entry.last,
      full: entry.full,
      reversed: entry.reversed,
      email: entry.email,
    }));
    this.index = Fuse.createIndex([...FUSE_KEYS], this.docs);
  }

  private fuse(threshold: number): Fuse<FuseDoc> {
    let fuse = this.fuses.get(threshold);
    if (!fuse) {
      fuse = new Fuse(
        this.docs,
        // Location is ignored: a last name typed alone sits mid-string in "first last" and is no worse for it.
        { keys: [...FUSE_KEYS], threshold, includeScore: true, ignoreLocation: true, shouldSort: false },
        this.index,
      );
      this.fuses.set(threshold, fuse);
    }
    return fuse;
  }

  search(query: string, options: PatientSearchOptions = {}): PatientMatch<T>[] {
    const threshold = options.threshold ?? PATIENTS.fuzzyThreshold;
    const text = fold(query);
    if (!text) return [];
    const digits = query.replace(/\D/g, '');
    // Phone-like: only digits and the punctuation people type around them.
    const phoneLike = digits.length >= PATIENTS.searchMinChars && /^[\d\s()+.-]+$/.test(query.trim());
    const phoneDigits = phoneLike ? normalizePhone(digits) : '';
    const dates = dateReadings(query.trim());

    const best = new Map<number, PatientMatch<T>>();
    const offer = (index: number, kind: PatientMatchKind, relevance: number) => {
      const current = best.get(index);
      if (!current || current.relevance < relevance) {
        const entry = this.entries[index];
        if (entry) best.set(index, { patient: entry.patient, kind, relevance });
      }
    };

    for (const [index, entry] of this.entries.entries()) {
      const exact =
        entry.full === text ||
        entry.reversed === text ||
        entry.names.includes(text) ||
        (entry.email !== '' && entry.email === text) ||
        (phoneDigits !== '' && entry.phone === phoneDigits) ||
        (entry.dob !== '' && dates.exact.includes(entry.dob));
      if (exact) {
        offer(index, 'exact', PATIENTS.boostExact);
        continue;
      }
      const prefix =
        entry.full.startsWith(text) ||
        entry.reversed.startsWith(text) ||
        entry.names.some((name) => name.startsWith(text)) ||
        (entry.email !== '' && entry.email.startsWith(text)) ||
        (phoneDigits !== '' && entry.phone.startsWith(phoneDigits)) ||
        (dates.prefix !== null && entry.dob.startsWith(dates.prefix));
      if (prefix) {
        offer(index, 'prefix', PATIENTS.boostStart);
        continue;
      }
      // The last four digits are how people often give a number; shorter runs match too much.
      if (phoneDigits.length >= 4 && entry.phone.includes(phoneDigits)) offer(index, 'fuzzy', 1);
    }

    // Digits-only queries are phones or dates: a near-miss there is a different person, not a typo.
    if (/\p{L}/u.test(text)) {
      const fuse = this.fuse(threshold);
      // offer() keeps the best reading, and a fuzzy relevance (at most 1) never displaces a boosted one.
      for (const result of fuse.search(text)) offer(result.refIndex, 'fuzzy', 1 - (result.score ?? 1));
      const typoCost = 1 / text.length;
      for (const variant of transpositions(text)) {
        for (const result of fuse.search(variant)) {
          const score = (result.score ?? 1) + typoCost;
          if (score <= threshold) offer(result.refIndex, 'fuzzy', 1 - score);
        }
      }
    }

    const ranked = [...best.values()].sort(byName);
    return options.limit === undefined ? ranked : ranked.slice(0, options.limit);
  }
}

/** One-off search; build a PatientSearch instead when the same list is searched repeatedly. */
export function searchPatients<T extends SearchablePatient>(
  patients: readonly T[],
  query: string,
  options: PatientSearchOptions = {},
): T[] {
  return new PatientSearch(patients).search(query, options).map((match) => match.patient);
}
