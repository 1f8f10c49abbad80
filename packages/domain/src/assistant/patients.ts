import { fold } from '../patients/search/query.ts';
import { type PatientMatch, PatientSearch, type SearchablePatient } from '../patients/search.ts';
import type { AssistantPatient, PatientCandidate } from './contract.ts';
import type { Token } from './normalise.ts';

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
  private readonly search: PatientSearch<Searchable>;
  private readonly preferred = new Map<string, AssistantPatient[]>();
  /** Folded name words of every patient: never corrected into a keyword, never a provider without a cue. */
  readonly names = new Set<string>();

  constructor(patients: readonly AssistantPatient[]) {
    this.search = new PatientSearch(patients.map((patient) => ({ ...patient, email: patient.email ?? null })));
    for (const patient of patients) {
      for (const word of fold(`${patient.firstName} ${patient.lastName}`).split(/[\s-]+/)) this.names.add(word);
      if (!patient.preferredName) continue;
      const key = fold(patient.preferredName);
      this.names.add(key);
      const list = this.preferred.get(key) ?? [];
      list.push(patient);
      this.preferred.set(key, list);
    }
  }

  /** The patient named by the words still unread, marked used; undefined when they name nobody. */
  resolve(tokens: Token[]): PatientReading | undefined {
    const runs = nameRuns(tokens);
    let best: { reading: PatientReading; score: number; run: number[] } | undefined;
    for (const run of runs) {
      for (let size = Math.min(run.length, 4); size >= 1; size--) {
        for (let start = 0; start + size <= run.length; start++) {
          const window = run.slice(start, start + size);
          const found = this.read(window.map((i) => tokens[i] as Token));
          if (!found) continue;
          // Prefer more words named, then a better kind of match.
          const score = found.score + size * 10;
          if (!best || score > best.score) best = { reading: found.reading, score, run: window };
        }
      }
    }
    if (!best) return undefined;
    for (const i of best.run) (tokens[i] as Token).used = true;
    return best.reading;
  }

  private read(words: Token[]): { reading: PatientReading; score: number } | undefined {
    const typed = words.map((token) => token.raw).join(' ');
    const folded = words.map((token) => token.word);
    const direct = this.match(folded.join(' '));
    if (direct && direct.kind === 'exact') return { reading: this.reading(typed, direct.patients), score: 3 };
    const byPreferred = this.viaPreferred(folded);
    if (byPreferred.length > 0) {
      return {
        reading: { ...this.reading(typed, byPreferred), nickname: nicknameNote(typed, byPreferred) },
        score: 3,
      };
    }
    const byNickname = this.viaNicknames(folded);
    if (byNickname && byNickname.kind === 'exact') {
      return {
        reading: { ...this.reading(typed, byNickname.patients), nickname: nicknameNote(typed, byNickname.patients) },
        score: 2.5,
      };
    }
    if (!direct) return undefined;
    return { reading: this.reading(typed, direct.patients), score: direct.kind === 'prefix' ? 2 : 1 };
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

  private viaPreferred(words: string[]): AssistantPatient[] {
    const [first, ...rest] = words;
    const list = first ? this.preferred.get(first) : undefined;
    if (!list) return [];
    if (rest.length === 0) return list;
    const last = rest.join(' ');
    return list.filter((patient) => fold(patient.lastName).startsWith(last));
  }

  private viaNicknames(words: string[]): { kind: string; patients: AssistantPatient[] } | undefined {
    const [first, ...rest] = words;
    const formal = first ? NICKNAMES[first] : undefined;
    if (!formal) return undefined;
    for (const name of formal) {
      const found = this.match([name, ...rest].join(' '));
      if (found) return found;
    }
    return undefined;
  }

  private reading(typed: string, patients: AssistantPatient[]): PatientReading {
    if (patients.length === 1) return { typed, patientId: (patients[0] as AssistantPatient).id };
    return { typed, candidates: patients.slice(0, MAX_CANDIDATES).map(candidate) };
  }
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
    const nameLike = !token.used && /^[\p{L}'’-]+$/u.test(token.word) && !NOT_NAMES.has(token.word);
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
