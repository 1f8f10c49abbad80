/**
 * Postings by token: which records carry each token, with the distinct tokens kept sorted so a
 * prefix is one binary search and a walk. Updated in place on every write, so an index over a list
 * is never rebuilt for one change. Most tokens (a phone, an email) belong to one record, so a posting
 * is a bare slot number until a second record shares it: 50,000 one-element sets would cost more to
 * build and to collect than the search itself.
 */
type Posting = number | number[];

export class TokenTable {
  private readonly postings = new Map<string, Posting>();
  private sorted: string[] = [];
  /** While loading a whole list, new tokens are only collected and sorted once, when first needed. */
  private unsorted = false;

  /** Starts a bulk load: tokens added until the next lookup are sorted once, not one insertion at a time. */
  startLoad(): void {
    this.unsorted = true;
  }

  add(token: string, slot: number): void {
    if (!token) return;
    const posting = this.postings.get(token);
    if (posting === undefined) {
      this.postings.set(token, slot);
      if (!this.unsorted) this.sorted.splice(lowerBound(this.sorted, token), 0, token);
    } else if (typeof posting === 'number') {
      if (posting !== slot) this.postings.set(token, [posting, slot]);
    } else {
      // A record adds each of its tokens once (the index removes its old tokens first), so no check for twice.
      posting.push(slot);
    }
  }

  remove(token: string, slot: number): void {
    const posting = this.postings.get(token);
    if (posting === undefined) return;
    if (typeof posting === 'number') {
      if (posting !== slot) return;
      this.postings.delete(token);
      if (!this.unsorted) {
        const at = lowerBound(this.sorted, token);
        if (this.sorted[at] === token) this.sorted.splice(at, 1);
      }
      return;
    }
    const at = posting.indexOf(slot);
    if (at === -1) return;
    posting.splice(at, 1);
    if (posting.length === 1) this.postings.set(token, posting[0] as number);
  }

  /** Calls visit for every record carrying exactly this token. */
  each(token: string, visit: (slot: number) => void): void {
    const posting = this.postings.get(token);
    if (posting === undefined) return;
    if (typeof posting === 'number') visit(posting);
    else for (const slot of posting) visit(slot);
  }

  /** Every slot of every token that starts with the prefix. */
  withPrefix(prefix: string, visit: (slot: number) => void): void {
    const sorted = this.tokens();
    for (let at = lowerBound(sorted, prefix); at < sorted.length; at++) {
      const token = sorted[at] as string;
      if (!token.startsWith(prefix)) return;
      this.each(token, visit);
    }
  }

  /** The distinct tokens, sorted: the typo scan walks these, not the records. */
  tokens(): readonly string[] {
    if (this.unsorted) {
      this.sorted = [...this.postings.keys()].sort();
      this.unsorted = false;
    }
    return this.sorted;
  }
}

function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
