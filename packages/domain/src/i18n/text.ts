/**
 * A text the domain shows people: a stable id and its English message, with `{name}` placeholders.
 * Written as `/*i18n*\/ { id, message }` so Lingui's extractor puts it in the web app's catalogue; the
 * server says `message` filled in, and the web app shows the catalogue's translation of the same id.
 */
export interface Text {
  readonly id: string;
  readonly message: string;
}

export type TextValues = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** The English words of a text, its placeholders filled. */
export function fill(text: Text, values: TextValues = {}): string {
  return text.message.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export interface MatchedText {
  text: Text;
  values: Record<string, string>;
}

interface Pattern {
  text: Text;
  names: string[];
  regex: RegExp;
}

/**
 * Finds which text an English sentence was filled from, and with which values, so a message that came
 * from the server or was stored in English (a refused write) can be shown in the reader's language.
 */
export class TextMatcher {
  private readonly exact = new Map<string, Text>();
  private readonly patterns: Pattern[] = [];

  constructor(texts: Iterable<Text>) {
    for (const text of texts) {
      const names = [...text.message.matchAll(PLACEHOLDER)].map((match) => match[1] as string);
      if (names.length === 0) {
        this.exact.set(text.message, text);
        continue;
      }
      const source = text.message
        .split(PLACEHOLDER)
        .map((part, index) => (index % 2 === 1 ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      this.patterns.push({ text, names, regex: new RegExp(`^${source}$`, 's') });
    }
    // The most literal pattern first, so 'Room {room} is closed' wins over '{what} is closed'.
    this.patterns.sort((a, b) => literalLength(b) - literalLength(a));
  }

  match(english: string): MatchedText | undefined {
    const text = this.exact.get(english);
    if (text) return { text, values: {} };
    for (const pattern of this.patterns) {
      const found = pattern.regex.exec(english);
      if (!found) continue;
      const values: Record<string, string> = {};
      pattern.names.forEach((name, index) => {
        values[name] = found[index + 1] ?? '';
      });
      return { text: pattern.text, values };
    }
    return undefined;
  }

  /**
   * An English sentence in another language through `say`; a value that is itself a domain text
   * (a reason's label, a spoken duration) is translated in turn. Any other value (a name, a time)
   * is kept as written. As written when the sentence is none of the texts.
   */
  translate(english: string, say: (text: Text, values: TextValues) => string): string {
    const found = this.match(english);
    if (!found) return english;
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(found.values)) {
      values[name] = NESTED_PLACEHOLDERS.has(name) ? this.translate(value, say) : value;
    }
    return say(found.text, values);
  }
}

/** Placeholders whose values are domain words themselves, so `translate` translates them too. */
const NESTED_PLACEHOLDERS: ReadonlySet<string> = new Set(['reason', 'duration']);

function literalLength(pattern: Pattern): number {
  return pattern.text.message.replace(PLACEHOLDER, '').length;
}

/** The English of each text in a group, under the same keys: the strings older callers read. */
export function englishOf<T extends Readonly<Record<string, Text>>>(texts: T): { readonly [K in keyof T]: string } {
  return Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, text.message])) as {
    readonly [K in keyof T]: string;
  };
}
