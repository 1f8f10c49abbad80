import { createHash } from 'node:crypto';
import { crossPracticeReferences, PRACTICE_IDS } from '../practice-rows.ts';
import { judge, permittedFor, snapshot, UUID_IN_TEXT, untouchable } from './oracle.ts';
import { READS } from './reads.ts';
import {
  type Actor,
  type Built,
  currentOwners,
  type IDEMPOTENCY_KEYS,
  Picker,
  type PracticeHeader,
  type Session,
  type World,
} from './world.ts';
import { BATCH_ROUTE, batch, WRITES } from './writes.ts';

export const tokenHash = (cookie: string) => createHash('sha256').update(cookie.replace(/^sid=/, '')).digest('hex');

export async function currentPractice({ t }: World, session: Session): Promise<number | undefined> {
  if (!session.tokenHash) return undefined;
  const row = await t.db
    .selectFrom('sessions')
    .select('current_practice_id')
    .where('id', '=', session.tokenHash)
    .executeTakeFirst();
  return row?.current_practice_id;
}

/** The practice the server should act in, from the header or the session; undefined when there is none. */
async function actingPractice(world: World, session: Session, header: PracticeHeader): Promise<number | undefined> {
  if (header === undefined) return currentPractice(world, session);
  return /^\d{1,9}$/.test(header) && Number(header) >= 1 ? Number(header) : undefined;
}

export interface Step {
  actor: Actor;
  header: PracticeHeader;
  key: (typeof IDEMPOTENCY_KEYS)[number] | undefined;
  route: string;
  /** 0 targets the acting practice itself (a control); otherwise one of the others. */
  targetSlot: number;
  picks: number[];
  batch: string[];
  /** Send the previous step's request again (same path, body and key) as this actor in this practice. */
  resend: boolean;
  /** For a resend: as the previous step's user (in this step's practice) rather than this step's. */
  sameUser: boolean;
}

export interface Sent {
  built: Built;
  key: string | undefined;
  batchKey: string;
}

function describeStep(step: Step, sent: Sent): string {
  const { built, key } = sent;
  return `${step.actor} X-Practice-ID=${step.header ?? '(none)'} key=${key ?? '(none)'} ${built.method} ${built.url} ${JSON.stringify(built.body ?? null)}`;
}

/** Sends the steps of the property's runs and says what went wrong with each. */
export class Runner {
  /** Keys a user has sent in a practice; false when this one was sent before (its answer is then a replay). */
  private readonly usedKeys = new Set<string>();
  /**
   * Keys are scoped to one property run (a retry inside a run is the case worth testing), so a run,
   * and fast-check's shrinking of it, does not depend on the answers stored by the runs before it.
   */
  private runNumber = 0;

  constructor(private readonly world: World) {}

  startRun(): void {
    this.runNumber += 1;
  }

  private keyOf(key: string): string {
    return `${key}-r${this.runNumber}`;
  }

  private markKeyUsed(session: Session, acting: number | undefined, key: string): boolean {
    const scope = `${session.userId}|${acting}|${key}`;
    if (this.usedKeys.has(scope)) return false;
    this.usedKeys.add(scope);
    return true;
  }

