/**
 * Patient quick search per keystroke (issue 12), run by `pnpm bench` (or BENCH_ONLY=search):
 * our index against plain Fuse.js and uFuzzy on the same en_CA records and the same typed queries,
 * at 10,000 and 50,000 patients, with the top-8 agreement against a brute-force reference ranking.
 * Prints a table and writes bench-results/search.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fakerEN_CA as faker } from '@faker-js/faker';
import uFuzzy from '@leeoniya/ufuzzy';
import Fuse from 'fuse.js';
import { PATIENTS } from '../src/constants.ts';
import { PatientSearch, type SearchablePatient } from '../src/patients/search.ts';
import { referenceRanking } from './search-reference.ts';

const SIZES = [10_000, 50_000];
const LIMIT = PATIENTS.searchMaxResults;
const THRESHOLD = PATIENTS.fuzzyThreshold;
const GOALS = { p95Ms: { 10000: 5, 50000: 20 } as Record<number, number>, speedup: 20, agreement: 0.95 };

/** People the queries are about, placed among the generated ones: Quebec, Vietnamese, hyphenated and plain names. */
const KNOWN: Omit<SearchablePatient, 'id'>[] = [
  {
    firstName: 'Hélène',
    lastName: 'Bélanger',
    phone: '5145550142',
    dateOfBirth: '1985-03-14',
    email: 'helene.belanger@example.ca',
  },
  {
    firstName: 'Jean-François',
    lastName: 'Tremblay',
    phone: '4185550177',
    dateOfBirth: '1972-11-02',
    email: 'jf.tremblay@example.ca',
  },
  {
    firstName: 'An',
    lastName: 'Nguyễn',
    phone: '6045550199',
    dateOfBirth: '2001-07-04',
    email: 'an.nguyen@example.ca',
  },
  {
    firstName: 'John',
    lastName: 'Smith',
    phone: '4165550123',
    dateOfBirth: '1990-12-01',
    email: 'john.smith@example.com',
  },
  {
    firstName: 'Chloé',
    lastName: 'Côté',
    phone: '8195550111',
    dateOfBirth: '1999-05-21',
    email: 'chloe.cote@example.ca',
  },
  {
    firstName: 'Mohammed',
    lastName: 'Al-Sayed',
    phone: '9055550188',
    dateOfBirth: '1980-01-30',
    email: 'm.alsayed@example.ca',
  },
  { firstName: 'Zoë', lastName: 'Gagnon', phone: '4385550155', dateOfBirth: '2010-09-09', email: null },
  { firstName: 'Offlina', lastName: 'Quenneville', phone: '6135550911', dateOfBirth: '1966-06-16', email: null },
  {
    firstName: 'Marc-André',
    lastName: 'Pelletier',
    phone: '5815550133',
    dateOfBirth: '1958-02-28',
    email: 'ma.pelletier@example.ca',
  },
  {
    firstName: 'Priya',
    lastName: 'Singh',
    phone: '7805550166',
    dateOfBirth: '1993-08-18',
    email: 'priya.singh@example.ca',
  },
];

/** Partial names, typos, transpositions, accents, phones in several formats, birth dates and email. */
const QUERIES = [
  'smith',
  'john smith',
  'smith john',
  'smith, john',
  'Jhon Smith',
  'Smtih',
  'tremblay',
  'Tremblya',
  'jean-francois tremblay',
  'Jean François',
  'Hélène',
  'helene belanger',
  'Bélanger',
  'belanger helene',
  'Belagner',
  'Nguyễn',
  'nguyen an',
  'Ngyuen',
  'Côté',
  'chloe cote',
  'gagnon',
  'Gangon',
  'quenneville',
  'Quennevile',
  'Qeunneville',
  'pelletier',
  'Pelltier',
  'marc-andre',
  'al-sayed',
  'mohammed',
  'Mohamed',
  'singh',
  'Sihgn',
  'priya',
  '416555',
  '(416) 555-0123',
  '416-555-01',
  '+1 416 555 0123',
  '0142',
  '555-0911',
  '1985-03-14',
  '14/03/1985',
  '1985/3/14',
  '1985-03',
  'helene.bel',
  'john.smith@example.com',
];

