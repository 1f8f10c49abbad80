import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AppointmentChange,
  type Op,
  type PatientChange,
  PRACTICES,
  type Practice,
  Run,
} from './support/outbox-run.ts';
import type { NetStep } from './support/scripted-network.ts';

// This package is typed for the browser: the test runner's environment is reached without Node's types.
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
/** Fixed so a failure reproduces; PROPERTY_SEED and PROPERTY_RUNS search wider locally. */
const SEED = Number(env.PROPERTY_SEED ?? 20_261_120);
const NUM_RUNS = Number(env.PROPERTY_RUNS ?? 150);
const TIMEOUT_MS = Math.max(120_000, NUM_RUNS * 1_000);

const practiceArbitrary = fc.constantFrom<Practice>(...PRACTICES);

const netStepArbitrary: fc.Arbitrary<NetStep> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<NetStep>('ok') },
  { weight: 2, arbitrary: fc.constant<NetStep>('network') },
  { weight: 2, arbitrary: fc.constant<NetStep>('lost-ack') },
  { weight: 1, arbitrary: fc.constant<NetStep>('unavailable') },
  { weight: 1, arbitrary: fc.constant<NetStep>('rate-limited') },
  { weight: 2, arbitrary: fc.constant<NetStep>('refuse') },
  { weight: 1, arbitrary: fc.constant<NetStep>('crash') },
);

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('create-patient' as const), practice: practiceArbitrary }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('edit-patient' as const),
      practice: practiceArbitrary,
      which: fc.nat({ max: 20 }),
      change: fc.constantFrom<PatientChange>('city', 'phone', 'name', 'deactivate'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('book' as const),
      practice: practiceArbitrary,
      which: fc.nat({ max: 20 }),
      slot: fc.nat({ max: 40 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('edit-appointment' as const),
      practice: practiceArbitrary,
      which: fc.nat({ max: 20 }),
      change: fc.constantFrom<AppointmentChange>(
        'notes',
        'room',
        'cancel',
        'check-in',
        'un-check-in',
        'complete',
        'no-show',
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('network' as const),
      steps: fc.array(netStepArbitrary, { minLength: 1, maxLength: 4 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('push' as const),
      practice: practiceArbitrary,
      alongside: fc.constantFrom('alone' as const, 'other-practice' as const, 'second-tab' as const),
      // null: one request per entry; otherwise the batch route, with batches small enough to pipeline.
      batchSize: fc.constantFrom<number | null>(null, 2, 3, 50),
      crashAfterEvents: fc.oneof(
        { weight: 3, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 6 }) },
      ),
      typeAfterEvents: fc.oneof(
        { weight: 3, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 4 }) },
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const), practice: practiceArbitrary }) },
);

let nextUser = 70_000;

describe('the outbox (property)', () => {
  it(
    'delivers every queued change exactly once and in queue order, or keeps it in Needs attention with the server’s reason',
    async () => {
      const userKey = await crypto.subtle.generateKey({ name: 'AES-KW', length: 256 }, false, ['wrapKey', 'unwrapKey']);
      await fc.assert(
        fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 40, size: 'max' }), async (ops) => {
          nextUser += 1;
          const run = new Run(nextUser, userKey);
          await run.start();
          try {
            for (const op of ops) await run.apply(op);
            await run.settle();
            expect(await run.verify()).toEqual([]);
          } finally {
            await run.dispose();
          }
        }),
        { seed: SEED, numRuns: NUM_RUNS },
      );
    },
    TIMEOUT_MS,
  );
});
