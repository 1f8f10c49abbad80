import { fold } from '../patients/search/query.ts';
import type { AssistantPracticeRef, AssistantProvider, AssistantRoom } from './contract.ts';
import { editDistance } from './distance.ts';
import type { Token } from './normalise.ts';
import { COMMAND_WORDS } from './words.ts';

/** How a provider is named in previews: 'Dr. Anika Patel', 'Sarah Nguyen'. */
export function providerName(provider: AssistantProvider): string {
  const name = `${provider.firstName} ${provider.lastName}`.trim();
  return provider.role === 'doctor' ? `Dr. ${name}` : name;
}

function near(typed: string, name: string): boolean {
  if (typed === name) return true;
  if (typed.length < 4 || name.length < 4) return false;
  return editDistance(typed, name, 1) <= 1;
}

export interface ProviderHit {
  provider: AssistantProvider;
  /** The provider's words were preceded by 'dr', 'with' or were a full name: not a patient's name. */
  cued: boolean;
}

/** Words that say the next name is a provider's. */
const PROVIDER_CUES: ReadonlySet<string> = new Set(['dr', 'with', 'provider', 'avec']);

/**
 * The provider named in the command: 'Dr. Patel', 'dr patel', 'with Sarah', 'w/ Patel', 'Anika Patel',
 * 'the hygienist' (when the practice has exactly one). A name that is also a patient's (Côté) is a
 * provider only after a cue; `patientNames` are the folded name words of the practice's patients.
 */
export function extractProvider(
  tokens: Token[],
  providers: readonly AssistantProvider[],
  patientNames: ReadonlySet<string>,
): ProviderHit | undefined {
  const bookable = providers.filter((provider) => provider.role === 'doctor' || provider.role === 'hygienist');
  const pool = bookable.length > 0 ? bookable : providers;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.used) continue;
    if (token.word === 'hygienist' || token.word === 'hygienists') {
      const hygienists = pool.filter((provider) => provider.role === 'hygienist');
      if (hygienists.length !== 1) continue;
      token.used = true;
      markCue(tokens, i);
      return { provider: hygienists[0] as AssistantProvider, cued: true };
    }
    const cue = tokens[i - 1]?.word ?? '';
    const cued = PROVIDER_CUES.has(cue) || (cue === 'the' && tokens[i - 2]?.word === 'with');
    const word = token.word;
    const next = tokens[i + 1]?.word ?? '';
    // First and last name together.
    const full = pool.find((p) => near(word, fold(p.firstName)) && near(next, fold(p.lastName)));
    if (full) {
      token.used = true;
      (tokens[i + 1] as Token).used = true;
      markCue(tokens, i);
      return { provider: full, cued: true };
    }
    const matches = pool.filter((p) => near(word, fold(p.lastName)) || near(word, fold(p.firstName)));
    if (matches.length === 0) continue;
    const doctorCue = cue === 'dr';
    const chosen =
      matches.find((p) => word === fold(p.lastName) && (!doctorCue || p.role === 'doctor')) ??
      matches.find((p) => word === fold(p.firstName)) ??
      matches[0];
    if (!chosen) continue;
    // Without a cue: a name no patient has, and a first name only when no surname follows ('Marc Leduc' is someone new).
    if (!cued && (patientNames.has(word) || (word !== fold(chosen.lastName) && word !== fold(chosen.firstName)))) {
      continue;
    }
    if (!cued && word !== fold(chosen.lastName) && isNameLike(tokens[i + 1])) continue;
    token.used = true;
    markCue(tokens, i);
    return { provider: chosen, cued };
  }
  return undefined;
}

function isNameLike(token: Token | undefined): boolean {
  return token !== undefined && !token.used && /^\p{L}{2,}$/u.test(token.word) && !COMMAND_WORDS.has(token.word);
}

function markCue(tokens: Token[], i: number): void {
  for (let k = i - 1; k >= 0 && k >= i - 3; k--) {
    const word = tokens[k]?.word ?? '';
    if (['dr', 'with', 'the', 'provider', 'avec', 'for'].includes(word) && !tokens[k]?.used) {
      (tokens[k] as Token).used = true;
      if (word === 'for') break;
    } else {
      break;
    }
  }
}

const ROOM_WORDS: ReadonlySet<string> = new Set(['room', 'operatory', 'chair', 'bay', 'suite']);

/** 'room 3', 'op 3', 'operatory 3' → the room whose code ends in 3. */
export function extractRoom(tokens: Token[], rooms: readonly AssistantRoom[]): AssistantRoom | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    const glued = /^(?:r|op|room)(\d{1,2})$/.exec(token.word);
    const number = glued ? glued[1] : ROOM_WORDS.has(token.word) ? tokens[i + 1]?.word : undefined;
    if (!number || !/^\d{1,2}$/.test(number)) continue;
    const room = rooms.find((candidate) => new RegExp(`(^|\\D)0*${Number(number)}$`).test(candidate.name));
    if (!room) continue;
    token.used = true;
    if (!glued) (tokens[i + 1] as Token).used = true;
    if (tokens[i - 1]?.word === 'in' || tokens[i - 1]?.word === 'the') (tokens[i - 1] as Token).used = true;
    return room;
  }
  for (const room of rooms) {
    const words = fold(room.name).split(' ');
    for (let i = 0; i + words.length <= tokens.length; i++) {
      if (words.every((word, k) => tokens[i + k]?.word === word)) {
        for (let k = 0; k < words.length; k++) (tokens[i + k] as Token).used = true;
        return room;
      }
    }
  }
  return undefined;
}

