import type { PullChange, PullResponse } from '@dental/domain/sync/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordChange } from '../src/services/changes.ts';
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

async function pull(cookie: string, cursor?: string, options: { limit?: number; practiceId?: number } = {}) {
  const params = new URLSearchParams();
  if (cursor !== undefined) params.set('cursor', cursor);
  if (options.limit !== undefined) params.set('limit', String(options.limit));
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
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);

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

  it('limit is 1 to 5000 and the cursor at most 200 characters', async () => {
    for (const query of ['limit=0', 'limit=5001', `cursor=${'a'.repeat(201)}`]) {
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
