import { fold } from '../patients/search/query.ts';
import { type PatientMatch, PatientSearch, type SearchablePatient } from '../patients/search.ts';
import type { AssistantPatient, PatientCandidate } from './contract.ts';
import type { Token } from './normalise.ts';
import { COMMAND_WORDS } from './words.ts';

/** Common English nicknames and the given names they stand for. */
const NICKNAMES: Readonly<Record<string, readonly string[]>> = {
  bob: ['robert'],
  bobby: ['robert'],
  rob: ['robert'],
  robbie: ['robert'],
  bert: ['robert', 'albert', 'herbert'],
  kathy: ['katherine', 'kathleen', 'catherine'],
  kate: ['katherine', 'kathleen', 'catherine'],
  katie: ['katherine', 'kathleen', 'catherine'],
  cathy: ['catherine', 'katherine'],
  bill: ['william'],
  billy: ['william'],
  will: ['william'],
  willy: ['william'],
  jim: ['james'],
  jimmy: ['james'],
  jamie: ['james'],
  liz: ['elizabeth'],
  lizzie: ['elizabeth'],
  beth: ['elizabeth'],
  betty: ['elizabeth'],
  eliza: ['elizabeth'],
  mike: ['michael'],
  mikey: ['michael'],
  dave: ['david'],
  tom: ['thomas'],
  tommy: ['thomas'],
  dick: ['richard'],
  rick: ['richard', 'eric', 'frederick'],
  rich: ['richard'],
  sue: ['susan', 'suzanne'],
  suzy: ['susan', 'suzanne'],
  jen: ['jennifer'],
  jenny: ['jennifer'],
  chris: ['christopher', 'christine', 'christina'],
  matt: ['matthew'],
  dan: ['daniel'],
  danny: ['daniel'],
  joe: ['joseph'],
  tony: ['anthony'],
  steve: ['steven', 'stephen'],
  pat: ['patrick', 'patricia'],
  patty: ['patricia'],
  peggy: ['margaret'],
  maggie: ['margaret'],
  meg: ['margaret'],
  jeff: ['jeffrey'],
  sam: ['samuel', 'samantha'],
  alex: ['alexander', 'alexandra', 'alexandre'],
  nick: ['nicholas', 'nicolas'],
  andy: ['andrew'],
  drew: ['andrew'],
  ed: ['edward'],
  eddie: ['edward'],
  ted: ['edward', 'theodore'],
  frank: ['francis', 'franklin'],
  jack: ['john'],
  johnny: ['john'],
  charlie: ['charles'],
  chuck: ['charles'],
  ben: ['benjamin'],
  greg: ['gregory'],
  ron: ['ronald'],
  don: ['donald'],
  larry: ['lawrence'],
  jerry: ['gerald'],
  debbie: ['deborah'],
  deb: ['deborah'],
  cindy: ['cynthia'],
  vicky: ['victoria'],
  abby: ['abigail'],
  becky: ['rebecca'],
  mandy: ['amanda'],
  manny: ['emmanuel'],
  gabby: ['gabrielle', 'gabriel'],
  nate: ['nathan', 'nathaniel'],
  zach: ['zachary'],
  josh: ['joshua'],
  ken: ['kenneth'],
  kenny: ['kenneth'],
  fred: ['frederick'],
  hank: ['henry'],
  harry: ['henry', 'harold'],
  al: ['albert', 'alan', 'alfred'],
  sandy: ['sandra'],
  terry: ['terrence', 'teresa'],
  val: ['valerie'],
  jess: ['jessica'],
  max: ['maxime', 'maximilian'],
  jf: ['jean-francois'],
};

export interface PatientReading {
  /** As typed. */
  typed: string;
  patientId?: string;
  candidates?: PatientCandidate[];
  /** How well the words name them: a typo-tolerant match alone is weak evidence of a patient. */
  quality: 'exact' | 'prefix' | 'fuzzy';
  /** "'Bob' read as Robert Lavoie". */
  nickname?: { typed: string; readAs: string };
}

