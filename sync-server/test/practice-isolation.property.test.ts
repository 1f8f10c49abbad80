import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addRowsToEveryPractice,
  crossPracticeReferences,
  type NumericTable,
  PRACTICE_IDS,
  RowIndex,
  UUID_TABLES,
  type UuidTable,
} from './helpers/practice-rows.ts';
import { createTestApp, type RequestOptions, type TestApp } from './helpers/test-app.ts';

/** README, "Demo sign-ins": the practices each account may work in. The spec, not the database, decides. */
const DEMO_USERS = {
  admin: [1, 2, 3],
  doctor: [1, 2],
  hygienist: [1],
  receptionist: [1],
  staff: [1],
  newhire: [1],
} as const satisfies Record<string, readonly number[]>;
type DemoUser = keyof typeof DEMO_USERS;
type Actor = DemoUser | 'anonymous';

/** Allowed, existing but not allowed, not existing, and not a practice id at all. */
const PRACTICE_HEADERS = [undefined, '1', '2', '3', '4', '999', '0'] as const;
type PracticeHeader = (typeof PRACTICE_HEADERS)[number];
const IDEMPOTENCY_KEYS = ['iso-k1', 'iso-k2', 'iso-k3'] as const;

const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const REFUSED = new Set([400, 403, 404, 409]);
/** Fixed so a failure reproduces; PROPERTY_SEED and PROPERTY_RUNS search wider locally. */
const SEED = Number(process.env.PROPERTY_SEED ?? 20_261_122);
const BATCH_ROUTE = 'POST sync push (batch of writes)';
const NUM_RUNS = Number(process.env.PROPERTY_RUNS ?? 200);
const TIMEOUT_MS = Math.max(120_000, NUM_RUNS * 1_000);

type Method = NonNullable<RequestOptions['method']>;

interface Ref {
  what: string;
  id: string | number;
  owners: ReadonlySet<number>;
}

/** Owners of a row that no longer exists: its id is free, so naming it aims at nobody's row. */
const NOBODY_IN_PARTICULAR: ReadonlySet<number> = new Set(PRACTICE_IDS);

/** The refs' owners as the database has them now (a row named by an earlier step may since be gone or re-created). */
async function currentOwners(built: Built): Promise<Built> {
  const refs = await Promise.all(
    built.refs.map(async (ref): Promise<Ref> => {
      if (typeof ref.id !== 'string') return ref;
      const practiceId = await index.currentPractice(ref.what as UuidTable, ref.id);
      return { ...ref, owners: practiceId === undefined ? NOBODY_IN_PARTICULAR : new Set([practiceId]) };
    }),
  );
  const actions = built.actions ? await Promise.all(built.actions.map(currentOwners)) : undefined;
  return { ...built, refs, ...(actions ? { actions } : {}) };
}

interface Built {
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

function formsRefused(body: unknown, refs: readonly Ref[]): boolean {
  const { sent, failed } = body as { sent?: { templateId: number }[]; failed?: { templateId: number }[] };
  const templates = refs.filter((ref) => ref.what === 'form_templates').map((ref) => ref.id);
  return templates.every(
    (id) =>
      !(sent ?? []).some((form) => form.templateId === id) && (failed ?? []).some((form) => form.templateId === id),
  );
}

interface Session {
  cookie?: string;
  userId?: number;
  tokenHash?: string;
  allowed: readonly number[];
  home: number;
}

let t: TestApp;
let index: RowIndex;
const sessions = new Map<Actor, Session>();
const providers = new Map<number, number[]>();
const roomCodes = new Map<number, string[]>();
const weekHours = new Map<number, unknown>();
const cursors: string[] = [];

/** Picks rows for one request: `foreign` from the target practice, `own` from the acting one; all recorded as refs. */
class Picker {
  readonly refs: Ref[] = [];
  private next = 0;

  constructor(
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
    const id = this.pick(index.ids(table, practiceId));
    this.refs.push({ what: table, id, owners: new Set([practiceId]) });
    return id;
  }

