import { sql } from 'kysely';
import { type NumericTable, PRACTICE_IDS, type RowIndex, type UuidTable } from '../practice-rows.ts';
import type { RequestOptions, TestApp } from '../test-app.ts';

/** README, "Demo sign-ins": the practices each account may work in. The spec, not the database, decides. */
export const DEMO_USERS = {
  admin: [1, 2, 3],
  doctor: [1, 2],
  hygienist: [1],
  receptionist: [1],
  staff: [1],
  newhire: [1],
} as const satisfies Record<string, readonly number[]>;
export type DemoUser = keyof typeof DEMO_USERS;
export type Actor = DemoUser | 'anonymous';

/** Allowed, existing but not allowed, not existing, and not a practice id at all. */
export const PRACTICE_HEADERS = [undefined, '1', '2', '3', '4', '999', '0'] as const;
export type PracticeHeader = (typeof PRACTICE_HEADERS)[number];
export const IDEMPOTENCY_KEYS = ['iso-k1', 'iso-k2', 'iso-k3'] as const;

export type Method = NonNullable<RequestOptions['method']>;

export interface Ref {
  what: string;
  id: string | number;
  owners: ReadonlySet<number>;
}

export interface Built {
  method: Method;
  url: string;
  body?: unknown;
  /** False for calls about the user rather than a practice; those may touch any practice the user may access. */
  scoped: boolean;
  refs: Ref[];
  /** The 2xx answer is a list of rows of this numeric-id table. */
  listOf?: NumericTable;
  /** Inner actions of a batch push, checked one by one. */
  actions?: Built[];
  /** A 200 that refuses inside its body (forms: a template of another practice is listed as failed). */
  refusedInBody?: (body: unknown, refs: readonly Ref[]) => boolean;
}

export interface Session {
  cookie?: string;
  userId?: number;
  tokenHash?: string;
  allowed: readonly number[];
  home: number;
}

/** The app under test and what the property knows of it, set up once for all the runs. */
export interface World {
  t: TestApp;
  index: RowIndex;
  sessions: Map<Actor, Session>;
  /** Doctors and hygienists of each practice. */
  providers: Map<number, number[]>;
  roomCodes: Map<number, string[]>;
  /** Each practice's week, as GET answers it, for the PUT that sends it back. */
  weekHours: Map<number, unknown>;
  /** Pull cursors answered so far, to be sent again. */
  cursors: string[];
}

/** Owners of a row that no longer exists: its id is free, so naming it aims at nobody's row. */
const NOBODY_IN_PARTICULAR: ReadonlySet<number> = new Set(PRACTICE_IDS);

/** The refs' owners as the database has them now (a row named by an earlier step may since be gone or re-created). */
export async function currentOwners(world: World, built: Built): Promise<Built> {
  const refs = await Promise.all(
    built.refs.map(async (ref): Promise<Ref> => {
      if (typeof ref.id !== 'string') return ref;
      const practiceId = await world.index.currentPractice(ref.what as UuidTable, ref.id);
      return { ...ref, owners: practiceId === undefined ? NOBODY_IN_PARTICULAR : new Set([practiceId]) };
    }),
  );
  const actions = built.actions
    ? await Promise.all(built.actions.map((action) => currentOwners(world, action)))
    : undefined;
  return { ...built, refs, ...(actions ? { actions } : {}) };
}

/** Picks rows for one request: `foreign` from the target practice, `own` from the acting one; all recorded as refs. */
export class Picker {
  readonly refs: Ref[] = [];
  private next = 0;

  constructor(
    readonly world: World,
    readonly target: number,
    readonly own: number,
    private readonly picks: readonly number[],
    private readonly userId: number | undefined,
  ) {}

  private pick<T>(list: readonly T[]): T {
    const n = this.picks[this.next % this.picks.length] ?? 0;
    this.next += 1;
    const value = list[n % list.length];
    if (value === undefined) throw new Error('nothing to pick from');
    return value;
  }

  private uuid(table: UuidTable, practiceId: number): string {
    const id = this.pick(this.world.index.ids(table, practiceId));
    this.refs.push({ what: table, id, owners: new Set([practiceId]) });
    return id;
  }

  foreign(table: UuidTable): string {
    return this.uuid(table, this.target);
  }

  /** A row of the target practice used for its data only (a name to search for), not named by the request. */
  peek(table: UuidTable): string {
    return this.pick(this.world.index.ids(table, this.target));
  }

  mine(table: UuidTable): string {
    return this.uuid(table, this.own);
  }

  foreignNumber(table: NumericTable): number {
    const { index } = this.world;
    const ids = index.numericIds(table, this.target);
    // Practice 3's staff have no notifications: an id nobody has stands in (it must be refused all the same).
    const id = ids.length > 0 ? this.pick(ids) : 999_999;
    const reader = table === 'notifications' ? index.notificationUser.get(id) : undefined;
    // Another user's notification is nobody else's to read, whatever its practice.
    const owners =
      reader !== undefined && reader !== this.userId ? new Set<number>() : index.numericOwnersOf(table, id);
    this.refs.push({ what: table, id, owners });
    return id;
  }

  myProvider(): number {
    return this.pick(this.world.providers.get(this.own) ?? []);
  }

  myRoom(): string {
    return this.pick(this.world.roomCodes.get(this.own) ?? []);
  }

  foreignPractice(): number {
    this.refs.push({ what: 'practice', id: this.target, owners: new Set([this.target]) });
    return this.target;
  }

  cursor(): string | undefined {
    const { cursors } = this.world;
    const n = this.picks[0] ?? 0;
    return n % 3 === 0 || cursors.length === 0 ? undefined : cursors[n % cursors.length];
  }

  count(): number {
    return this.picks[1] ?? 0;
  }

  // Rows picked at the start may have been deleted by an earlier step (a permitted delete): fall back to stand-ins.
  async appointmentRow(id: string) {
    const row = await this.world.t.db
      .selectFrom('appointments')
      .select(['patient_id', 'appointment_date'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? { patient_id: id, appointment_date: '2026-11-23T15:00:00.000Z' };
  }

  async patientRow(id: string) {
    const row = await this.world.t.db
      .selectFrom('patients')
      .select(['first_name', 'last_name', 'phone', 'date_of_birth'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? { first_name: 'Gone', last_name: 'Gone', phone: '4165550100', date_of_birth: null };
  }

  async columnOf(
    table: UuidTable,
    column: 'patient_id' | 'start_date_time' | 'start_date' | 'end_date',
    id: string,
    fallback: string,
  ): Promise<string> {
    const { rows } = await sql<Record<string, unknown>>`
      select ${sql.ref(column)} as value from ${sql.table(table)} where id = ${id}`.execute(this.world.t.db);
    const value = rows[0]?.value;
    return typeof value === 'string' ? value : fallback;
  }
}

export const get = (url: string, p: Picker, extra: Partial<Built> = {}): Built => ({
  method: 'GET',
  url,
  scoped: true,
  refs: p.refs,
  ...extra,
});

export const write = (method: Method, url: string, body: unknown, p: Picker, extra: Partial<Built> = {}): Built => ({
  method,
  url,
  ...(body === undefined ? {} : { body }),
  scoped: true,
  refs: p.refs,
  ...extra,
});
