import { describe, expect, it } from 'vitest';
import { INTENTS, type Intent, type Interpretation, type Interpreter } from '../src/assistant/contract.ts';
import { anAssistantData } from '../testing/assistant.ts';
import { ASSISTANT_CORPUS, type CorpusCase } from '../testing/assistant-corpus.ts';
import { ASSISTANT_HOLDOUT } from '../testing/assistant-corpus-holdout.ts';
import { describeFailures, scoreCorpus } from '../testing/assistant-score.ts';

/** Issue 18 point 8. */
const GOALS = { intentAccuracy: 0.95, slotAccuracy: 0.9, holdoutIntentAccuracy: 0.9 };

/**
 * The interpreter is loaded when the accuracy tests run rather than imported at the top, so that while
 * interpret.ts is missing or broken these tests fail saying so and the corpus and scorer tests still run.
 */
async function theInterpreter(): Promise<Interpreter> {
  try {
    const { createInterpreter } = await import('../src/assistant/interpret.ts');
    return createInterpreter(anAssistantData());
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`the assistant's interpreter (src/assistant/interpret.ts, createInterpreter) did not load: ${why}`);
  }
}

function answering(reply: (item: CorpusCase | undefined, command: string) => Interpretation): Interpreter {
  const byCommand = new Map(ASSISTANT_CORPUS.map((item) => [item.command, item]));
  return { interpret: (command) => reply(byCommand.get(command), command), suggest: () => [] };
}

function interpretation(intent: Intent, slots: Interpretation['slots']): Interpretation {
  const said = { id: 'test', message: '', values: {} };
  return {
    intent,
    slots,
    confidence: 1,
    missing: [],
    preview: '',
    previewText: said,
    requiresConfirmation: false,
    adaptations: [],
  };
}

describe('assistant accuracy (issue 18 point 8)', () => {
  it(`understands the corpus: intent ≥ ${GOALS.intentAccuracy * 100}%, all slots ≥ ${GOALS.slotAccuracy * 100}%`, async () => {
    const score = scoreCorpus(await theInterpreter(), ASSISTANT_CORPUS);
    const summary = `intent ${score.intentCorrect}/${score.cases}, all slots ${score.slotsCorrect}/${score.cases}`;
    expect(
      score.intentAccuracy >= GOALS.intentAccuracy && score.slotAccuracy >= GOALS.slotAccuracy,
      `${summary}; failures:\n${describeFailures(score.failures)}`,
    ).toBe(true);
  });

  it(`generalises to the hold-out commands: intent ≥ ${GOALS.holdoutIntentAccuracy * 100}%`, async () => {
    const score = scoreCorpus(await theInterpreter(), ASSISTANT_HOLDOUT);
    expect(
      score.intentAccuracy >= GOALS.holdoutIntentAccuracy,
      `intent ${score.intentCorrect}/${score.cases}; failures:\n${describeFailures(score.failures)}`,
    ).toBe(true);
  });
});

describe('the assistant corpus', () => {
  const data = anAssistantData();
  const all = [...ASSISTANT_CORPUS, ...ASSISTANT_HOLDOUT];

  it('has at least 170 commands over every intent, four or more each, and 40 held out', () => {
    expect(ASSISTANT_CORPUS.length).toBeGreaterThanOrEqual(170);
    expect(ASSISTANT_HOLDOUT).toHaveLength(40);
    const thin = INTENTS.filter((intent) => ASSISTANT_CORPUS.filter((item) => item.intent === intent).length < 4);
    expect(thin).toEqual([]);
  });

  it('never repeats a command, in or across the two sets', () => {
    const commands = all.map((item) => item.command.toLowerCase());
    expect(new Set(commands).size).toBe(commands.length);
  });

  it('expects only patients, appointments, providers, rooms and procedures the test practice has', () => {
    const patients = new Set(data.patients.map((p) => p.id));
    const unknown = all.filter(({ slots }) => {
      const appointment = data.appointments.find((a) => a.id === slots.appointmentId);
      return (
        (slots.patientId !== undefined && !patients.has(slots.patientId)) ||
        (slots.candidates ?? []).some((id) => !patients.has(id)) ||
        (slots.appointmentId !== undefined && appointment === undefined) ||
        (appointment !== undefined && slots.patientId !== undefined && appointment.patientId !== slots.patientId) ||
        (slots.providerId !== undefined && !data.providers.some((p) => p.id === slots.providerId)) ||
        (slots.room !== undefined && !data.rooms.some((r) => r.name === slots.room)) ||
        (slots.procedure !== undefined && !data.procedures.includes(slots.procedure))
      );
    });
    expect(unknown.map((item) => item.command)).toEqual([]);
  });

  it('asks no slots of refusals and commands not understood', () => {
    const withSlots = all.filter(
      (item) => (item.intent === 'refuse' || item.intent === 'unknown') && Object.keys(item.slots).length > 0,
    );
    expect(withSlots).toEqual([]);
  });
});

describe('the corpus scorer', () => {
  it('counts an interpreter that answers as expected right, candidates in any order', () => {
    const oracle = answering((item) => {
      if (!item) throw new Error('not in the corpus');
      const { candidates, ...slots } = item.slots;
      const people = [...(candidates ?? [])].reverse().map((id) => ({ id, name: id, dateOfBirth: null }));
      return interpretation(item.intent, { ...slots, ...(candidates ? { candidates: people } : {}), query: 'extra' });
    });
    const score = scoreCorpus(oracle, ASSISTANT_CORPUS);
    expect(score).toMatchObject({ intentAccuracy: 1, slotAccuracy: 1, failures: [] });
    expect(score.p95Ms).toBeGreaterThanOrEqual(score.medianMs);
  });

  it('fails a case for a wrong intent or any wrong slot, and names what differs', () => {
    const shaky = answering((item) => {
      if (!item) throw new Error('not in the corpus');
      if (item.command === 'shedule tmrw') return interpretation('show_schedule', { date: '2026-11-28' });
      if (item.command === 'open settings') return interpretation('unknown', {});
      return interpretation(item.intent, { ...item.slots, candidates: [] });
    });
    const score = scoreCorpus(shaky, ASSISTANT_CORPUS);
    const withCandidates = ASSISTANT_CORPUS.filter((item) => item.slots.candidates).length;
    expect(score.intentCorrect).toBe(ASSISTANT_CORPUS.length - 1);
    expect(score.slotsCorrect).toBe(ASSISTANT_CORPUS.length - 2 - withCandidates);
    const wrong = Object.fromEntries(score.failures.map((failure) => [failure.command, failure.wrong]));
    expect(wrong['shedule tmrw']).toEqual(['date']);
    expect(wrong['open settings']).toEqual(['intent', 'route']);
    expect(describeFailures(score.failures)).toContain(
      '- "shedule tmrw": expected {"date":"2026-11-27"}, got {"date":"2026-11-28"}',
    );
  });

  it('counts a command that throws as a failure instead of stopping', () => {
    const broken = answering(() => {
      throw new Error('boom');
    });
    const score = scoreCorpus(broken, ASSISTANT_HOLDOUT);
    expect(score).toMatchObject({ intentCorrect: 0, slotsCorrect: 0 });
    expect(score.failures[0]?.got).toEqual({ intent: 'error', slots: {}, error: 'boom' });
  });
});
