import type { Intent, Interpreter, Slots } from '../src/assistant/contract.ts';
import type { CorpusCase, ExpectedSlots } from './assistant-corpus.ts';

/** What the interpreter answered for a case, candidates shown as their ids. */
export interface CorpusAnswer {
  intent: Intent | 'error';
  slots: Record<string, unknown>;
  error?: string;
}

export interface CorpusFailure {
  command: string;
  expected: { intent: Intent; slots: ExpectedSlots };
  got: CorpusAnswer;
  /** 'intent' and the slot keys that differ. */
  wrong: string[];
}

export interface CorpusScore {
  cases: number;
  intentCorrect: number;
  /** Cases with the intent and every expected slot right. */
  slotsCorrect: number;
  intentAccuracy: number;
  slotAccuracy: number;
  medianMs: number;
  p95Ms: number;
  failures: CorpusFailure[];
}

// The domain's lib has no DOM or Node types; browsers and Node both have a high-resolution clock.
const hostClock = (): number => (globalThis as unknown as { performance: { now(): number } }).performance.now();

/**
 * Scores an interpreter against corpus cases (issue 18 point 8): intent accuracy, all-slots accuracy (the
 * intent right and every expected slot key deep-equal, candidates as sorted id lists) and interpret times,
 * measured after a warm-up pass so the first calls' compilation is not counted.
 */
export function scoreCorpus(
  interpreter: Interpreter,
  cases: readonly CorpusCase[],
  now?: Date,
  clock: () => number = hostClock,
): CorpusScore {
  for (const item of cases) answer(interpreter, item.command, now);
  const times: number[] = [];
  const failures: CorpusFailure[] = [];
  let intentCorrect = 0;
  let slotsCorrect = 0;
  for (const item of cases) {
    const started = clock();
    const got = answer(interpreter, item.command, now);
    times.push(clock() - started);
    const intentRight = got.intent === item.intent;
    const wrongSlots = Object.keys(item.slots).filter(
      (key) => !sameValue(expectedValue(item.slots, key), got.slots[key]),
    );
    if (intentRight) intentCorrect += 1;
    if (intentRight && wrongSlots.length === 0) slotsCorrect += 1;
    else {
      failures.push({
        command: item.command,
        expected: { intent: item.intent, slots: item.slots },
        got,
        wrong: [...(intentRight ? [] : ['intent']), ...wrongSlots],
      });
    }
  }
  const count = cases.length;
  return {
    cases: count,
    intentCorrect,
    slotsCorrect,
    intentAccuracy: count === 0 ? 0 : intentCorrect / count,
    slotAccuracy: count === 0 ? 0 : slotsCorrect / count,
    medianMs: quantile(times, 0.5),
    p95Ms: quantile(times, 0.95),
    failures,
  };
}

/** One line per failure: the command, what was expected and what came back, for test and bench output. */
export function describeFailures(failures: readonly CorpusFailure[]): string {
  return failures
    .map((failure) => {
      const expected = pick({ intent: failure.expected.intent, ...failure.expected.slots }, failure.wrong);
      const got = pick({ intent: failure.got.intent, ...failure.got.slots }, failure.wrong);
      const error = failure.got.error ? ` (threw: ${failure.got.error})` : '';
      return `- "${failure.command}": expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}${error}`;
    })
    .join('\n');
}

/** The q-quantile (nearest rank) of some timings, in ms. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

function answer(interpreter: Interpreter, command: string, now: Date | undefined): CorpusAnswer {
  try {
    const interpretation = interpreter.interpret(command, undefined, now);
    return { intent: interpretation.intent, slots: comparable(interpretation.slots) };
  } catch (error) {
    return { intent: 'error', slots: {}, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The slots with candidates reduced to their sorted ids, as the corpus writes them. */
function comparable(slots: Slots): Record<string, unknown> {
  const { candidates, ...rest } = slots;
  return candidates === undefined ? rest : { ...rest, candidates: candidates.map((c) => c.id).sort() };
}

function expectedValue(slots: ExpectedSlots, key: string): unknown {
  const value = (slots as Record<string, unknown>)[key];
  return key === 'candidates' && Array.isArray(value) ? [...value].sort() : value;
}

function sameValue(expected: unknown, got: unknown): boolean {
  if (Array.isArray(expected)) {
    return Array.isArray(got) && got.length === expected.length && expected.every((item, i) => sameValue(item, got[i]));
  }
  if (expected !== null && typeof expected === 'object') {
    if (got === null || typeof got !== 'object' || Array.isArray(got)) return false;
    const a = expected as Record<string, unknown>;
    const b = got as Record<string, unknown>;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => sameValue(a[key], b[key]));
  }
  return Object.is(expected, got);
}

/** The named values, a missing one shown as null (JSON drops undefined). */
function pick(values: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, values[key] ?? null]));
}
