import { aPatient } from '@dental/domain/testing/patients';
import { describe, expect, it } from 'vitest';
import { recordChange } from '../src/repos/changes.ts';
import { setPermission } from './helpers/demo-data.ts';
import { ofTable, pull, pullAll } from './helpers/sync.ts';
import { fileApp, signedIn } from './helpers/test-app.ts';

const t = fileApp();
const as = signedIn(t, 'receptionist', 'doctor', 'hygienist');

describe('GET /api/sync/pull: incremental', () => {
  it('delivers only what changed after the cursor', async () => {
    const { cursor } = await pullAll(t, as.receptionist);
    const idle = await pull(t, as.receptionist, cursor);
    expect(idle).toMatchObject({ reset: false, hasMore: false, changes: [], cursor });

    const created = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: as.receptionist,
      body: aPatient(),
    });
    expect(created.statusCode).toBe(201);
    const next = await pull(t, as.receptionist, cursor);
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
      cookie: as.receptionist,
      body: { notes: 'Running late' },
    });
    expect(patched.statusCode).toBe(200);
    const after = await pull(t, as.receptionist, next.cursor);
    expect(after.changes).toHaveLength(1);
    expect(after.changes[0]).toMatchObject({ table: 'appointments', op: 'upsert', id: appointment.id });
    expect(after.changes[0]?.version).toBeGreaterThan(next.changes[0]?.version ?? Number.POSITIVE_INFINITY);
    expect(after.changes[0]?.row).toMatchObject({ notes: 'Running late' });
  });

  it('delivers a deletion as op delete without a row', async () => {
    const { cursor } = await pullAll(t, as.receptionist);
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
    const added = await pull(t, as.receptionist, cursor);
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
    const removed = await pull(t, as.receptionist, added.cursor);
    expect(removed.changes).toEqual([
      { table: 'maintenance_schedules', op: 'delete', id, version: expect.any(Number) },
    ]);
  });

  it('another practice has its own counter and never sees this one', async () => {
    const { cursor: toronto } = await pullAll(t, as.doctor, undefined, { practiceId: 1 });
    const calgary = await pullAll(t, as.doctor, undefined, { practiceId: 2, limit: 5000 });
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
    expect((await pull(t, as.doctor, toronto, { practiceId: 2, limit: 1 })).reset).toBe(true);
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
    const page = await pull(t, as.receptionist, cursor, { limit: 10 });
    expect(page.reset).toBe(true);
    expect(page.changes[0]?.version).toBe(1);
  });

  it('a cursor ahead of the counter (a restored database) ⇒ reset', async () => {
    const { cursor } = await pullAll(t, as.receptionist);
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    const ahead = Buffer.from(JSON.stringify({ ...decoded, version: decoded.version + 1000 })).toString('base64url');
    expect((await pull(t, as.receptionist, ahead, { limit: 1 })).reset).toBe(true);
  });

  it('limit is 1 to 5000, the cursor at most 300 characters and the focus a date', async () => {
    for (const query of ['limit=0', 'limit=5001', `cursor=${'a'.repeat(301)}`, 'focus=2026-02-30', 'focus=today']) {
      const response = await t.request({ url: `/api/sync/pull?${query}`, cookie: as.receptionist });
      expect(response.statusCode, query).toBe(400);
    }
    expect((await t.request({ url: '/api/sync/pull' })).statusCode).toBe(401);
  });
});

describe('GET /api/sync/pull: what each user may read', () => {
  it('a user without patients.view receives no patients, and a snapshot once the grant changes', async () => {
    await setPermission(t, 'receptionist', 'patients.view', false);
    const cookie = await t.login('receptionist');
    const { changes, cursor } = await pullAll(t, cookie, undefined, { limit: 5000 });
    expect(ofTable(changes, 'patients')).toEqual([]);
    expect(ofTable(changes, 'recall_types')).toEqual([]);
    expect(ofTable(changes, 'form_templates').length).toBeGreaterThan(0);
    expect(ofTable(changes, 'appointments').length).toBeGreaterThan(0);
    await setPermission(t, 'receptionist', 'patients.view', null);
    const regranted = await pull(t, cookie, cursor, { limit: 10 });
    expect(regranted.reset).toBe(true);
  });

  it('a hygienist gets patients without insurance details', async () => {
    const { changes } = await pullAll(t, as.hygienist, undefined, { limit: 5000 });
    const patients = ofTable(changes, 'patients');
    expect(patients.length).toBeGreaterThan(0);
    for (const patient of patients) {
      expect(patient.row?.restricted).toEqual(['insurance']);
      expect(patient.row?.medicalHistory).not.toHaveProperty('insuranceProvider');
    }
  });
});
