import { type NumericTable, PRACTICE_IDS, UUID_TABLES, type UuidTable } from '../practice-rows.ts';
import type { Built, Ref, Session, World } from './world.ts';

/** What the property demands of each answer: nothing of another practice in it, and nothing of theirs changed. */

export const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const REFUSED = new Set([400, 403, 404, 409]);

/** Practices whose rows this request may see or change. */
export function permittedFor(built: Built, session: Session, acting: number | undefined): ReadonlySet<number> {
  if (!session.cookie) return new Set();
  if (!built.scoped) return new Set(session.allowed);
  return acting !== undefined && session.allowed.includes(acting) ? new Set([acting]) : new Set();
}

const permits = (owners: ReadonlySet<number>, permitted: ReadonlySet<number>) =>
  [...owners].some((practiceId) => permitted.has(practiceId));

export function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function walk(value: unknown, visit: (object: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, visit);
  } else if (typeof value === 'object' && value !== null) {
    visit(value as Record<string, unknown>);
    for (const item of Object.values(value)) walk(item, visit);
  }
}

/** Everything in one answer that belongs to a practice the request was not scoped to. */
async function leaks(
  world: World,
  status: number,
  text: string,
  built: Built,
  permitted: ReadonlySet<number>,
  userId: number | undefined,
): Promise<string[]> {
  const { index, cursors } = world;
  const found: string[] = [];
  const ok = status >= 200 && status < 300;
  const asked = `${built.url} ${JSON.stringify(built.body ?? null)}`.toLowerCase();
  // A deletion in the practice's own feed names a row that is gone; its id may since belong to another practice.
  const scanned =
    ok && built.url.startsWith('/api/sync/pull')
      ? JSON.stringify(
          ((parse(text) as { changes?: { op: string }[] }).changes ?? []).filter((change) => change.op !== 'delete'),
        )
      : text;
  for (const id of new Set(scanned.match(UUID_IN_TEXT) ?? [])) {
    const owner = await index.ownerOf(id);
    if (!owner || permitted.has(owner.practiceId)) continue;
    // A refusal may repeat an id the caller sent; an answer that succeeded may not carry another practice's row.
    if (ok || !asked.includes(id.toLowerCase())) {
      found.push(`${status} answer contains ${owner.table} ${id} of practice ${owner.practiceId}`);
    }
  }
  if (!ok) return found;
  const body = parse(text);
  walk(body, (object) => {
    const practiceId = object.practiceId;
    // Staff members carry their home practice; every other row must be of a permitted practice.
    if (typeof practiceId === 'number' && !('username' in object) && !permitted.has(practiceId)) {
      found.push(`answer contains a row of practice ${practiceId}: ${JSON.stringify(object).slice(0, 160)}`);
    }
  });
  const practiceList = /^\/api\/(practices\/|multi-clinic\/)/.test(built.url);
  walk(body, (object) => {
    if (practiceList && 'province' in object && typeof object.id === 'number' && !permitted.has(object.id)) {
      found.push(`answer lists practice ${object.id}`);
    }
  });
  if (built.listOf && Array.isArray(body)) {
    const table = built.listOf;
    if (table === 'notifications') await index.learnNotifications();
    for (const item of body as Record<string, unknown>[]) {
      const id = Number(item.id);
      if (!permits(index.numericOwnersOf(table, id), permitted)) {
        found.push(`answer lists ${table} ${id} of practices ${[...index.numericOwnersOf(table, id)]}`);
      }
      const reader = index.notificationUser.get(id);
      if (table === 'notifications' && reader !== undefined && reader !== userId) {
        found.push(`answer lists notification ${id} of user ${reader}`);
      }
    }
  }
  if (built.url.startsWith('/api/sync/pull')) {
    const changes = (body as { changes?: { table: string; id: string }[] }).changes ?? [];
    for (const change of changes) {
      const table = change.table as NumericTable;
      if (['treatment_rooms', 'recall_types', 'form_templates', 'users'].includes(table)) {
        if (!permits(index.numericOwnersOf(table, Number(change.id)), permitted)) {
          found.push(
            `pull sends ${table} ${change.id} of practices ${[...index.numericOwnersOf(table, Number(change.id))]}`,
          );
        }
      }
    }
    const cursor = (body as { cursor?: unknown }).cursor;
    if (typeof cursor === 'string' && cursors.length < 40) cursors.push(cursor);
  }
  return found;
}