function records(count: number): SearchablePatient[] {
  faker.seed(20_261_124);
  const people: SearchablePatient[] = [];
  const every = Math.floor(count / KNOWN.length);
  for (let i = 0; i < count; i++) {
    const known = i % every === 0 ? KNOWN[i / every] : undefined;
    if (known) {
      people.push({ id: `known-${i}`, ...known });
      continue;
    }
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    people.push({
      id: `p-${i}`,
      firstName,
      lastName,
      phone: faker.helpers.fromRegExp(/[2-9][0-9]{2}[2-9][0-9]{6}/),
      dateOfBirth: faker.date.birthdate({ mode: 'age', min: 0, max: 100 }).toISOString().slice(0, 10),
      email:
        faker.helpers.maybe(() => faker.internet.email({ firstName, lastName }).toLowerCase(), { probability: 0.9 }) ??
        null,
    });
  }
  return people;
}

/** Every keystroke of every query from the spec's two-character minimum. */
function keystrokes(): string[] {
  return QUERIES.flatMap((query) =>
    Array.from({ length: query.length - PATIENTS.searchMinChars + 1 }, (_, i) =>
      query.slice(0, i + PATIENTS.searchMinChars),
    ),
  ).filter((typed) => typed.trim().length >= PATIENTS.searchMinChars);
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

function time(work: () => unknown): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

interface Subject {
  name: string;
  search(typed: string): string[];
}

function subjects(people: SearchablePatient[]): { subjects: Subject[]; buildMs: Record<string, number> } {
  let ours: PatientSearch<SearchablePatient> | undefined;
  const oursBuild = time(() => {
    ours = new PatientSearch(people);
  });
  const index = ours as PatientSearch<SearchablePatient>;

  let fuse: Fuse<SearchablePatient> | undefined;
  const fuseBuild = time(() => {
    fuse = new Fuse(people, {
      keys: ['firstName', 'lastName', 'email', 'phone', 'dateOfBirth'],
      threshold: THRESHOLD,
      ignoreLocation: true,
      includeScore: true,
    });
  });
  const fused = fuse as Fuse<SearchablePatient>;

  // uFuzzy's single-error mode: its typo tolerance, over one line per patient.
  const uf = new uFuzzy({ intraMode: 1 });
  const haystack = people.map(
    (p) => `${p.firstName} ${p.lastName} ${p.email ?? ''} ${p.phone ?? ''} ${p.dateOfBirth ?? ''}`,
  );

  return {
    buildMs: { ours: round(oursBuild), fuse: round(fuseBuild) },
    subjects: [
      {
        name: 'ours',
        search: (typed) => index.search(typed, { threshold: THRESHOLD, limit: LIMIT }).map((m) => m.patient.id),
      },
      { name: 'Fuse.js', search: (typed) => fused.search(typed, { limit: LIMIT }).map((r) => r.item.id) },
      {
        name: 'uFuzzy',
        search: (typed) => {
          const [indexes, info, order] = uf.search(haystack, typed, 0, 1000);
          if (!indexes) return [];
          const ranked = order && info ? order.map((o) => info.idx[o] as number) : indexes;
          return ranked.slice(0, LIMIT).map((i) => (people[i] as SearchablePatient).id);
        },
      },
    ],
  };
}

function agreement(people: SearchablePatient[], index: PatientSearch<SearchablePatient>, typed: string[]): number {
  let total = 0;
  for (const query of typed) {
    const expected = referenceRanking(people, query, THRESHOLD).slice(0, LIMIT);
    const got = new Set(index.search(query, { threshold: THRESHOLD, limit: LIMIT }).map((m) => m.patient.id));
    total +=
      expected.length === 0 ? (got.size === 0 ? 1 : 0) : expected.filter((id) => got.has(id)).length / expected.length;
  }
  return total / typed.length;
}

function incrementalMs(index: PatientSearch<SearchablePatient>): number {
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const patient = {
      id: `late-${i}`,
      firstName: 'Late',
      lastName: `Comer${i}`,
      phone: '2505550100',
      dateOfBirth: null,
      email: null,
    };
    times.push(time(() => index.upsert(patient)));
    times.push(time(() => index.upsert({ ...patient, lastName: `Renamed${i}` })));
    times.push(time(() => index.remove(patient.id)));
  }
  return round(quantile(times, 0.5), 3);
}

