/**
 * The reference ranking the bench checks the index against: the spec's order, computed the slow and
 * obvious way over every record. Exact (boost 2) ahead of prefix (boost 1.5) ahead of a phone's last
 * digits, then typo-tolerant matches by edit distance (optimal string alignment against every prefix of
 * every name word, in full matrices), then name. Reading the query is shared with the index; matching is not.
 */
import { PATIENTS } from '../src/constants.ts';
import { normalizePhone } from '../src/patients/phone.ts';
import { fold, parseQuery, readable } from '../src/patients/search/query.ts';
import type { SearchablePatient } from '../src/patients/search.ts';

/**
 * The full optimal-string-alignment matrix of the term against the word: its last row holds the typos
 * from the term to every start of the word, the last cell to the whole word.
 */
function lastRow(a: string, b: string): number[] {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const above = d[i - 1] as number[];
      row[j] = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return d[a.length] as number[];
}

/** Typos from the term to the closest start of the word, and whether that start is the whole word. */
function closest(term: string, word: string): { typos: number; whole: boolean } {
  const row = lastRow(term, word);
  const typos = Math.min(...row);
  return { typos, whole: row[word.length] === typos };
}

export function referenceRanking(people: readonly SearchablePatient[], query: string, threshold: number): string[] {
  const q = parseQuery(query);
  if (!q.text) return [];
  const scored: { id: string; relevance: number; order: string }[] = [];
  for (const person of people) {
    const first = fold(readable(person.firstName));
    const last = fold(readable(person.lastName));
    const full = `${first} ${last}`.trim();
    const reversed = `${last} ${first}`.trim();
    const words = [...new Set([first, last, ...first.split(/[\s-]+/), ...last.split(/[\s-]+/)].filter(Boolean))];
    const email = fold(readable(person.email));
    const phone = normalizePhone(readable(person.phone));
    const dob = readable(person.dateOfBirth).slice(0, 10);
    let relevance = 0;
    if (
      full === q.text ||
      reversed === q.text ||
      words.includes(q.text) ||
      (email !== '' && email === q.text) ||
      (q.phone !== '' && phone === q.phone) ||
      (dob !== '' && q.dates.exact.includes(dob))
    ) {
      relevance = PATIENTS.boostExact;
    } else if (
      full.startsWith(q.text) ||
      reversed.startsWith(q.text) ||
      words.some((word) => word.startsWith(q.text)) ||
      (email !== '' && email.startsWith(q.text)) ||
      (q.phone !== '' && phone.startsWith(q.phone)) ||
      (q.dates.prefix !== null && dob.startsWith(q.dates.prefix))
    ) {
      relevance = PATIENTS.boostStart;
    } else if (q.phone.length >= 4 && phone.includes(q.phone)) {
      relevance = 1;
    } else if (q.hasLetters) {
      let typos = 0;
      let partWords = 0;
      let allFound = true;
      for (const term of q.terms) {
        const allowed = Math.min(2, Math.floor(threshold * term.length + 1e-9));
        const best = words
          .map((word) => closest(term, word))
          .filter((match) => match.typos <= allowed)
          .sort((a, b) => a.typos - b.typos || Number(b.whole) - Number(a.whole))[0];
        if (!best) {
          allFound = false;
          break;
        }
        typos += best.typos;
        partWords += best.whole ? 0 : 1;
      }
      const letters = q.terms.reduce((sum, term) => sum + term.length, 0);
      const single = q.terms.length === 1;
      if (allFound && typos / letters <= threshold && !(single && typos === 0)) {
        relevance = 1 - typos / letters - partWords / 1000;
      }
    }
    if (relevance > 0) scored.push({ id: person.id, relevance, order: `${last}\u0000${first}` });
  }
  return scored
    .sort((a, b) => b.relevance - a.relevance || (a.order < b.order ? -1 : a.order > b.order ? 1 : 0))
    .map((entry) => entry.id);
}