/** Words never taken for a name even when nothing else reads them. */
const NOT_NAMES: ReadonlySet<string> = new Set(
  (
    'a an the for with to of on in at and or me my our his her their this that is are be was please can could would you ' +
    'i we it up new book schedule appointment appointments patient patients set get put make add give need needs want ' +
    'visit slot time some any all from by mr mrs ms miss madame monsieur mme m pour avec de du le la les un une et ' +
    'file record profile info details next last first who what when where how do does did have has her him them ' +
    'into out about again also just now asap soon urgent today tomorrow see there here'
  ).split(' '),
);

const MAX_CANDIDATES = 10;

export function fullName(patient: AssistantPatient): string {
  return `${patient.firstName} ${patient.lastName}`.trim();
}

function candidate(patient: AssistantPatient): PatientCandidate {
  return { id: patient.id, name: fullName(patient), dateOfBirth: patient.dateOfBirth };
}

type Searchable = AssistantPatient & SearchablePatient;

/**
 * Names the patient of a command from the words nothing else read, through the patients page's
 * typo-tolerant search (accents folded, words in any order), preferred names and a nickname table.
 */
export class PatientResolver {
  /** The patients page's index, also used for the suggestions' name completion. */
  readonly search: PatientSearch<Searchable>;
  private readonly preferred = new Map<string, AssistantPatient[]>();
  /** Folded name words of every patient: never corrected into a keyword, never a provider without a cue. */
  readonly names = new Set<string>();

  /** Folded name word → the patients whose name has it: the exact path, a map lookup per word. */
  private readonly byWord = new Map<string, AssistantPatient[]>();

  constructor(patients: readonly AssistantPatient[]) {
    this.search = new PatientSearch(patients.map((patient) => ({ ...patient, email: patient.email ?? null })));
    for (const patient of patients) {
      for (const word of nameWordsOf(`${patient.firstName} ${patient.lastName}`)) {
        this.names.add(word);
        const list = this.byWord.get(word);
        if (!list) this.byWord.set(word, [patient]);
        else if (list[list.length - 1] !== patient) list.push(patient);
      }
      if (!patient.preferredName) continue;
      const key = fold(patient.preferredName);
      this.names.add(key);
      const list = this.preferred.get(key) ?? [];
      list.push(patient);
      this.preferred.set(key, list);
    }
  }

  /**
   * The patient named by the words still unread, marked used; undefined when they name nobody.
   * Whole words are looked up first (most names are typed right); the typo-tolerant search runs only
   * for words nobody is called, at most a few times per command.
   */
  resolve(tokens: Token[]): PatientReading | undefined {
    let best: { reading: PatientReading; score: number; run: number[] } | undefined;
    const offer = (reading: PatientReading, score: number, run: number[]) => {
      if (!best || score > best.score) best = { reading, score, run };
    };
    let searches = 0;
    for (const run of nameRuns(tokens)) {
      const words = run.map((i) => (tokens[i] as Token).word);
      const sets = words.map((word) => this.exactly(word));
      for (let size = Math.min(run.length, 4); size >= 1; size--) {
        let named = false;
        for (let start = 0; start + size <= run.length; start++) {
          const window = sets.slice(start, start + size);
          if (window.some((set) => set === undefined)) continue;
          const found = intersect(window.map((set) => (set as WordMatch).patients));
          if (found.length === 0) continue;
          named = true;
          const indices = run.slice(start, start + size);
          const typed = indices.map((i) => (tokens[i] as Token).raw).join(' ');
          const via = window.find((set) => set?.via)?.via;
          const reading = this.reading(typed, found, 'exact');
          offer(
            via ? { ...reading, nickname: nicknameNote(typed, found) } : reading,
            size * 10 + (via ? 2.5 : 3),
            indices,
          );
        }
        if (named) break;
      }
      if (!sets.some((set) => set === undefined) || searches >= 3) continue;
      // Some word names nobody as typed: a typo ('gagon', 'schroder'), or not a name at all.
      const tries = [run.slice(0, 4), ...run.filter((_, k) => sets[k] === undefined).map((i) => [i])];
      for (const indices of tries) {
        if (searches >= 3) break;
        searches++;
        const typedWords = indices.map((i) => tokens[i] as Token);
        const found = this.match(typedWords.map((token) => token.word).join(' '));
        if (!found) continue;
        const quality = found.kind === 'exact' ? 'exact' : found.kind === 'prefix' ? 'prefix' : 'fuzzy';
        const typed = typedWords.map((token) => token.raw).join(' ');
        offer(
          this.reading(typed, found.patients, quality),
          indices.length * 10 + (quality === 'fuzzy' ? 1 : 2),
          indices,
        );
        break;
      }
    }
    if (!best) return undefined;
    const chosen: { reading: PatientReading; run: number[] } = best;
    for (const i of chosen.run) (tokens[i] as Token).used = true;
    return chosen.reading;
  }