/**
 * Front-desk names for the usual procedures, each with the spellings a practice's list may use. The
 * first spelling the practice has wins; a practice's own names are matched as typed too.
 */
const PROCEDURE_CONCEPTS: readonly { said: readonly string[]; names: readonly string[] }[] = [
  {
    said: ['new patient consultation', 'new patient consult', 'new patient exam'],
    names: ['new patient consultation', 'new patient exam', 'consultation'],
  },
  {
    said: ['recall cleaning', 'cleaning', 'clean', 'cleanings', 'hygiene', 'prophylaxis', 'teeth cleaning'],
    names: ['cleaning', 'hygiene', 'prophylaxis', 'recall cleaning'],
  },
  {
    said: ['deep cleaning', 'scaling', 'root planing', 'srp'],
    names: ['scaling', 'deep cleaning', 'scaling and root planing'],
  },
  {
    said: ['filling', 'fillings', 'resto', 'restoration', 'cavity', 'composite'],
    names: ['filling', 'restoration', 'composite'],
  },
  { said: ['rootcanal', 'root canal'], names: ['root canal', 'endodontics', 'rct'] },
  {
    said: ['checkup', 'exam', 'examination', 'recall exam'],
    names: ['check-up', 'checkup', 'exam', 'examination', 'recall exam'],
  },
  { said: ['consult', 'consultation', 'consults'], names: ['consultation', 'consult'] },
  {
    said: ['xray', 'radiograph', 'radiographs', 'bitewings', 'bitewing', 'pano', 'panoramic'],
    names: ['x-ray', 'x-rays', 'xray', 'radiographs'],
  },
  {
    said: ['extraction', 'extract', 'extractions', 'pull a tooth', 'pull tooth', 'tooth pulled', 'pulled'],
    names: ['extraction', 'tooth extraction'],
  },
  { said: ['crown', 'crowns', 'cap'], names: ['crown'] },
  {
    said: ['emergency', 'toothache', 'tooth ache', 'broken tooth', 'pain', 'urgent visit'],
    names: ['emergency', 'emergency exam'],
  },
  { said: ['fluoride', 'fluoride treatment', 'varnish'], names: ['fluoride', 'fluoride treatment'] },
  { said: ['whitening', 'bleaching'], names: ['whitening', 'teeth whitening'] },
];

const plain = (name: string) => fold(name).replace(/[^a-z0-9]/g, '');

export class ProcedureIndex {
  private readonly matchers: { words: string[]; procedure: string }[] = [];

  constructor(procedures: readonly string[]) {
    const byPlain = new Map(procedures.map((name) => [plain(name), name]));
    for (const name of procedures) this.matchers.push({ words: fold(name).split(/[\s-]+/), procedure: name });
    for (const concept of PROCEDURE_CONCEPTS) {
      const procedure = concept.names.map((name) => byPlain.get(plain(name))).find((name) => name !== undefined);
      if (!procedure) continue;
      for (const said of concept.said) this.matchers.push({ words: said.split(' '), procedure });
    }
    // Longest phrase first: 'new patient consultation' before 'consultation'.
    this.matchers.sort((a, b) => b.words.length - a.words.length);
  }

  extract(tokens: Token[]): string | undefined {
    for (const { words, procedure } of this.matchers) {
      for (let i = 0; i + words.length <= tokens.length; i++) {
        if (!words.every((word, k) => tokens[i + k]?.word === word && !tokens[i + k]?.used)) continue;
        for (let k = 0; k < words.length; k++) (tokens[i + k] as Token).used = true;
        const lead = tokens[i - 1];
        if (lead && !lead.used && (lead.word === 'for' || lead.word === 'a' || lead.word === 'an')) lead.used = true;
        return procedure;
      }
    }
    return undefined;
  }
}

/** Words in practice names that tell nothing apart. */
const GENERIC_PRACTICE_WORDS: ReadonlySet<string> = new Set([
  'dental',
  'dentistry',
  'clinic',
  'clinique',
  'dentaire',
  'family',
  'the',
  'de',
  'du',
  'la',
  'le',
  'office',
  'centre',
  'center',
  'practice',
]);

/** The practice named by a distinctive word of its name or its city, typos allowed. */
export function extractPractice(
  tokens: Token[],
  practices: readonly AssistantPracticeRef[],
): AssistantPracticeRef | undefined {
  let best: { practice: AssistantPracticeRef; score: number } | undefined;
  for (const practice of practices) {
    const words = [
      ...fold(practice.name).split(/[\s-]+/),
      ...(practice.city ? fold(practice.city).split(/[\s-]+/) : []),
    ].filter((word) => word.length > 2 && !GENERIC_PRACTICE_WORDS.has(word));
    let score = 0;
    for (const token of tokens) {
      if (token.used) continue;
      if (words.some((word) => near(token.word, word))) score += token.word.length;
    }
    if (score > 0 && (!best || score > best.score)) best = { practice, score };
  }
  if (!best) return undefined;
  const words = fold(`${best.practice.name} ${best.practice.city ?? ''}`).split(/[\s-]+/);
  for (const token of tokens) {
    if (words.some((word) => near(token.word, word))) token.used = true;
  }
  return best.practice;
}
