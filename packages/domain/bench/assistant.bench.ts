/**
 * The assistant's accuracy and speed (issue 18 points 1, 4 and 8), run by `pnpm bench` (or BENCH_ONLY=assistant):
 * the interpreter scored on the corpus and the hold-out commands against the test practice, then timed with a
 * 10,000-patient roster, and suggest() timed per keystroke. Prints a table and the failures, and writes
 * bench-results/assistant.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AssistantData, AssistantPatient, Interpreter } from '../src/assistant/contract.ts';
import { createInterpreter } from '../src/assistant/interpret.ts';
import { ASSISTANT_NOW, anAssistantData } from '../testing/assistant.ts';
import { ASSISTANT_CORPUS } from '../testing/assistant-corpus.ts';
import { ASSISTANT_HOLDOUT } from '../testing/assistant-corpus-holdout.ts';
import { type CorpusScore, describeFailures, quantile, scoreCorpus } from '../testing/assistant-score.ts';
import { aPatient } from '../testing/patients.ts';
import { pick, seededRandom } from '../testing/random.ts';

const GOALS = { intentAccuracy: 0.95, slotAccuracy: 0.9, interpretP95Ms: 5, suggestP95Ms: 10 };
const ROSTER = 10_000;

// Names unlike the test practice's, so the corpus's people stay the only ones who match its commands.
const FIRST_NAMES = ['Aiden', 'Brooke', 'Caleb', 'Dana', 'Ethan', 'Farah', 'Grace', 'Hugo', 'Imran', 'Jade'];
const MORE_FIRST_NAMES = ['Kiran', 'Logan', 'Mila', 'Nadia', 'Owen', 'Paige', 'Quinn', 'Rania', 'Tariq', 'Yusuf'];
const LAST_NAMES = ['Abbott', 'Baker', 'Campbell', 'Doucette', 'Evans', 'Fraser', 'Grant', 'Hughes', 'Ibrahim'];
const MORE_LAST_NAMES = ['Jackson', 'Kowalski', 'MacLeod', 'Nakamura', 'Okafor', 'Reid', 'Singh', 'Walsh', 'Young'];

function roster(size: number): AssistantPatient[] {
  const random = seededRandom(20_261_126);
  const firsts = [...FIRST_NAMES, ...MORE_FIRST_NAMES];
  const lasts = [...LAST_NAMES, ...MORE_LAST_NAMES];
  return Array.from({ length: size }, (_, i) => {
    const body = aPatient();
    const year = 1930 + Math.floor(random() * 95);
    return {
      id: `gen-${i}`,
      firstName: pick(random, firsts),
      lastName: pick(random, lasts),
      dateOfBirth: `${year}-06-15`,
      phone: body.phone ?? null,
      email: body.email ?? null,
    };
  });
}

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

function built(data: AssistantData): { interpreter: Interpreter; buildMs: number } {
  const started = performance.now();
  const interpreter = createInterpreter(data);
  return { interpreter, buildMs: round(performance.now() - started, 1) };
}

/** Every other keystroke of every corpus command, with the corpus's first commands as the stored history. */
function suggestTimes(interpreter: Interpreter): { calls: number; medianMs: number; p95Ms: number } {
  const context = { inputHistory: ASSISTANT_CORPUS.slice(0, 10).map((item) => item.command) };
  const typed = ASSISTANT_CORPUS.flatMap(({ command }) =>
    Array.from({ length: Math.floor(command.length / 2) }, (_, i) => command.slice(0, 2 * (i + 1))),
  );
  for (const input of typed.slice(0, 200)) interpreter.suggest(input, undefined, context);
  const times = typed.map((input) => {
    const started = performance.now();
    interpreter.suggest(input, undefined, context);
    return performance.now() - started;
  });
  return { calls: times.length, medianMs: round(quantile(times, 0.5)), p95Ms: round(quantile(times, 0.95)) };
}

function figures(score: CorpusScore) {
  return {
    cases: score.cases,
    intentAccuracy: round(score.intentAccuracy, 4),
    slotAccuracy: round(score.slotAccuracy, 4),
    medianMs: round(score.medianMs),
    p95Ms: round(score.p95Ms),
  };
}

