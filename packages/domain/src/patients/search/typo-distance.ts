/**
 * Typos between what was typed and the start of a stored name: the optimal-string-alignment distance
 * (insertions, deletions, substitutions, and one swap of neighbours counted as one typo) between the
 * query and the closest prefix of the token, given up as soon as it must exceed `max`.
 * Returns a cost: TYPO per typo, plus PART_WORD when only part of the name was matched ("jhon" is
 * one typo from "john" and from "johnson", but "john" is the whole name), or NO_MATCH. Costs of several
 * words add up. Buffers are reused: this runs for every distinct name per keystroke.
 */
export const NO_MATCH = Number.POSITIVE_INFINITY;
const PART_WORD = 1;
/** Larger than the part-word flags of any query's words, so the two never mix when costs are added. */
const TYPO = 128;
const WIDTH = 64;
let previous2 = new Uint8Array(WIDTH);
let previous = new Uint8Array(WIDTH);
let current = new Uint8Array(WIDTH);

export function prefixTypos(query: string, token: string, max: number): number {
  const m = query.length;
  // Only the token's first m + max letters can be part of the closest prefix.
  const n = Math.min(token.length, m + max);
  if (n < m - max) return NO_MATCH;
  if (n + 1 > previous.length) {
    previous2 = new Uint8Array(n + 1);
    previous = new Uint8Array(n + 1);
    current = new Uint8Array(n + 1);
  }
  // Row 0: the empty query against every prefix of the token.
  for (let j = 0; j <= n; j++) previous[j] = j;
  for (let i = 1; i <= m; i++) {
    current[0] = i;
    let rowMin = i;
    const q = query.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const t = token.charCodeAt(j - 1);
      let best = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + (q === t ? 0 : 1),
      );
      if (i > 1 && j > 1 && q === token.charCodeAt(j - 2) && query.charCodeAt(i - 2) === t) {
        best = Math.min(best, (previous2[j - 2] as number) + 1);
      }
      current[j] = best;
      if (best < rowMin) rowMin = best;
    }
    if (rowMin > max) return NO_MATCH;
    const spare = previous2;
    previous2 = previous;
    previous = current;
    current = spare;
  }
  // The whole query against the best prefix of the token.
  let best = max + 1;
  for (let j = Math.max(0, m - max); j <= n; j++) best = Math.min(best, previous[j] as number);
  if (best > max) return NO_MATCH;
  const whole = n === token.length && previous[n] === best;
  return best * TYPO + (whole ? 0 : PART_WORD);
}

export function typosOf(cost: number): number {
  return Math.floor(cost / TYPO);
}

export function partWordsOf(cost: number): number {
  return cost % TYPO;
}