const typed = keystrokes();
const results = [];
for (const size of SIZES) {
  const people = records(size);
  const { subjects: runs, buildMs } = subjects(people);
  // Fuse.js takes 60 to 200 ms a keystroke: one round of its 377 keystrokes is plenty for a median.
  const rounds = (name: string) => (name === 'Fuse.js' ? 1 : 3);
  const times = new Map<string, number[]>(runs.map((run) => [run.name, []]));
  for (let r = 0; r < 3; r++) {
    for (const query of typed) {
      // Interleaved keystroke by keystroke, so machine load weighs on every subject alike.
      for (const run of runs) {
        if (r >= rounds(run.name)) continue;
        times.get(run.name)?.push(time(() => run.search(query)));
      }
    }
  }
  const figure = (name: string) => {
    const all = times.get(name) ?? [];
    return { medianMs: round(quantile(all, 0.5), 3), p95Ms: round(quantile(all, 0.95), 3), samples: all.length };
  };
  const ours = figure('ours');
  const fuse = figure('Fuse.js');
  const ufuzzy = figure('uFuzzy');
  const index = new PatientSearch(people);
  results.push({
    patients: size,
    keystrokes: typed.length,
    ours,
    fuse,
    ufuzzy,
    speedupVsFuse: round(fuse.medianMs / ours.medianMs, 1),
    buildMs,
    incrementalUpdateMedianMs: incrementalMs(index),
    // The reference ranks every record the slow way: every keystroke at 10,000, the whole queries at 50,000.
    top8Agreement: round(agreement(people, index, size > 10_000 ? QUERIES : typed), 4),
  });
}

console.log(
  `\nPatient quick search, per keystroke (${QUERIES.length} queries, ${typed.length} keystrokes, threshold ${THRESHOLD}, top ${LIMIT})`,
);
console.log(
  '| patients | ours median / p95 | Fuse.js median / p95 | uFuzzy median / p95 | ours vs Fuse.js | top-8 agreement | index build (ours / Fuse.js) | one write |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.patients.toLocaleString('en-CA')} | ${r.ours.medianMs} ms / ${r.ours.p95Ms} ms | ${r.fuse.medianMs} ms / ${r.fuse.p95Ms} ms | ${r.ufuzzy.medianMs} ms / ${r.ufuzzy.p95Ms} ms | ${r.speedupVsFuse}x | ${(r.top8Agreement * 100).toFixed(1)}% | ${r.buildMs.ours} ms / ${r.buildMs.fuse} ms | ${r.incrementalUpdateMedianMs} ms |`,
  );
}
const failures = results.flatMap((r) => [
  ...(r.ours.p95Ms < (GOALS.p95Ms[r.patients] ?? 0) ? [] : [`p95 ${r.ours.p95Ms} ms at ${r.patients}`]),
  ...(r.speedupVsFuse >= GOALS.speedup ? [] : [`${r.speedupVsFuse}x Fuse.js at ${r.patients}`]),
  ...(r.top8Agreement >= GOALS.agreement ? [] : [`agreement ${r.top8Agreement} at ${r.patients}`]),
]);
console.log(
  failures.length === 0
    ? 'goals (p95 < 5 ms at 10,000 and < 20 ms at 50,000; median ≥ 20x Fuse.js; top-8 agreement ≥ 95%): met'
    : `goals missed: ${failures.join('; ')}`,
);
const out = resolve(import.meta.dirname, '../../../bench-results');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'search.json'), `${JSON.stringify({ queries: QUERIES, results }, null, 2)}\n`);