const small = built(anAssistantData());
const large = built(anAssistantData({ patients: [...anAssistantData().patients, ...roster(ROSTER)] }));
const corpus = scoreCorpus(small.interpreter, ASSISTANT_CORPUS, ASSISTANT_NOW);
const holdout = scoreCorpus(small.interpreter, ASSISTANT_HOLDOUT, ASSISTANT_NOW);
const corpusLarge = scoreCorpus(large.interpreter, ASSISTANT_CORPUS, ASSISTANT_NOW);
const suggestSmall = suggestTimes(small.interpreter);
const suggestLarge = suggestTimes(large.interpreter);

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const patients = (count: number) => count.toLocaleString('en-CA');
const smallCount = anAssistantData().patients.length;
console.log(
  `\nAssistant interpreter (goals: intent ≥ ${percent(GOALS.intentAccuracy)}, all slots ≥ ${percent(GOALS.slotAccuracy)}, interpret p95 < ${GOALS.interpretP95Ms} ms, suggest p95 < ${GOALS.suggestP95Ms} ms)`,
);
console.log('| commands | patients | cases | intent | all slots | interpret median / p95 | interpreter build |');
console.log('|---|---|---|---|---|---|---|');
for (const [name, score, count, buildMs] of [
  ['corpus', corpus, smallCount, small.buildMs],
  ['hold-out', holdout, smallCount, small.buildMs],
  ['corpus', corpusLarge, smallCount + ROSTER, large.buildMs],
] as const) {
  console.log(
    `| ${name} | ${patients(count)} | ${score.cases} | ${percent(score.intentAccuracy)} | ${percent(score.slotAccuracy)} | ${round(score.medianMs)} ms / ${round(score.p95Ms)} ms | ${buildMs} ms |`,
  );
}
console.log('\n| suggest() per keystroke | calls | median / p95 |');
console.log('|---|---|---|');
for (const [count, run] of [
  [smallCount, suggestSmall],
  [smallCount + ROSTER, suggestLarge],
] as const) {
  console.log(`| ${patients(count)} patients | ${run.calls} | ${run.medianMs} ms / ${run.p95Ms} ms |`);
}

const missed = [
  ...(corpus.intentAccuracy >= GOALS.intentAccuracy ? [] : [`corpus intent ${percent(corpus.intentAccuracy)}`]),
  ...(corpus.slotAccuracy >= GOALS.slotAccuracy ? [] : [`corpus slots ${percent(corpus.slotAccuracy)}`]),
  ...[corpus, holdout, corpusLarge]
    .filter((score) => score.p95Ms >= GOALS.interpretP95Ms)
    .map((score) => `interpret p95 ${round(score.p95Ms)} ms`),
  ...(suggestLarge.p95Ms < GOALS.suggestP95Ms ? [] : [`suggest p95 ${suggestLarge.p95Ms} ms at ${patients(ROSTER)}`]),
];
console.log(missed.length === 0 ? '\ngoals: met' : `\ngoals missed: ${missed.join('; ')}`);
for (const [name, score] of [
  ['corpus', corpus],
  ['hold-out', holdout],
] as const) {
  if (score.failures.length > 0) console.log(`\n${name} failures:\n${describeFailures(score.failures)}`);
}

const out = resolve(import.meta.dirname, '../../../bench-results');
mkdirSync(out, { recursive: true });
writeFileSync(
  join(out, 'assistant.json'),
  `${JSON.stringify(
    {
      goals: GOALS,
      corpus: { patients: smallCount, ...figures(corpus), failures: corpus.failures },
      holdout: { patients: smallCount, ...figures(holdout), failures: holdout.failures },
      corpusLargeRoster: { patients: smallCount + ROSTER, ...figures(corpusLarge), buildMs: large.buildMs },
      suggest: {
        small: { patients: smallCount, ...suggestSmall },
        large: { patients: smallCount + ROSTER, ...suggestLarge },
      },
      missed,
    },
    null,
    2,
  )}\n`,
);