/** Rows a write must leave alone: those it names of non-permitted practices, and what hangs off them. */
export async function snapshot(
  { t }: World,
  refs: readonly Ref[],
  permitted: ReadonlySet<number>,
): Promise<Record<string, unknown>> {
  const shot: Record<string, unknown> = {};
  for (const ref of refs) {
    if (permits(ref.owners, permitted)) continue;
    const id = ref.id;
    const key = `${ref.what}:${id}`;
    if (typeof id === 'string') {
      const table = ref.what as UuidTable;
      shot[key] = await t.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
      if (table === 'patients') {
        shot[`${key}:family`] = await t.db
          .selectFrom('family_relationships')
          .selectAll()
          .where((eb) => eb.or([eb('patient_id', '=', id), eb('related_patient_id', '=', id)]))
          .orderBy('id')
          .execute();
        for (const dependent of ['recalls', 'form_sends', 'outgoing_messages', 'survey_sends'] as const) {
          shot[`${key}:${dependent}`] = await t.db
            .selectFrom(dependent)
            .selectAll()
            .where('patient_id', '=', id)
            .orderBy('id')
            .execute();
        }
        shot[`${key}:no-shows`] = await t.db
          .selectFrom('no_show_events')
          .selectAll()
          .where('patient_id', '=', id)
          .execute();
        shot[`${key}:appointments`] = await t.db
          .selectFrom('appointments')
          .selectAll()
          .where('patient_id', '=', id)
          .orderBy('id')
          .execute();
      }
      if (table === 'appointments') {
        shot[`${key}:no-shows`] = await t.db
          .selectFrom('no_show_events')
          .selectAll()
          .where('appointment_id', '=', id)
          .execute();
      }
    } else if (ref.what === 'practice') {
      shot[key] = [
        await t.db.selectFrom('practices').selectAll().where('id', '=', id).executeTakeFirst(),
        await t.db.selectFrom('practice_hours').selectAll().where('practice_id', '=', id).orderBy('weekday').execute(),
      ];
    } else if (ref.what !== 'users') {
      const table = ref.what as Exclude<NumericTable, 'users'>;
      shot[key] = await t.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
    }
  }
  return shot;
}

/** Row counts and sync counters of the practices a request may not touch. */
export async function untouchable({ t }: World, permitted: ReadonlySet<number>): Promise<Record<string, unknown>> {
  const others = PRACTICE_IDS.filter((practiceId) => !permitted.has(practiceId));
  const shot: Record<string, unknown> = {};
  if (others.length === 0) return shot;
  const tables = [
    ...UUID_TABLES,
    'no_show_events',
    'notifications',
    'audit_log',
    'row_versions',
    'practice_hours',
  ] as const;
  for (const table of tables) {
    shot[table] = await t.db
      .selectFrom(table)
      .select(['practice_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('practice_id', 'in', others)
      .groupBy('practice_id')
      .orderBy('practice_id')
      .execute();
  }
  shot.versions = await t.db.selectFrom('practice_versions').selectAll().where('practice_id', 'in', others).execute();
  shot.hours = await t.db
    .selectFrom('practice_hours')
    .selectAll()
    .where('practice_id', 'in', others)
    .orderBy('practice_id')
    .orderBy('weekday')
    .execute();
  return shot;
}

/** What must be true of one answer to one request (or one action of a batch). */
export async function judge(
  world: World,
  status: number,
  text: string,
  built: Built,
  permitted: ReadonlySet<number>,
  userId: number | undefined,
  keyReused: boolean,
): Promise<string[]> {
  const problems: string[] = [];
  if (status >= 500) problems.push(`server error ${status}: ${text.slice(0, 200)}`);
  problems.push(...(await leaks(world, status, text, built, permitted, userId)));
  const aimedAway = built.refs.some((ref) => !permits(ref.owners, permitted)) || permitted.size === 0;
  // A key used before by this user in this practice gets the first answer again (or 422): not this request's.
  if (built.method !== 'GET' && aimedAway && !keyReused) {
    // 401: no session.
    const refused = REFUSED.has(status) || status === 401;
    const inBody = status === 200 && built.refusedInBody?.(parse(text), built.refs) === true;
    if (!refused && !inBody) {
      problems.push(`a write aimed at another practice's row was answered ${status}: ${text.slice(0, 200)}`);
    }
  }
  return problems;
}
