import { PATIENTS } from '../../constants.ts';
import { normalizePhone } from '../phone.ts';

/** Values the local store shows for fields it could not open: never something to match a query against. */
const UNREADABLE = new Set(['[Protected]', '[Decryption Error]']);

export function readable(value: string | null | undefined): string {
  if (!value || UNREADABLE.has(value)) return '';
  return value;
}

/** Lower case without accents, commas and runs of spaces as one space: "Bélanger, Hélène" → "belanger helene". */
export function fold(value: string): string {
  // Most names are plain ASCII: skip the Unicode decomposition for them.
  const plain = /^[\x20-\x7e]*$/.test(value) ? value : value.normalize('NFD').replace(/\p{M}/gu, '');
  return plain
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
export function dateReadings(query: string): { exact: string[]; prefix: string | null } {
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

const MAX_TERMS = 16;

/** One typed query, read every way the search understands it. */
export interface ParsedQuery {
  /** Folded text: names and email. */
  text: string;
  /** Its words, for first-last and last-first (a name is a few words: the first 16 are plenty). */
  terms: string[];
  /** Whether any letter was typed: digits alone are phones or dates, where a near miss is someone else. */
  hasLetters: boolean;
  /** The phone digits when the query is phone-like, else ''. */
  phone: string;
  dates: { exact: string[]; prefix: string | null };
}

export function parseQuery(query: string): ParsedQuery {
  const text = fold(query);
  const digits = query.replace(/\D/g, '');
  // Phone-like: only digits and the punctuation people type around them.
  const phoneLike = digits.length >= PATIENTS.searchMinChars && /^[\d\s()+.-]+$/.test(query.trim());
  return {
    text,
    terms: text ? text.split(' ').slice(0, MAX_TERMS) : [],
    hasLetters: /\p{L}/u.test(text),
    phone: phoneLike ? normalizePhone(digits) : '',
    dates: dateReadings(query.trim()),
  };
}
