import { PATIENTS } from '../constants.ts';
import { normalizePhone } from './phone.ts';
import { fold, type ParsedQuery, parseQuery, readable } from './search/query.ts';
import { TokenTable } from './search/token-table.ts';
import { NO_MATCH, partWordsOf, prefixTypos, typosOf } from './search/typo-distance.ts';

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
  /** Higher is better: exact and prefix matches carry the spec's boosts, typo-tolerant ones 1 minus their cost. */
  relevance: number;
}

export interface PatientSearchOptions {
  /**
   * How many typos per letter typed a match may cost (spec 9: 0.3, 0.2 on the patients page): a word of
   * n letters may differ by floor(threshold × n) typos, at most two, from the start of a name.
   */
  threshold?: number;
  /** At most this many matches; all of them when left out. */
  limit?: number;
}

/** Past two typos a word is another name, whatever its length. */
const MAX_TYPOS = 2;

interface Entry<T> {
  patient: T;
  full: string;
  reversed: string;
  /** Each name and each word of it: what a single word or the start of a name is matched against. */
  names: string[];
  email: string;
  phone: string;
  dob: string;
  /** Folded last name, then first: the order of equally good matches, as the list shows names. */
  order: string;
}

function nameWords(name: string): string[] {
  return name.split(/[\s-]+/).filter(Boolean);
}

/** Each name, then each of its words when it has several: "mary ann" gives "mary ann", "mary", "ann". */
function namesOf(first: string, last: string): string[] {
  const names = first ? [first] : [];
  if (last && last !== first) names.push(last);
  for (const whole of names.slice()) {
    if (!/[\s-]/.test(whole)) continue;
    for (const word of nameWords(whole)) if (!names.includes(word)) names.push(word);
  }
  return names;
}

function toEntry<T extends SearchablePatient>(patient: T): Entry<T> {
  const first = fold(readable(patient.firstName));
  const last = fold(readable(patient.lastName));
  return {
    patient,
    full: `${first} ${last}`.trim(),
    reversed: `${last} ${first}`.trim(),
    names: namesOf(first, last),
    email: fold(readable(patient.email)),
    phone: normalizePhone(readable(patient.phone)),
    dob: readable(patient.dateOfBirth).slice(0, 10),
    order: `${last}\u0000${first}`,
  };
}

function sameSearchFields(a: SearchablePatient, b: SearchablePatient): boolean {
  return (
    a.firstName === b.firstName &&
    a.lastName === b.lastName &&
    a.phone === b.phone &&
    a.email === b.email &&
    a.dateOfBirth === b.dateOfBirth
  );
}

interface Found {
  slot: number;
  kind: PatientMatchKind;
  relevance: number;
}

/**
 * Patient search shared by the header quick search and the patients page: an index over one list,
 * kept up to date write by write (sync, upsert, remove), queried per keystroke. Exact matches rank
 * first, then prefix matches, then typo-tolerant ones (one swapped pair of letters is one typo).
 *
 * Names, emails, phones and birth dates sit in token tables (sorted distinct tokens with their
 * records), so exact and prefix lookups are binary searches; typos are found by walking the distinct
 * names, not the records, so a keystroke costs about the same at 10,000 patients as at 50,000.
 */
export class PatientSearch<T extends SearchablePatient> {
  private readonly slots: (Entry<T> | undefined)[] = [];
  private readonly free: number[] = [];
  private readonly byId = new Map<string, number>();
  private readonly names = new TokenTable();
  private readonly emails = new TokenTable();
  private readonly phones = new TokenTable();
  private readonly births = new TokenTable();
  private readonly tables = [this.names, this.emails, this.phones, this.births];

  constructor(patients: readonly T[] = []) {
    for (const table of this.tables) table.startLoad();
    for (const patient of patients) this.upsert(patient);
  }

  get size(): number {
    return this.byId.size;
  }

  /** Adds the patient, or re-indexes them when a searched field changed. */
  upsert(patient: T): void {
    const known = this.byId.get(patient.id);
    if (known !== undefined) {
      const entry = this.slots[known] as Entry<T>;
      if (sameSearchFields(entry.patient, patient)) {
        // Nothing searched changed; the newer record is still the one shown.
        entry.patient = patient;
        return;
      }
      this.unindex(known, entry);
      this.index(known, toEntry(patient));
      return;
    }
    const slot = this.free.pop() ?? this.slots.length;
    this.byId.set(patient.id, slot);
    this.index(slot, toEntry(patient));
  }

  remove(id: string): void {
    const slot = this.byId.get(id);
    if (slot === undefined) return;
    this.unindex(slot, this.slots[slot] as Entry<T>);
    this.slots[slot] = undefined;
    this.byId.delete(id);
    this.free.push(slot);
  }

  /** Brings the index to this list: new patients added, changed ones re-indexed, missing ones removed. */
  sync(patients: readonly T[]): void {
    const present = new Set<string>();
    for (const patient of patients) {
      present.add(patient.id);
      this.upsert(patient);
    }
    for (const id of [...this.byId.keys()]) if (!present.has(id)) this.remove(id);
  }

  private index(slot: number, entry: Entry<T>): void {
    this.slots[slot] = entry;
    for (const name of entry.names) this.names.add(name, slot);
    this.emails.add(entry.email, slot);
    this.phones.add(entry.phone, slot);
    this.births.add(entry.dob, slot);
  }