  /** Patients a whole word names: a name word, a preferred name, or a nickname of a given name. */
  private exactly(word: string): WordMatch | undefined {
    const direct = this.byWord.get(word);
    const preferred = this.preferred.get(word);
    if (direct && preferred) return { patients: [...new Set([...direct, ...preferred])] };
    if (direct) return { patients: direct };
    if (preferred) return { patients: preferred, via: 'preferred' };
    const formal = NICKNAMES[word];
    if (!formal) return undefined;
    const patients = formal.flatMap((name) => this.byWord.get(name) ?? []);
    return patients.length > 0 ? { patients: [...new Set(patients)], via: 'nickname' } : undefined;
  }

  private match(query: string): { kind: string; patients: AssistantPatient[] } | undefined {
    if (query.replace(/[^a-z]/g, '').length < 2) return undefined;
    const results = this.search.search(query, { limit: 50 });
    const top = results[0];
    if (!top) return undefined;
    // A prefix of one short word ('ma') names too many people to mean anyone.
    if (top.kind === 'prefix' && query.length < 3) return undefined;
    const best = results.filter((match: PatientMatch<Searchable>) => match.relevance >= top.relevance - 1e-9);
    return { kind: top.kind, patients: best.map((match) => match.patient) };
  }

  private reading(typed: string, patients: AssistantPatient[], quality: PatientReading['quality']): PatientReading {
    if (patients.length === 1) return { typed, quality, patientId: (patients[0] as AssistantPatient).id };
    return { typed, quality, candidates: patients.slice(0, MAX_CANDIDATES).map(candidate) };
  }
}

interface WordMatch {
  patients: AssistantPatient[];
  via?: 'preferred' | 'nickname';
}

function intersect(lists: AssistantPatient[][]): AssistantPatient[] {
  const [first, ...rest] = [...lists].sort((a, b) => a.length - b.length);
  if (!first) return [];
  if (rest.length === 0) return first;
  const others = rest.map((list) => new Set(list));
  return first.filter((patient) => others.every((set) => set.has(patient)));
}

/** A name's words as people type them: 'Jean-François' is jean-francois, jean and francois; O'Brien also obrien. */
function nameWordsOf(name: string): string[] {
  const words = new Set<string>();
  for (const part of fold(name).split(' ')) {
    if (!part) continue;
    words.add(part);
    for (const piece of part.split('-')) if (piece) words.add(piece);
    if (/['’]/.test(part)) words.add(part.replace(/['’]/g, ''));
  }
  return [...words];
}

function nicknameNote(typed: string, patients: AssistantPatient[]): { typed: string; readAs: string } {
  const names = patients.slice(0, 3).map(fullName);
  return { typed, readAs: names.join(', ') };
}

/** Runs of neighbouring unread words that could be a name. */
function nameRuns(tokens: readonly Token[]): number[][] {
  const runs: number[][] = [];
  let run: number[] = [];
  tokens.forEach((token, i) => {
    const nameLike =
      !token.used && /^[\p{L}'’-]+$/u.test(token.word) && !NOT_NAMES.has(token.word) && !COMMAND_WORDS.has(token.word);
    if (nameLike) {
      run.push(i);
      return;
    }
    if (run.length > 0) runs.push(run);
    run = [];
  });
  if (run.length > 0) runs.push(run);
  return runs;
}

/** The family of a patient: everyone sharing their phone number. */
export function familyOf(patient: AssistantPatient, patients: readonly AssistantPatient[]): AssistantPatient[] {
  if (!patient.phone) return [patient];
  return patients.filter((other) => other.phone === patient.phone);
}