  async run(step: Step, previous: Sent | undefined): Promise<{ problems: string[]; sent: Sent }> {
    const world = this.world;
    const { t, index } = world;
    const session = world.sessions.get(step.actor);
    if (!session) throw new Error(`no session for ${step.actor}`);
    const acting = await actingPractice(world, session, step.header);
    const own = acting !== undefined && PRACTICE_IDS.some((id) => id === acting) ? acting : session.home;
    const others = PRACTICE_IDS.filter((practiceId) => practiceId !== own);
    const target = step.targetSlot === 0 ? own : (others[(step.targetSlot - 1) % others.length] ?? own);
    const picker = new Picker(world, target, own, step.picks, session.userId);
    const builder = READS[step.route] ?? WRITES[step.route];
    const fresh = async (): Promise<Sent> => {
      const key = step.key === undefined ? undefined : this.keyOf(step.key);
      const batchKey = key ?? this.keyOf('iso-batch');
      const built =
        step.route === BATCH_ROUTE || !builder ? await batch(picker, step.batch, batchKey) : await builder(picker);
      return { built, key, batchKey };
    };
    // The same key, path and body from another user or practice must never get the first one's answer.
    const sent = step.resend && previous ? previous : await fresh();
    const { key, batchKey } = sent;
    const built = await currentOwners(world, sent.built);
    const permitted = permittedFor(built, session, acting);
    // A batch the server lets through may hold calls about the user (a switch), which touch any practice they may access.
    const changeable =
      built.actions && permitted.size > 0
        ? new Set(built.actions.flatMap((action) => [...permittedFor(action, session, acting)]))
        : permitted;
    const isWrite = built.method !== 'GET';
    const before = isWrite
      ? {
          rows: await snapshot(world, built.refs, changeable),
          rest: await untouchable(world, changeable),
          crossings: new Set(await crossPracticeReferences(t.db)),
        }
      : undefined;

    // Calls about the user (practice hours, switching) keep their keys under the session's practice, not the header's.
    const keyPractice = built.scoped ? acting : await currentPractice(world, session);
    const keyReused = isWrite && key !== undefined && !built.actions && !this.markKeyUsed(session, keyPractice, key);
    const response = await t.request({
      method: built.method,
      url: built.url,
      ...(session.cookie ? { cookie: session.cookie } : {}),
      ...(step.header === undefined ? {} : { practiceId: step.header }),
      ...(built.body === undefined ? {} : { body: built.body }),
      ...(isWrite && key && !built.actions ? { headers: { 'idempotency-key': key } } : {}),
    });
    // What this write may have created, deleted or re-created under a client-chosen id is looked up afresh.
    if (isWrite)
      index.forget(`${built.url} ${JSON.stringify(built.body ?? null)} ${response.body}`.match(UUID_IN_TEXT) ?? []);
    const problems: string[] = [];
    if (built.actions && response.statusCode === 200) {
      // Each action answers for itself: a refusal inside a 200 batch may repeat what that action sent.
      const { results } = response.json() as { results: { status: number; body: unknown }[] };
      for (const [position, result] of results.entries()) {
        const action = built.actions[position];
        if (!action) continue;
        const text = JSON.stringify(result.body ?? null);
        const actionPermitted = permittedFor(action, session, acting);
        // A switch inside the batch moves the session's practice, under which such calls keep their keys: unknowable here.
        const reused = !action.scoped || !this.markKeyUsed(session, acting, `${batchKey}-${position}`);
        for (const problem of await judge(
          world,
          result.status,
          text,
          action,
          actionPermitted,
          session.userId,
          reused,
        )) {
          problems.push(`action ${position} (${action.method} ${action.url}): ${problem}`);
        }
      }
    } else {
      problems.push(
        ...(await judge(world, response.statusCode, response.body, built, permitted, session.userId, keyReused)),
      );
    }

    if (before) {
      const after = { rows: await snapshot(world, built.refs, changeable), rest: await untouchable(world, changeable) };
      for (const [key, value] of Object.entries(before.rows)) {
        if (JSON.stringify(value) !== JSON.stringify(after.rows[key])) {
          problems.push(`row ${key} changed: ${JSON.stringify(value)} → ${JSON.stringify(after.rows[key])}`);
        }
      }
      for (const [key, value] of Object.entries(before.rest)) {
        if (JSON.stringify(value) !== JSON.stringify(after.rest[key])) {
          problems.push(
            `${key} of practices outside [${[...changeable]}] changed: ${JSON.stringify(value)} → ${JSON.stringify(after.rest[key])}`,
          );
        }
      }
      // Only what this request did: an earlier breach is reported by the step that made it.
      for (const crossing of await crossPracticeReferences(t.db)) {
        if (!before.crossings.has(crossing)) problems.push(crossing);
      }
    }
    for (const [actor, other] of world.sessions) {
      const current = await currentPractice(world, other);
      if (current !== undefined && !other.allowed.includes(current)) {
        problems.push(`the session of ${actor} now acts in practice ${current}`);
      }
    }
    const what = `${describeStep(step, sent)}${sent === previous ? ' (resent)' : ''}`;
    return { problems: problems.map((problem) => `${what}\n  → ${response.statusCode}: ${problem}`), sent };
  }
}