  private unindex(slot: number, entry: Entry<T>): void {
    for (const name of entry.names) this.names.remove(name, slot);
    this.emails.remove(entry.email, slot);
    this.phones.remove(entry.phone, slot);
    this.births.remove(entry.dob, slot);
  }

  search(query: string, options: PatientSearchOptions = {}): PatientMatch<T>[] {
    const threshold = options.threshold ?? PATIENTS.fuzzyThreshold;
    const parsed = parseQuery(query);
    if (!parsed.text) return [];
    const found = new Map<number, Found>();
    // Keeps the best reading of each record: a typo-tolerant relevance (at most 1) never displaces a boosted one.
    const offer = (slot: number, kind: PatientMatchKind, relevance: number) => {
      const current = found.get(slot);
      if (!current || current.relevance < relevance) found.set(slot, { slot, kind, relevance });
    };
    this.exactAndPrefix(parsed, offer);
    if (parsed.hasLetters) this.typos(parsed, threshold, offer);

    const ranked = [...found.values()].sort((a, b) => {
      if (b.relevance !== a.relevance) return b.relevance - a.relevance;
      const x = (this.slots[a.slot] as Entry<T>).order;
      const y = (this.slots[b.slot] as Entry<T>).order;
      return x < y ? -1 : x > y ? 1 : 0;
    });
    const kept = options.limit === undefined ? ranked : ranked.slice(0, options.limit);
    return kept.map(({ slot, kind, relevance }) => ({
      patient: (this.slots[slot] as Entry<T>).patient,
      kind,
      relevance,
    }));
  }

  private exactAndPrefix(query: ParsedQuery, offer: (slot: number, kind: PatientMatchKind, relevance: number) => void) {
    const exact = (slot: number) => offer(slot, 'exact', PATIENTS.boostExact);
    const prefix = (slot: number) => offer(slot, 'prefix', PATIENTS.boostStart);
    const { text, terms } = query;

    if (terms.length > 1) {
      // "john smith", "smith john", "mary ann": every string that starts with the text has its first word whole.
      this.names.each(terms[0] as string, (slot) => {
        const entry = this.slots[slot] as Entry<T>;
        if (entry.full === text || entry.reversed === text || entry.names.includes(text)) exact(slot);
        else if (
          entry.full.startsWith(text) ||
          entry.reversed.startsWith(text) ||
          entry.names.some((name) => name.startsWith(text))
        ) {
          prefix(slot);
        }
      });
    } else {
      this.names.each(text, exact);
      this.names.withPrefix(text, prefix);
    }

    this.emails.each(text, exact);
    this.emails.withPrefix(text, prefix);

    if (query.phone) {
      this.phones.each(query.phone, exact);
      this.phones.withPrefix(query.phone, prefix);
      // The last four digits are how people often give a number; shorter runs match too much.
      if (query.phone.length >= 4) {
        const contains = (slot: number) => offer(slot, 'fuzzy', 1);
        for (const phone of this.phones.tokens()) {
          if (!phone.startsWith(query.phone) && phone.includes(query.phone)) this.phones.each(phone, contains);
        }
      }
    }

    for (const date of query.dates.exact) this.births.each(date, exact);
    if (query.dates.prefix) this.births.withPrefix(query.dates.prefix, prefix);
  }

  /**
   * Every word typed must start some name of the record, within its typo allowance; the record's
   * cost is the typos over the letters typed. Words may come in any order. Among equal costs a word
   * that is a whole name ranks ahead of one that is only the start of a longer name.
   */
  private typos(
    query: ParsedQuery,
    threshold: number,
    offer: (slot: number, kind: PatientMatchKind, relevance: number) => void,
  ) {
    const { terms } = query;
    const single = terms.length === 1;
    // Per record: the summed cost of its words (see prefixTypos).
    let candidates: Map<number, number> | null = null;
    for (const term of terms) {
      const allowance = Math.min(MAX_TYPOS, Math.floor(threshold * term.length + 1e-9));
      // One short word allows no typo, and its prefix matches are already found.
      if (single && allowance === 0) return;
      const cheapest = new Map<number, number>();
      for (const token of this.names.tokens()) {
        const cost = prefixTypos(term, token, allowance);
        // A single word with no typo is a prefix match, already found.
        if (cost === NO_MATCH || (single && typosOf(cost) === 0)) continue;
        const previous = candidates;
        this.names.each(token, (slot) => {
          if (previous && !previous.has(slot)) return;
          const known = cheapest.get(slot);
          if (known === undefined || cost < known) cheapest.set(slot, cost);
        });
      }
      if (candidates) for (const [slot, cost] of cheapest) cheapest.set(slot, cost + (candidates.get(slot) ?? 0));
      candidates = cheapest;
      if (candidates.size === 0) return;
    }
    const letters = terms.reduce((sum, term) => sum + term.length, 0);
    for (const [slot, cost] of candidates ?? []) {
      const typos = typosOf(cost);
      const partWords = partWordsOf(cost);
      if (typos / letters > threshold) continue;
      // The part-word penalty only orders equal typo counts: it is far smaller than one typo's cost.
      offer(slot, 'fuzzy', 1 - typos / letters - partWords / 1000);
    }
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
