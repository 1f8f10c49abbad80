import type { PullChange, PullResponse } from '@dental/domain/sync/protocol';
import { localDate } from '@dental/domain/time/zones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordChange } from '../src/repos/changes.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let receptionist: string;
let doctor: string;
let hygienist: string;

beforeAll(async () => {
  t = await createTestApp();
  receptionist = await t.login('receptionist');
  doctor = await t.login('doctor');
  hygienist = await t.login('hygienist');
});
afterAll(async () => {
  await t.close();
});

async function pull(
  cookie: string,
  cursor?: string,
  options: { limit?: number; practiceId?: number; focus?: string } = {},
) {
  const params = new URLSearchParams();
  if (cursor !== undefined) params.set('cursor', cursor);
  if (options.limit !== undefined) params.set('limit', String(options.limit));
  if (options.focus !== undefined) params.set('focus', options.focus);
  const response = await t.request({ url: `/api/sync/pull?${params}`, cookie, practiceId: options.practiceId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PullResponse;
}

/** Every page from the cursor until hasMore is false. */
async function pullAll(cookie: string, cursor?: string, options: { limit?: number; practiceId?: number } = {}) {
  const pages: PullResponse[] = [];
  let next = cursor;
  for (;;) {
    const page = await pull(cookie, next, options);
    pages.push(page);
    next = page.cursor;
    if (!page.hasMore) break;
  }
  return { pages, cursor: next ?? '', changes: pages.flatMap((page) => page.changes) };
}

const ofTable = (changes: PullChange[], table: string) => changes.filter((change) => change.table === table);

async function count(query: Promise<{ n: number | string | bigint }>) {
  return Number((await query).n);
}

describe('GET /api/sync/pull: the first snapshot', () => {
  it('pages through every synced table of the practice, and nothing of another practice', async () => {
    const { pages, changes } = await pullAll(doctor, undefined, { limit: 500 });
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]?.reset).toBe(true);
    expect(pages.slice(1).every((page) => page.reset === false)).toBe(true);
    expect(pages.every((page) => page.changes.length <= 500)).toBe(true);
    const versions = changes.map((change) => change.version);
    expect(new Set(versions).size).toBe(versions.length);
    // In order within each part: a page never mixes two parts, so each page is in order.
    for (const page of pages) {
      const own = page.changes.map((change) => change.version);
      expect(own).toEqual([...own].sort((a, b) => a - b));
    }

    const db = t.db;
    const n = (table: 'patients' | 'appointments' | 'form_templates' | 'recall_types') =>
      count(
        db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('practice_id', '=', 1)
          .executeTakeFirstOrThrow(),
      );
    const staffCount = await count(
      db
        .selectFrom('user_practices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('practice_id', '=', 1)
        .executeTakeFirstOrThrow(),
    );
    expect(ofTable(changes, 'patients')).toHaveLength(await n('patients'));
    expect(ofTable(changes, 'appointments')).toHaveLength(await n('appointments'));
    expect(ofTable(changes, 'treatment_rooms')).toHaveLength(14);
    expect(ofTable(changes, 'users')).toHaveLength(staffCount);
    expect(ofTable(changes, 'practice_hours')).toHaveLength(7);
    expect(ofTable(changes, 'form_templates')).toHaveLength(await n('form_templates'));
    expect(ofTable(changes, 'recall_types')).toHaveLength(await n('recall_types'));
    expect(changes.every((change) => change.op === 'upsert')).toBe(true);

    const foreignPatients = new Set(
      (await db.selectFrom('patients').select('id').where('practice_id', '!=', 1).execute()).map((p) => p.id),
    );
    for (const change of changes) {
      expect(typeof change.id).toBe('string');
      if (change.table !== 'users' && change.row && 'practiceId' in change.row) {
        expect(change.row.practiceId, change.table).toBe(1);
      }
      if (change.table === 'patients') expect(foreignPatients.has(change.id)).toBe(false);
    }
  });

  it('sends rows in the REST shapes', async () => {
    const { changes } = await pullAll(doctor, undefined, { limit: 5000 });
    const patient = ofTable(changes, 'patients')[0];
    const rest = await t.request({ url: `/api/patients/${patient?.id}`, cookie: doctor });
    expect(patient?.row).toEqual(rest.json());

    const rooms = await t.request({ url: '/api/treatment-rooms', cookie: doctor });
    expect(ofTable(changes, 'treatment_rooms').map((c) => c.row)).toEqual(rooms.json());

    const users = (await t.request({ url: '/api/users', cookie: doctor })).json() as { id: number }[];
    const syncedUsers = ofTable(changes, 'users').map((c) => c.row as { id: number });
    expect([...syncedUsers].sort((a, b) => a.id - b.id)).toEqual([...users].sort((a, b) => a.id - b.id));

    const appointment = ofTable(changes, 'appointments').find((c) => c.row?.appointmentDate);
    const day = String(appointment?.row?.appointmentDate).slice(0, 10);
    const listed = [
      ...(await t.request({ url: `/api/appointments?date=${day}`, cookie: doctor })).json(),
      ...(await t.request({ url: `/api/appointments?date=${addDay(day, -1)}`, cookie: doctor })).json(),
    ];
    expect(listed).toContainEqual(appointment?.row);

    expect(ofTable(changes, 'practice_hours').find((c) => c.id === '1')?.row).toEqual({
      weekday: 1,
      name: 'monday',
      openTime: '08:00',
      closeTime: '18:00',
      isOpen: true,
      closed: false,
    });
    expect(ofTable(changes, 'practice_hours').find((c) => c.id === '0')?.row).toMatchObject({ closed: true });
    expect(ofTable(changes, 'form_templates')[0]?.row).toEqual({
      id: expect.any(Number),
      title: expect.any(String),
      description: expect.any(String),
      category: expect.any(String),
      fields: expect.any(Array),
    });
    expect(ofTable(changes, 'recall_types')[0]?.row).toEqual({
      id: expect.any(Number),
      name: 'Cleaning',
      intervalMonths: 6,
      intervalWeeks: 0,
      defaultPriority: 'medium',
    });
  });
});

function addDay(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe('GET /api/sync/pull: a snapshot comes in parts, the focus day first', () => {
  /** The practice day (Toronto) of practice 1's busiest day, and its appointment ids. */
  async function busiestDay() {
    const rows = await t.db
      .selectFrom('appointments')
      .select(['id', 'appointment_date'])
      .where('practice_id', '=', 1)
      .execute();
    const byDay = new Map<string, string[]>();
    for (const row of rows) {
      const day = localDate(row.appointment_date, 'America/Toronto');
      byDay.set(day, [...(byDay.get(day) ?? []), row.id]);
    }
    const [day, ids] = [...byDay].sort((a, b) => b[1].length - a[1].length)[0] ?? ['', []];
    return { day, ids: new Set(ids), all: rows.length };
  }

  it('sends the schedule frame and the focus day first, then patients, then the rest, each part on its own pages', async () => {
    const { day, ids, all } = await busiestDay();
    expect(ids.size).toBeGreaterThan(3);
    const first = await pull(doctor, undefined, { limit: 5000, focus: day });
    expect(first.reset).toBe(true);
    expect(first.snapshot).toEqual({ focus: day, complete: ['day'], done: false });
    const tables = new Set(first.changes.map((change) => change.table));
    expect([...tables].sort()).toEqual(
      [
        'appointments',
        'maintenance_schedules',
        'practice_hours',
        'provider_absences',
        'treatment_rooms',
        'users',
      ].filter((table) => tables.has(table as PullChange['table'])),
    );
    expect(tables.has('treatment_rooms') && tables.has('users') && tables.has('practice_hours')).toBe(true);
    expect(new Set(ofTable(first.changes, 'appointments').map((change) => change.id))).toEqual(ids);
    // What is left, per table, is exactly what the next pages bring.
    expect(first.remaining.appointments).toBe(all - ids.size);

    const second = await pull(doctor, first.cursor, { limit: 5000 });
    expect(second.reset).toBe(false);
    expect(second.snapshot).toEqual({ focus: day, complete: ['day', 'patients'], done: false });
    expect(new Set(second.changes.map((change) => change.table))).toEqual(new Set(['patients']));
    expect(second.changes).toHaveLength(first.remaining.patients ?? -1);
    expect(second.remaining.patients).toBeUndefined();

    const third = await pull(doctor, second.cursor, { limit: 5000 });
    expect(third.snapshot).toEqual({ focus: day, complete: ['day', 'patients', 'rest'], done: true });
    expect(third.hasMore).toBe(false);
    expect(third.remaining).toEqual({});
    const rest = ofTable(third.changes, 'appointments');
    expect(rest).toHaveLength(all - ids.size);
    expect(rest.some((change) => ids.has(change.id))).toBe(false);
    for (const [table, n] of Object.entries(second.remaining)) {
      expect(ofTable(third.changes, table), table).toHaveLength(n);
    }
    // Once done, the cursor is an ordinary one: nothing more, no snapshot.
    const idle = await pull(doctor, third.cursor);
    expect(idle).toMatchObject({ reset: false, hasMore: false, changes: [], remaining: {} });
    expect(idle.snapshot).toBeUndefined();
  });

  it('counts down what remains per table page by page', async () => {
    const { day } = await busiestDay();
    let cursor: string | undefined;
    let before: Record<string, number> | null = null;
    for (;;) {
      const page = await pull(receptionist, cursor, { limit: 150, focus: day });
      if (before) {
        for (const table of new Set([...Object.keys(before), ...page.changes.map((change) => change.table)])) {
          const received = ofTable(page.changes, table).length;
          expect(received + (page.remaining[table as PullChange['table']] ?? 0), table).toBe(before[table] ?? 0);
        }
      }
      before = page.remaining;
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    expect(before).toEqual({});
  });

  it('without a focus day, the first part has no appointments', async () => {
    const first = await pull(doctor, undefined, { limit: 5000 });
    expect(first.snapshot?.focus).toBeNull();
    expect(ofTable(first.changes, 'appointments')).toHaveLength(0);
  });

  it('changes made while a snapshot is sent arrive after it, so the copy ends equal to the server', async () => {
    const { day } = await busiestDay();
    const first = await pull(receptionist, undefined, { limit: 5000, focus: day });
    const sentAppointment = ofTable(first.changes, 'appointments')[0];
    const unsentPatient = await t.db
      .selectFrom('patients')
      .select('id')
      .where('practice_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/appointments/${sentAppointment?.id}`,
      cookie: receptionist,
      body: { notes: 'Changed during the snapshot' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const edited = await t.request({
      method: 'PATCH',
      url: `/api/patients/${unsentPatient.id}`,
      cookie: receptionist,
      body: { email: 'during.snapshot@example.com' },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const copy = new Map<string, PullChange>();
    for (const change of first.changes) copy.set(`${change.table}/${change.id}`, change);
    let page = first;
    while (page.hasMore) {
      page = await pull(receptionist, page.cursor, { limit: 5000 });
      for (const change of page.changes) {
        if (change.op === 'delete') copy.delete(`${change.table}/${change.id}`);
        else copy.set(`${change.table}/${change.id}`, change);
      }
    }
    expect(copy.get(`appointments/${sentAppointment?.id}`)?.row).toMatchObject({
      notes: 'Changed during the snapshot',
    });
    expect(copy.get(`patients/${unsentPatient.id}`)?.row).toMatchObject({ email: 'during.snapshot@example.com' });
    const patients = await count(
      t.db
        .selectFrom('patients')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('practice_id', '=', 1)
        .executeTakeFirstOrThrow(),
    );
    expect([...copy.keys()].filter((key) => key.startsWith('patients/'))).toHaveLength(patients);
  });

  it('an old cursor without parts still continues as changes', async () => {
    const { cursor } = await pullAll(receptionist);
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    expect(decoded.s).toBeUndefined();
    expect((await pull(receptionist, cursor)).reset).toBe(false);
  });
});

describe('GET /api/sync/pull: incremental', () => {
  it('delivers only what changed after the cursor', async () => {
    const { cursor } = await pullAll(receptionist);
    const idle = await pull(receptionist, cursor);
    expect(idle).toMatchObject({ reset: false, hasMore: false, changes: [], cursor });

    const created = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: receptionist,
      body: { firstName: 'Ines', lastName: 'Moreau', phone: '4165550999', dateOfBirth: '1992-02-02' },
    });
    expect(created.statusCode).toBe(201);
    const next = await pull(receptionist, cursor);
    expect(next.reset).toBe(false);
    expect(next.changes).toEqual([
      { table: 'patients', op: 'upsert', id: created.json().id, version: expect.any(Number), row: created.json() },
    ]);
    expect(next.cursor).not.toBe(cursor);

    const appointment = await t.db
      .selectFrom('appointments')
      .select(['id'])
      .where('practice_id', '=', 1)
      .where('status', '=', 'scheduled')
      .executeTakeFirstOrThrow();
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/appointments/${appointment.id}`,
      cookie: receptionist,
      body: { notes: 'Running late' },
    });
    expect(patched.statusCode).toBe(200);
    const after = await pull(receptionist, next.cursor);
    expect(after.changes).toHaveLength(1);
    expect(after.changes[0]).toMatchObject({ table: 'appointments', op: 'upsert', id: appointment.id });
    expect(after.changes[0]?.version).toBeGreaterThan(next.changes[0]?.version ?? Number.POSITIVE_INFINITY);
    expect(after.changes[0]?.row).toMatchObject({ notes: 'Running late' });
  });

  it('delivers a deletion as op delete without a row', async () => {
    const { cursor } = await pullAll(receptionist);
    const id = '7e0c2d1b-2222-4b8a-8c3d-000000000002';
    const now = new Date('2026-11-22T16:00:00Z');
    await t.db
      .insertInto('maintenance_schedules')
      .values({
        id,
        practice_id: 1,
        room_id: 'Room 2',
        maintenance_type: 'deep-clean',
        title: 'Deep clean',
        description: null,
        start_date_time: '2026-11-24T13:00:00.000Z',
        end_date_time: '2026-11-24T14:00:00.000Z',
        priority: 'medium',
        vendor: 'CleanCo',
        cost: 120.5,
        notes: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    await recordChange(t.db, { practiceId: 1, table: 'maintenance_schedules', rowId: id, at: now });
    const added = await pull(receptionist, cursor);
    expect(added.changes).toEqual([
      {
        table: 'maintenance_schedules',
        op: 'upsert',
        id,
        version: expect.any(Number),
        row: expect.objectContaining({ id, roomId: 'Room 2', maintenanceType: 'deep-clean', cost: 120.5 }),
      },
    ]);

    await t.db.deleteFrom('maintenance_schedules').where('id', '=', id).execute();
    await recordChange(t.db, { practiceId: 1, table: 'maintenance_schedules', rowId: id, deleted: true, at: now });
    const removed = await pull(receptionist, added.cursor);
    expect(removed.changes).toEqual([
      { table: 'maintenance_schedules', op: 'delete', id, version: expect.any(Number) },
    ]);
  });

  it('another practice has its own counter and never sees this one', async () => {
    const { cursor: toronto } = await pullAll(doctor, undefined, { practiceId: 1 });
    const calgary = await pullAll(doctor, undefined, { practiceId: 2, limit: 5000 });
    expect(ofTable(calgary.changes, 'treatment_rooms')).toHaveLength(8);
    // Staff rows carry their home practice; every other row belongs to the practice pulled.
    const scoped = calgary.changes.filter((c) => c.table !== 'users' && c.row && 'practiceId' in c.row);
    expect(scoped.length).toBeGreaterThan(0);
    expect(scoped.every((c) => c.row?.practiceId === 2)).toBe(true);
    const calgaryStaff = await t.db
      .selectFrom('user_practices')
      .select('user_id')
      .where('practice_id', '=', 2)
      .execute();
    expect(
      ofTable(calgary.changes, 'users')
        .map((c) => Number(c.id))
        .sort(),
    ).toEqual(calgaryStaff.map((s) => s.user_id).sort());
    // A Toronto cursor presented for Calgary is not trusted.
    expect((await pull(doctor, toronto, { practiceId: 2, limit: 1 })).reset).toBe(true);
  });
});

describe('GET /api/sync/pull: cursors it does not trust start a snapshot', () => {
  it.each([
    ['garbage', 'not-a-cursor'],
    ['valid base64 of nonsense', Buffer.from('{"hello":1}').toString('base64url')],
    [
      'another database',
      Buffer.from(JSON.stringify({ practiceId: 1, version: 1, epoch: 'elsewhere', scope: 0 })).toString('base64url'),
    ],
  ])('%s ⇒ reset: true', async (_label, cursor) => {
    const page = await pull(receptionist, cursor, { limit: 10 });
    expect(page.reset).toBe(true);
    expect(page.changes[0]?.version).toBe(1);
  });

  it('a cursor ahead of the counter (a restored database) ⇒ reset', async () => {
    const { cursor } = await pullAll(receptionist);
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    const ahead = Buffer.from(JSON.stringify({ ...decoded, version: decoded.version + 1000 })).toString('base64url');
    expect((await pull(receptionist, ahead, { limit: 1 })).reset).toBe(true);
  });

  it('limit is 1 to 5000, the cursor at most 300 characters and the focus a date', async () => {
    for (const query of ['limit=0', 'limit=5001', `cursor=${'a'.repeat(301)}`, 'focus=2026-02-30', 'focus=today']) {
      const response = await t.request({ url: `/api/sync/pull?${query}`, cookie: receptionist });
      expect(response.statusCode, query).toBe(400);
    }
    expect((await t.request({ url: '/api/sync/pull' })).statusCode).toBe(401);
  });
});

describe('GET /api/sync/pull: what each user may read', () => {
  async function setOverride(username: string, permission: string, granted: boolean | null) {
    const user = await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    await t.db
      .deleteFrom('user_permissions')
      .where('user_id', '=', user.id)
      .where('permission', '=', permission)
      .execute();
    if (granted !== null) {
      await t.db
        .insertInto('user_permissions')
        .values({ user_id: user.id, permission, granted: granted ? 1 : 0 })
        .execute();
    }
  }

  it('a user without patients.view receives no patients, and a snapshot once the grant changes', async () => {
    await setOverride('receptionist', 'patients.view', false);
    const cookie = await t.login('receptionist');
    const { changes, cursor } = await pullAll(cookie, undefined, { limit: 5000 });
    expect(ofTable(changes, 'patients')).toEqual([]);
    expect(ofTable(changes, 'recall_types')).toEqual([]);
    expect(ofTable(changes, 'form_templates').length).toBeGreaterThan(0);
    expect(ofTable(changes, 'appointments').length).toBeGreaterThan(0);
    await setOverride('receptionist', 'patients.view', null);
    const regranted = await pull(cookie, cursor, { limit: 10 });
    expect(regranted.reset).toBe(true);
  });

  it('a hygienist gets patients without insurance details', async () => {
    const { changes } = await pullAll(hygienist, undefined, { limit: 5000 });
    const patients = ofTable(changes, 'patients');
    expect(patients.length).toBeGreaterThan(0);
    for (const patient of patients) {
      expect(patient.row?.restricted).toEqual(['insurance']);
      expect(patient.row?.medicalHistory).not.toHaveProperty('insuranceProvider');
    }
  });
});