  foreign(table: UuidTable): string {
    return this.uuid(table, this.target);
  }

  /** A row of the target practice used for its data only (a name to search for), not named by the request. */
  peek(table: UuidTable): string {
    return this.pick(index.ids(table, this.target));
  }

  mine(table: UuidTable): string {
    return this.uuid(table, this.own);
  }

  foreignNumber(table: NumericTable): number {
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
    return this.pick(providers.get(this.own) ?? []);
  }

  myRoom(): string {
    return this.pick(roomCodes.get(this.own) ?? []);
  }

  foreignPractice(): number {
    this.refs.push({ what: 'practice', id: this.target, owners: new Set([this.target]) });
    return this.target;
  }

  cursor(): string | undefined {
    const n = this.picks[0] ?? 0;
    return n % 3 === 0 || cursors.length === 0 ? undefined : cursors[n % cursors.length];
  }

  count(): number {
    return this.picks[1] ?? 0;
  }
}

// Rows picked at the start may have been deleted by an earlier step (a permitted delete): fall back to stand-ins.
async function appointmentRow(id: string) {
  const row = await t.db
    .selectFrom('appointments')
    .select(['patient_id', 'appointment_date'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? { patient_id: id, appointment_date: '2026-11-23T15:00:00.000Z' };
}

async function patientRow(id: string) {
  const row = await t.db
    .selectFrom('patients')
    .select(['first_name', 'last_name', 'phone', 'date_of_birth'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? { first_name: 'Gone', last_name: 'Gone', phone: '4165550100', date_of_birth: null };
}

async function columnOf(
  table: UuidTable,
  column: 'patient_id' | 'start_date_time' | 'start_date' | 'end_date',
  id: string,
  fallback: string,
): Promise<string> {
  const { rows } = await sql<Record<string, unknown>>`
    select ${sql.ref(column)} as value from ${sql.table(table)} where id = ${id}`.execute(t.db);
  const value = rows[0]?.value;
  return typeof value === 'string' ? value : fallback;
}

const get = (url: string, p: Picker, extra: Partial<Built> = {}): Built => ({
  method: 'GET',
  url,
  scoped: true,
  refs: p.refs,
  ...extra,
});
const write = (method: Method, url: string, body: unknown, p: Picker, extra: Partial<Built> = {}): Built => ({
  method,
  url,
  ...(body === undefined ? {} : { body }),
  scoped: true,
  refs: p.refs,
  ...extra,
});

const day = (iso: string) => iso.slice(0, 10);

/** Reads with a row of another practice in the path or query. */
const READS: Record<string, (p: Picker) => Promise<Built>> = {
  'GET patients searched by their name': async (p) => {
    const row = await patientRow(p.peek('patients'));
    return get(`/api/patients?status=all&limit=50&search=${encodeURIComponent(row.last_name)}`, p);
  },
  'GET patient': async (p) => get(`/api/patients/${p.foreign('patients')}`, p),
  'GET patient forms': async (p) => get(`/api/patients/${p.foreign('patients')}/forms`, p),
  'GET patient export': async (p) => {
    const row = await patientRow(p.peek('patients'));
    return get(`/api/patients/export?status=all&search=${encodeURIComponent(row.last_name)}`, p);
  },
  'GET appointments of a day': async (p) => {
    const row = await appointmentRow(p.foreign('appointments'));
    return get(`/api/appointments?date=${day(row.appointment_date)}`, p);
  },
  'GET available slots': async (p) => {
    const row = await appointmentRow(p.foreign('appointments'));
    return get(`/api/appointments/available-slots?date=${day(row.appointment_date)}`, p);
  },
  'GET maintenance of a day': async (p) => {
    const start = await columnOf(
      'maintenance_schedules',
      'start_date_time',
      p.peek('maintenance_schedules'),
      '2027-03-01',
    );
    return get(`/api/maintenance-schedules?date=${day(start)}`, p);
  },
  'GET family': async (p) => get(`/api/family/${p.foreign('patients')}/relationships`, p),
  'GET family of a linked patient': async (p) => {
    const patientId = await columnOf('family_relationships', 'patient_id', p.foreign('family_relationships'), '');
    return get(`/api/family/${patientId}/relationships`, p);
  },
  'GET recalls': async (p) => {
    const patientId = await columnOf('recalls', 'patient_id', p.foreign('recalls'), '');
    return get(`/api/recalls?patientId=${patientId}`, p);
  },
  'GET absences': async (p) => {
    const id = p.peek('provider_absences');
    const startDate = await columnOf('provider_absences', 'start_date', id, '2027-06-01');
    const endDate = await columnOf('provider_absences', 'end_date', id, '2027-06-03');
    return get(`/api/provider-absences?startDate=${startDate}&endDate=${endDate}`, p);
  },
  'GET messages': async (p) => {
    const patientId = await columnOf('outgoing_messages', 'patient_id', p.foreign('outgoing_messages'), '');
    return get(`/api/communications/messages?patientId=${patientId}`, p);
  },
  'GET surveys': async (p) => {
    const patientId = await columnOf('survey_sends', 'patient_id', p.foreign('survey_sends'), '');
    return get(`/api/surveys?patientId=${patientId}`, p);
  },
  'GET no-show history': async (p) => {
    const row = await appointmentRow(p.foreign('appointments'));
    return get(`/api/no-show-prediction/patients/${row.patient_id}`, p);
  },
  'GET notifications': async (p) => get('/api/notifications', p, { listOf: 'notifications' }),
  'GET users': async (p) => get('/api/users', p, { listOf: 'users' }),
  'GET treatment rooms': async (p) => get('/api/treatment-rooms', p, { listOf: 'treatment_rooms' }),
  'GET recall types': async (p) => get('/api/recall-types', p, { listOf: 'recall_types' }),
  'GET form templates': async (p) => get('/api/forms/templates', p, { listOf: 'form_templates' }),
  'GET sync pull': async (p) => {
    const cursor = p.cursor();
    const limit = [1, 40, 400][p.count() % 3];
    return get(`/api/sync/pull?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, p);
  },
  'GET practice hours': async (p) => get(`/api/practice-hours-unified/${p.foreignPractice()}`, p, { scoped: false }),
  'GET practice time slots': async (p) =>
    get(`/api/practice-hours-unified/${p.foreignPractice()}/time-slots?day=monday`, p, { scoped: false }),
  'GET practice hours display': async (p) =>
    get(`/api/practice-hours-unified/${p.foreignPractice()}/display`, p, { scoped: false }),
  'GET practice': async (p) => get(`/api/practices/${p.foreignPractice()}`, p, { scoped: false }),
  'GET accessible practices': async (p) => get('/api/multi-clinic/accessible-practices', p, { scoped: false }),
  'GET timezone context': async (p) => get('/api/timezone-business/context', p),
  'POST analyze conflicts': async (p) =>
    write(
      'POST',
      '/api/appointments/analyze-conflicts',
      {
        patientId: p.foreign('patients'),
        providerId: p.myProvider(),
        treatmentRoom: p.myRoom(),
        appointmentDate: '2026-12-01T15:00:00.000Z',
        duration: 30,
        excludeAppointmentId: p.peek('appointments'),
      },
      p,
    ),
  'POST maintenance preview': async (p) =>
    write(
      'POST',
      '/api/maintenance-schedules/preview',
      {
        roomId: p.myRoom(),
        startDateTime: '2027-03-01T06:00:00.000Z',
        endDateTime: '2027-03-01T07:00:00.000Z',
        excludeId: p.peek('maintenance_schedules'),
      },
      p,
    ),
};

/** Writes naming a row of another practice: in the path, as a reference in the body, or as a client id. */
const WRITES: Record<string, (p: Picker) => Promise<Built>> = {
  'PATCH patient': async (p) =>
    write('PATCH', `/api/patients/${p.foreign('patients')}`, { address: '1 Intruder Lane' }, p),
  'PATCH patient identity': async (p) =>
    write('PATCH', `/api/patients/${p.foreign('patients')}`, { firstName: 'Mallory', isActive: false }, p),
  'DELETE patient': async (p) => write('DELETE', `/api/patients/${p.foreign('patients')}`, undefined, p),
  'POST patient with a taken id': async (p) => {
    const id = p.foreign('patients');
    return write('POST', '/api/patients', { id, firstName: 'Ivy', lastName: 'Intruder', phone: '4165550190' }, p);
  },
  'POST patient copying another practice’s patient': async (p) => {
    // Same name, birth date and phone as another practice's patient: a new patient here, never a match there.
    const row = await patientRow(p.peek('patients'));
    return write(
      'POST',
      '/api/patients',
      {
        firstName: row.first_name,
        lastName: row.last_name,
        phone: row.phone,
        ...(row.date_of_birth ? { dateOfBirth: row.date_of_birth } : {}),
      },
      p,
    );
  },
  'POST patient into another practice': async (p) =>
    write(
      'POST',
      '/api/patients',
      { firstName: 'Pia', lastName: 'Elsewhere', phone: '4165550191', practiceId: p.foreignPractice() },
      p,
    ),
  'PATCH appointment notes': async (p) =>
    write('PATCH', `/api/appointments/${p.foreign('appointments')}`, { notes: 'Moved by an intruder' }, p),
  'PATCH appointment cancel': async (p) =>
    write('PATCH', `/api/appointments/${p.foreign('appointments')}`, { status: 'cancelled' }, p),
  'PATCH appointment move': async (p) =>
    write('PATCH', `/api/appointments/${p.foreign('appointments')}`, { treatmentRoom: p.myRoom(), override: true }, p),
  'PATCH own appointment to another practice’s patient': async (p) =>
    write('PATCH', `/api/appointments/${p.mine('appointments')}`, { patientId: p.foreign('patients') }, p),
  'POST appointment with a taken id': async (p) =>
    write(
      'POST',
      '/api/appointments',
      {
        id: p.foreign('appointments'),
        patientId: p.mine('patients'),
        providerId: p.myProvider(),
        treatmentRoom: p.myRoom(),
        appointmentDate: '2026-12-01T15:00:00.000Z',
        duration: 30,
        procedure: 'Cleaning',
        override: true,
      },
      p,
    ),
  'POST appointment for another practice’s patient': async (p) =>
    write(
      'POST',
      '/api/appointments',
      {
        patientId: p.foreign('patients'),
        providerId: p.myProvider(),
        treatmentRoom: p.myRoom(),
        appointmentDate: '2026-12-01T15:00:00.000Z',
        duration: 30,
        procedure: 'Cleaning',
        override: true,
      },
      p,
    ),
  'POST family booking with another practice’s members': async (p) =>
    write(
      'POST',
      '/api/appointments/family',
      {
        primaryPatientId: p.mine('patients'),
        familyMemberIds: [p.foreign('patients')],
        providerId: p.myProvider(),
        treatmentRoom: p.myRoom(),
        appointmentDate: '2026-12-01T15:00:00.000Z',
        duration: 30,
        procedure: 'Cleaning',
        override: true,
      },
      p,
    ),
  'POST recall for another practice’s patient': async (p) =>
    write(
      'POST',
      '/api/recalls',
      { patientId: p.foreign('patients'), recallTypeId: p.foreignNumber('recall_types'), dueDate: '2027-05-01' },
      p,
    ),
  'POST recall with a taken id': async (p) => {
    const id = p.foreign('recalls');
    const type = index.numericIds('recall_types', p.own)[0];
    return write(
      'POST',
      '/api/recalls',
      { id, patientId: p.mine('patients'), recallTypeId: type, dueDate: '2027-05-01' },
      p,
    );
  },
  'POST maintenance with a taken id': async (p) =>
    write(
      'POST',
      '/api/maintenance-schedules',
      {
        id: p.foreign('maintenance_schedules'),
        roomId: p.myRoom(),
        title: 'Intruder window',
        startDateTime: '2027-04-01T06:00:00.000Z',
        endDateTime: '2027-04-01T07:00:00.000Z',
      },
      p,
    ),
  'POST maintenance in another practice’s room': async (p) =>
    write(
      'POST',
      '/api/maintenance-schedules',
      {
        roomId: p.foreignNumber('treatment_rooms'),
        title: 'Intruder window',
        startDateTime: '2027-04-02T06:00:00.000Z',
        endDateTime: '2027-04-02T07:00:00.000Z',
      },
      p,
    ),
  'POST maintenance displacing another practice’s booking': async (p) =>
    write(
      'POST',
      '/api/maintenance-schedules',
      {
        roomId: p.myRoom(),
        title: 'Intruder window',
        startDateTime: '2027-04-03T06:00:00.000Z',
        endDateTime: '2027-04-03T07:00:00.000Z',
        displace: [{ appointmentId: p.foreign('appointments'), action: 'cancel' }],
      },
      p,
    ),
  'PUT maintenance': async (p) =>
    write(
      'PUT',
      `/api/maintenance-schedules/${p.foreign('maintenance_schedules')}`,
      { title: 'Hijacked', startDateTime: '2027-04-04T06:00:00.000Z', endDateTime: '2027-04-04T08:00:00.000Z' },
      p,
    ),
  'DELETE maintenance': async (p) =>
    write('DELETE', `/api/maintenance-schedules/${p.foreign('maintenance_schedules')}`, undefined, p),
  'POST family link from another practice’s patient': async (p) =>
    write(
      'POST',
      `/api/family/${p.foreign('patients')}/relationships`,
      { relatedPatientId: p.mine('patients'), relationshipType: 'sibling' },
      p,
    ),
  'POST family link to another practice’s patient': async (p) =>
    write(
      'POST',
      `/api/family/${p.mine('patients')}/relationships`,
      { relatedPatientId: p.foreign('patients'), relationshipType: 'sibling' },
      p,
    ),
  'POST no-show record': async (p) => {
    const id = p.foreign('appointments');
    const row = await appointmentRow(id);
    return write(
      'POST',
      '/api/no-show-prediction/record-no-show',
      { appointmentId: id, patientId: row.patient_id, actualNoShow: false },
      p,
    );
  },
  'POST message': async (p) =>
    write(
      'POST',
      '/api/communications/send-notification',
      { patientId: p.foreign('patients'), type: 'appointment_change', message: 'Intruder' },
      p,
    ),
  'POST survey': async (p) => {
    const id = p.foreign('appointments');
    const row = await appointmentRow(id);
    return write(
      'POST',
      '/api/surveys/send',
      { patientId: row.patient_id, appointmentId: id, type: 'satisfaction', method: 'email', treatmentCompleted: true },
      p,
    );
  },
  'POST forms': async (p) =>
    write(
      'POST',
      '/api/forms/send-multiple',
      { patientId: p.foreign('patients'), templateIds: [p.foreignNumber('form_templates')], method: 'sms' },
      p,
    ),
  'POST forms of another practice to my patient': async (p) =>
    write(
      'POST',
      '/api/forms/send-multiple',
      { patientId: p.mine('patients'), templateIds: [p.foreignNumber('form_templates')], method: 'sms' },
      p,
      { refusedInBody: formsRefused },
    ),
  'PATCH notification read': async (p) =>
    write('PATCH', `/api/notifications/${p.foreignNumber('notifications')}/read`, undefined, p),
  'POST absence with a plan for another practice’s booking': async (p) =>
    write(
      'POST',
      '/api/provider-absences',
      {
        providerId: p.myProvider(),
        startDate: '2027-07-05',
        endDate: '2027-07-05',
        reason: 'vacation',
        plans: [{ appointmentId: p.foreign('appointments'), action: 'cancel' }],
      },
      p,
    ),
  'PUT practice hours': async (p) => {
    const practiceId = p.foreignPractice();
    return write('PUT', `/api/practice-hours-unified/${practiceId}`, { hours: weekHours.get(practiceId) }, p, {
      scoped: false,
    });
  },
  'POST switch practice': async (p) =>
    write('POST', '/api/multi-clinic/switch-practice', { practiceId: p.foreignPractice() }, p, { scoped: false }),
};

const BATCHABLE = Object.keys(WRITES).filter((name) => name !== 'PUT practice hours');

/** The batch route: the same writes, replayed by the server inside one request. */
async function batch(p: Picker, names: readonly string[], key: string): Promise<Built> {
  const actions: Built[] = [];
  for (const name of names) {
    const build = WRITES[name];
    if (!build) continue;
    const start = p.refs.length;
    const action = await build(p);
    actions.push({ ...action, refs: p.refs.slice(start) });
  }
  const body = {
    actions: actions.map((action, position) => ({
      id: `${key}-${position}`,
      method: action.method,
      endpoint: action.url,
      ...(action.body === undefined ? {} : { body: action.body }),
    })),
  };
  return { method: 'POST', url: '/api/sync/push', body, scoped: true, refs: [...p.refs], actions };
}

const tokenHash = (cookie: string) => createHash('sha256').update(cookie.replace(/^sid=/, '')).digest('hex');

async function currentPractice(session: Session): Promise<number | undefined> {
  if (!session.tokenHash) return undefined;
  const row = await t.db
    .selectFrom('sessions')
    .select('current_practice_id')
    .where('id', '=', session.tokenHash)
    .executeTakeFirst();
  return row?.current_practice_id;
}

/** The practice the server should act in, from the header or the session; undefined when there is none. */
async function actingPractice(session: Session, header: PracticeHeader): Promise<number | undefined> {
  if (header === undefined) return currentPractice(session);
  return /^\d{1,9}$/.test(header) && Number(header) >= 1 ? Number(header) : undefined;
}

/** Practices whose rows this request may see or change. */
function permittedFor(built: Built, session: Session, acting: number | undefined): ReadonlySet<number> {
  if (!session.cookie) return new Set();
  if (!built.scoped) return new Set(session.allowed);
  return acting !== undefined && session.allowed.includes(acting) ? new Set([acting]) : new Set();
}

const permits = (owners: ReadonlySet<number>, permitted: ReadonlySet<number>) =>
  [...owners].some((practiceId) => permitted.has(practiceId));

function parse(text: string): unknown {
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
  status: number,
  text: string,
  built: Built,
  permitted: ReadonlySet<number>,
  userId: number | undefined,
): Promise<string[]> {
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
async function snapshot(refs: readonly Ref[], permitted: ReadonlySet<number>): Promise<Record<string, unknown>> {
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
async function untouchable(permitted: ReadonlySet<number>): Promise<Record<string, unknown>> {
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

interface Step {
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

interface Sent {
  built: Built;
  key: string | undefined;
  batchKey: string;
}

function describeStep(step: Step, sent: Sent): string {
  const { built, key } = sent;
  return `${step.actor} X-Practice-ID=${step.header ?? '(none)'} key=${key ?? '(none)'} ${built.method} ${built.url} ${JSON.stringify(built.body ?? null)}`;
}

/** What must be true of one answer to one request (or one action of a batch). */
async function judge(
  status: number,
  text: string,
  built: Built,
  permitted: ReadonlySet<number>,
  userId: number | undefined,
  keyReused: boolean,
): Promise<string[]> {
  const problems: string[] = [];
  if (status >= 500) problems.push(`server error ${status}: ${text.slice(0, 200)}`);
  problems.push(...(await leaks(status, text, built, permitted, userId)));
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

/** Keys a user has sent in a practice; false when this one was sent before (its answer is then a replay). */
const usedKeys = new Set<string>();
/**
 * Keys are scoped to one property run (a retry inside a run is the case worth testing), so a run,
 * and fast-check's shrinking of it, does not depend on the answers stored by the runs before it.
 */
let runNumber = 0;
const keyOf = (key: string) => `${key}-r${runNumber}`;
function markKeyUsed(session: Session, acting: number | undefined, key: string): boolean {
  const scope = `${session.userId}|${acting}|${key}`;
  if (usedKeys.has(scope)) return false;
  usedKeys.add(scope);
  return true;
}

async function run(step: Step, previous: Sent | undefined): Promise<{ problems: string[]; sent: Sent }> {
  const session = sessions.get(step.actor);
  if (!session) throw new Error(`no session for ${step.actor}`);
  const acting = await actingPractice(session, step.header);
  const own = acting !== undefined && PRACTICE_IDS.some((id) => id === acting) ? acting : session.home;
  const others = PRACTICE_IDS.filter((practiceId) => practiceId !== own);
  const target = step.targetSlot === 0 ? own : (others[(step.targetSlot - 1) % others.length] ?? own);
  const picker = new Picker(target, own, step.picks, session.userId);
  const builder = READS[step.route] ?? WRITES[step.route];
  const fresh = async (): Promise<Sent> => {
    const key = step.key === undefined ? undefined : keyOf(step.key);
    const batchKey = key ?? keyOf('iso-batch');
    const built =
      step.route === BATCH_ROUTE || !builder ? await batch(picker, step.batch, batchKey) : await builder(picker);
    return { built, key, batchKey };
  };
  // The same key, path and body from another user or practice must never get the first one's answer.
  const sent = step.resend && previous ? previous : await fresh();
  const { key, batchKey } = sent;
  const built = await currentOwners(sent.built);
  const permitted = permittedFor(built, session, acting);
  // A batch the server lets through may hold calls about the user (a switch), which touch any practice they may access.
  const changeable =
    built.actions && permitted.size > 0
      ? new Set(built.actions.flatMap((action) => [...permittedFor(action, session, acting)]))
      : permitted;
  const isWrite = built.method !== 'GET';
  const before = isWrite
    ? {
        rows: await snapshot(built.refs, changeable),
        rest: await untouchable(changeable),
        crossings: new Set(await crossPracticeReferences(t.db)),
      }
    : undefined;

  // Calls about the user (practice hours, switching) keep their keys under the session's practice, not the header's.
  const keyPractice = built.scoped ? acting : await currentPractice(session);
  const keyReused = isWrite && key !== undefined && !built.actions && !markKeyUsed(session, keyPractice, key);
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
      const reused = !action.scoped || !markKeyUsed(session, acting, `${batchKey}-${position}`);
      for (const problem of await judge(result.status, text, action, actionPermitted, session.userId, reused)) {
        problems.push(`action ${position} (${action.method} ${action.url}): ${problem}`);
      }
    }
  } else {
    problems.push(...(await judge(response.statusCode, response.body, built, permitted, session.userId, keyReused)));
  }

  if (before) {
    const after = { rows: await snapshot(built.refs, changeable), rest: await untouchable(changeable) };
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
  for (const [actor, other] of sessions) {
    const current = await currentPractice(other);
    if (current !== undefined && !other.allowed.includes(current)) {
      problems.push(`the session of ${actor} now acts in practice ${current}`);
    }
  }
  const what = `${describeStep(step, sent)}${sent === previous ? ' (resent)' : ''}`;
  return { problems: problems.map((problem) => `${what}\n  → ${response.statusCode}: ${problem}`), sent };
}

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

beforeAll(async () => {
  // Hundreds of requests per session: the production limit would answer 429 long before the end.
  t = await createTestApp({ rateLimitMax: 1_000_000 });
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
  index = await RowIndex.load(t.db);
  expect(await crossPracticeReferences(t.db)).toEqual([]);

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
    session.home = (await currentPractice(session)) ?? user.practice_id;
    sessions.set(username, session);
  }
  sessions.set('anonymous', { allowed: [], home: 1 });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('practice isolation (property)', () => {
  it(
    'no user, practice header or route sees or changes a row of a practice it is not scoped to',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 6 }), async (steps) => {
          runNumber += 1;
          // Each run starts from every session in its sign-in practice, so a run does not depend on the last.
          for (const session of sessions.values()) {
            if (session.tokenHash) {
              await t.db
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
            const outcome = await run(step, previous);
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
