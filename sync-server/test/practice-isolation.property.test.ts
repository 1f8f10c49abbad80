import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READS } from './helpers/isolation/reads.ts';
import { currentPractice, Runner, type Sent, type Step, tokenHash } from './helpers/isolation/runner.ts';
import {
  type Actor,
  DEMO_USERS,
  type DemoUser,
  IDEMPOTENCY_KEYS,
  PRACTICE_HEADERS,
  type Session,
  type World,
} from './helpers/isolation/world.ts';
import { BATCH_ROUTE, BATCHABLE, WRITES } from './helpers/isolation/writes.ts';
import { addRowsToEveryPractice, crossPracticeReferences, PRACTICE_IDS, RowIndex } from './helpers/practice-rows.ts';
import { createTestApp } from './helpers/test-app.ts';

/**
 * No user, practice header or route sees or changes a row of a practice it is not scoped to. The
 * routes and their requests are in helpers/isolation (reads.ts, writes.ts), what each answer must
 * satisfy in oracle.ts, and the sending of each step in runner.ts.
 */

/** Fixed so a failure reproduces; PROPERTY_SEED and PROPERTY_RUNS search wider locally. */
const SEED = Number(process.env.PROPERTY_SEED ?? 20_261_122);
const NUM_RUNS = Number(process.env.PROPERTY_RUNS ?? 200);
const TIMEOUT_MS = Math.max(120_000, NUM_RUNS * 1_000);

const ROUTE_NAMES = [...Object.keys(READS), ...Object.keys(WRITES), BATCH_ROUTE];

const weighted = <T>(...entries: [number, T][]): fc.Arbitrary<T> =>
  fc.oneof(...entries.map(([weight, value]) => ({ weight, arbitrary: fc.constant(value) })));

/** Mostly users who may act where they say (so requests reach the handlers), plus every way to say it wrongly. */
const actingArbitrary = weighted<Actor>(
  [4, 'admin'],
  [3, 'doctor'],
  [3, 'receptionist'],
  [1, 'hygienist'],
  [1, 'staff'],
  [1, 'newhire'],
  [1, 'anonymous'],
).chain((actor) => {
  const allowed: readonly number[] = actor === 'anonymous' ? [] : DEMO_USERS[actor];
  const fine = PRACTICE_HEADERS.filter((header) => header === undefined || allowed.includes(Number(header)));
  const wrong = PRACTICE_HEADERS.filter((header) => !fine.includes(header));
  return fc.record({
    actor: fc.constant(actor),
    header: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...fine) },
      { weight: 1, arbitrary: fc.constantFrom(...wrong) },
    ),
  });
});

const stepArbitrary: fc.Arbitrary<Step> = fc
  .record({
    acting: actingArbitrary,
    // Rare, so most writes are judged on their own answer; reuse (a replay of the first answer) still happens.
    key: fc.oneof(
      { weight: 4, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom(...IDEMPOTENCY_KEYS) },
    ),
    route: fc.constantFrom(...ROUTE_NAMES),
    targetSlot: fc.oneof(
      { weight: 1, arbitrary: fc.constant(0) },
      { weight: 4, arbitrary: fc.integer({ min: 1, max: 2 }) },
    ),
    picks: fc.array(fc.nat({ max: 10_000 }), { minLength: 4, maxLength: 4 }),
    batch: fc.array(fc.constantFrom(...BATCHABLE), { minLength: 1, maxLength: 3 }),
    resend: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    sameUser: fc.boolean(),
  })
  .map(({ acting, ...rest }) => ({ ...acting, ...rest }));

let world: World;
let runner: Runner;

beforeAll(async () => {
  // Hundreds of requests per session: the production limit would answer 429 long before the end.
  const t = await createTestApp({ rateLimitMax: 1_000_000 });
  const sessions = new Map<Actor, Session>();
  const providers = new Map<number, number[]>();
  const roomCodes = new Map<number, string[]>();
  const weekHours = new Map<number, unknown>();
  const admin = await t.login('admin');
  for (const practiceId of PRACTICE_IDS) {
    const hours = await t.request({ url: `/api/practice-hours-unified/${practiceId}`, cookie: admin });
    weekHours.set(practiceId, (hours.json() as { hours: unknown }).hours);
    const team = await t.db
      .selectFrom('users')
      .innerJoin('user_practices', 'user_practices.user_id', 'users.id')
      .select('users.id')
      .where('user_practices.practice_id', '=', practiceId)
      .where('users.role', 'in', ['doctor', 'hygienist'])
      .orderBy('users.id')
      .execute();
    providers.set(
      practiceId,
      team.map((member) => member.id),
    );
    const rooms = await t.db
      .selectFrom('treatment_rooms')
      .select('room_code')
      .where('practice_id', '=', practiceId)
      .where('is_active', '=', 1)
      .orderBy('id')
      .execute();
    roomCodes.set(
      practiceId,
      rooms.map((room) => room.room_code),
    );
  }
  await addRowsToEveryPractice(t, admin);
  const index = await RowIndex.load(t.db);
  expect(await crossPracticeReferences(t.db)).toEqual([]);
  world = { t, index, sessions, providers, roomCodes, weekHours, cursors: [] };
  runner = new Runner(world);

  for (const [username, allowed] of Object.entries(DEMO_USERS) as [DemoUser, readonly number[]][]) {
    const cookie = await t.login(username);
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'practice_id'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const granted = await t.db
      .selectFrom('user_practices')
      .select('practice_id')
      .where('user_id', '=', user.id)
      .orderBy('practice_id')
      .execute();
    // The database must agree with the README, or "not allowed" below would mean something else.
    expect(granted.map((row) => row.practice_id)).toEqual([...allowed]);
    const session: Session = { cookie, userId: user.id, tokenHash: tokenHash(cookie), allowed, home: user.practice_id };
    session.home = (await currentPractice(world, session)) ?? user.practice_id;
    sessions.set(username, session);
  }
  sessions.set('anonymous', { allowed: [], home: 1 });
}, 120_000);

afterAll(async () => {
  await world?.t.close();
});

describe('practice isolation (property)', () => {
  it(
    'no user, practice header or route sees or changes a row of a practice it is not scoped to',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 6 }), async (steps) => {
          runner.startRun();
          // Each run starts from every session in its sign-in practice, so a run does not depend on the last.
          for (const session of world.sessions.values()) {
            if (session.tokenHash) {
              await world.t.db
                .updateTable('sessions')
                .set({ current_practice_id: session.home })
                .where('id', '=', session.tokenHash)
                .execute();
            }
          }
          const problems: string[] = [];
          let previous: Sent | undefined;
          let previousActor: Actor | undefined;
          for (const [position, generated] of steps.entries()) {
            // A request about to be resent carries a key (else there is no stored answer to replay) and aims
            // at its own practice, so that answer is most often a success with rows in it.
            const resentNext = steps[position + 1]?.resend === true;
            const keyed = resentNext
              ? { ...generated, key: generated.key ?? ('iso-k1' as const), targetSlot: 0 }
              : generated;
            const step = keyed.resend && keyed.sameUser && previousActor ? { ...keyed, actor: previousActor } : keyed;
            const outcome = await runner.run(step, previous);
            previousActor = step.actor;
            problems.push(...outcome.problems);
            previous = outcome.sent;
          }
          expect(problems).toEqual([]);
        }),
        { seed: SEED, numRuns: NUM_RUNS },
      );
    },
    TIMEOUT_MS,
  );
});
