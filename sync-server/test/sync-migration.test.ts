import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SAMPLE_FEE_SCHEDULE } from '@dental/domain/clinical/fees';
import { DEFAULT_NOTE_TEMPLATES } from '@dental/domain/clinical/notes';
import { Migrator } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Db, migrateToLatest, openDatabase } from '../src/db/connection.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { recordAllRows, recordChange } from '../src/repos/changes.ts';

const dir = mkdtempSync(join(inject('serverTestRoot'), 'migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const STAMP = '2026-11-01T12:00:00.000Z';

/** Up to the named migration, included: a later one adds rows of its own (0016: a fee schedule per practice). */
async function migrateThrough(db: Db, last: string): Promise<void> {
  const through = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => through } }).migrateToLatest();
  if (error) throw error;
}

/** A database as it was before 0003, holding a little of everything that syncs, in two practices. */
async function databaseBeforeSync(): Promise<Db> {
  const db = openDatabase(join(dir, `before-${Math.random().toString(16).slice(2)}.sqlite`));
  const earlier = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0003'));
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => earlier } }).migrateToLatest();
  if (error) throw error;
  for (const id of [1, 2]) {
    await db
      .insertInto('practices')
      .values({ id, name: `P${id}`, city: 'Toronto', province: 'ON', timezone: 'America/Toronto', created_at: STAMP })
      .execute();
    await db
      .insertInto('practice_hours')
      .values(
        [0, 1].map((weekday) => ({ practice_id: id, weekday, is_open: weekday, open_time: null, close_time: null })),
      )
      .execute();
    await db
      .insertInto('treatment_rooms')
      .values({ practice_id: id, room_code: 'Room 1', name: 'Operatory 1', room_type: 'operatory', is_active: 1 })
      .execute();
  }
  await db
    .insertInto('users')
    .values({
      username: 'dr',
      password_hash: 'x',
      first_name: 'A',
      last_name: 'B',
      email: null,
      role: 'doctor',
      practice_id: 1,
      provider_color: null,
      is_available: 1,
      must_reset_password: 0,
      created_at: STAMP,
      updated_at: STAMP,
    })
    .execute();
  await db
    .insertInto('user_practices')
    .values([
      { user_id: 1, practice_id: 1 },
      { user_id: 1, practice_id: 2 },
    ])
    .execute();
  await db
    .insertInto('patients')
    .values({
      id: '11111111-1111-4111-8111-111111111111',
      practice_id: 1,
      first_name: 'C',
      last_name: 'D',
      email: null,
      phone: '4165550000',
      date_of_birth: null,
      address: null,
      city: null,
      province: null,
      zip_code: null,
      emergency_contact: null,
      emergency_phone: null,
      medical_history: '{}',
      preferred_provider_id: null,
      is_active: 1,
      created_at: STAMP,
      updated_at: STAMP,
    })
    .execute();
  return db;
}

describe('migration 0003 on a database that already holds data', () => {
  it('versions every existing row, per practice, and starts each counter after them', async () => {
    const db = await databaseBeforeSync();
    await migrateThrough(db, '0015-user-language');
    const rows = await db.selectFrom('row_versions').selectAll().orderBy('practice_id').orderBy('version').execute();
    const summary = (practiceId: number) =>
      rows.filter((row) => row.practice_id === practiceId).map((row) => [row.version, row.table_name, row.row_id]);
    expect(summary(1)).toEqual([
      [1, 'practice_hours', '0'],
      [2, 'practice_hours', '1'],
      [3, 'treatment_rooms', '1'],
      [4, 'users', '1'],
      [5, 'patients', '11111111-1111-4111-8111-111111111111'],
    ]);
    expect(summary(2)).toEqual([
      [1, 'practice_hours', '0'],
      [2, 'practice_hours', '1'],
      [3, 'treatment_rooms', '2'],
      [4, 'users', '1'],
    ]);
    const counters = await db.selectFrom('practice_versions').selectAll().orderBy('practice_id').execute();
    expect(counters).toEqual([
      { practice_id: 1, version: 5 },
      { practice_id: 2, version: 4 },
    ]);
    const epoch = await db.selectFrom('sync_meta').select('value').where('key', '=', 'epoch').executeTakeFirstOrThrow();
    expect(epoch.value).toMatch(/^[0-9a-f]{16}$/);

    expect(await recordChange(db, { practiceId: 2, table: 'treatment_rooms', rowId: 2, at: new Date(STAMP) })).toBe(5);
    // Versioning everything again (on the current schema) adds nothing for rows that already have a version.
    await migrateToLatest(db);
    const versioned = (await db.selectFrom('row_versions').selectAll().execute()).length;
    await recordAllRows(db, new Date(STAMP));
    expect(await db.selectFrom('row_versions').selectAll().execute()).toHaveLength(versioned);
    await db.destroy();
  });

  it('gives every database its own epoch', async () => {
    const epochs = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const db = openDatabase(join(dir, `fresh-${i}.sqlite`));
      await migrateThrough(db, '0015-user-language');
      const row = await db.selectFrom('sync_meta').select('value').executeTakeFirstOrThrow();
      epochs.add(row.value);
      await db.destroy();
    }
    expect(epochs.size).toBe(2);
  });
});

describe('migration 0010 on a database that already holds recalls', () => {
  it("versions every existing recall after the practice's current version, once", async () => {
    const db = await databaseBeforeSync();
    const upTo0009 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0010'));
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => upTo0009 } }).migrateToLatest();
    if (error) throw error;
    const type = await db
      .insertInto('recall_types')
      .values({ practice_id: 1, name: 'Cleaning', interval_months: 6, interval_weeks: 0, default_priority: 'medium' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recall = (id: string, dueDate: string) => ({
      id,
      practice_id: 1,
      patient_id: '11111111-1111-4111-8111-111111111111',
      recall_type_id: type.id,
      last_visit_date: null,
      due_date: dueDate,
      priority: 'medium',
      notes: null,
      status: 'active',
      created_by: null,
      created_at: STAMP,
    });
    await db
      .insertInto('recalls')
      .values([recall('r-later', '2027-05-01'), recall('r-sooner', '2026-12-01')])
      .execute();
    const before = await db
      .selectFrom('practice_versions')
      .select('version')
      .where('practice_id', '=', 1)
      .executeTakeFirstOrThrow();

    await migrateThrough(db, '0015-user-language');
    const versioned = await db
      .selectFrom('row_versions')
      .select(['row_id', 'version', 'deleted'])
      .where('practice_id', '=', 1)
      .where('table_name', '=', 'recalls')
      .orderBy('version')
      .execute();
    expect(versioned).toEqual([
      { row_id: 'r-sooner', version: before.version + 1, deleted: 0 },
      { row_id: 'r-later', version: before.version + 2, deleted: 0 },
    ]);
    const counters = await db.selectFrom('practice_versions').selectAll().orderBy('practice_id').execute();
    expect(counters.find((counter) => counter.practice_id === 1)?.version).toBe(before.version + 2);
    // Versioning everything again (on the current schema) adds nothing for recalls that already have a version.
    await migrateToLatest(db);
    await recordAllRows(db, new Date(STAMP));
    expect(
      await db.selectFrom('row_versions').select('row_id').where('table_name', '=', 'recalls').execute(),
    ).toHaveLength(2);
    await db.destroy();
  });
});

describe('migration 0011 on a database that already holds family links and sent forms', () => {
  it("versions every existing link and send after the practice's current version, once", async () => {
    const db = await databaseBeforeSync();
    const upTo0010 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0011'));
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => upTo0010 } }).migrateToLatest();
    if (error) throw error;
    const patient = '11111111-1111-4111-8111-111111111111';
    const relative = '22222222-2222-4222-8222-222222222222';
    await db
      .insertInto('patients')
      .values({
        id: relative,
        practice_id: 1,
        first_name: 'E',
        last_name: 'F',
        email: null,
        phone: '4165550001',
        date_of_birth: null,
        address: null,
        city: null,
        province: null,
        zip_code: null,
        emergency_contact: null,
        emergency_phone: null,
        medical_history: '{}',
        preferred_provider_id: null,
        is_active: 1,
        created_at: STAMP,
        updated_at: STAMP,
      })
      .execute();
    await db
      .insertInto('family_relationships')
      .values([
        {
          id: 'f-b',
          practice_id: 1,
          patient_id: patient,
          related_patient_id: relative,
          relationship_type: 'parent',
          created_at: STAMP,
        },
        {
          id: 'f-a',
          practice_id: 1,
          patient_id: relative,
          related_patient_id: patient,
          relationship_type: 'child',
          created_at: STAMP,
        },
      ])
      .execute();
    await db
      .insertInto('form_sends')
      .values({
        id: 's-1',
        practice_id: 1,
        patient_id: patient,
        template_id: 1,
        method: 'sms',
        status: 'sent',
        sent_at: '2026-11-02T12:00:00.000Z',
        sent_by: null,
      })
      .execute();
    const before = await db
      .selectFrom('practice_versions')
      .select('version')
      .where('practice_id', '=', 1)
      .executeTakeFirstOrThrow();

    await migrateThrough(db, '0015-user-language');
    const versioned = await db
      .selectFrom('row_versions')
      .select(['table_name', 'row_id', 'version', 'deleted'])
      .where('practice_id', '=', 1)
      .where('table_name', 'in', ['family_relationships', 'form_sends'])
      .orderBy('version')
      .execute();
    expect(versioned).toEqual([
      { table_name: 'family_relationships', row_id: 'f-a', version: before.version + 1, deleted: 0 },
      { table_name: 'family_relationships', row_id: 'f-b', version: before.version + 2, deleted: 0 },
      { table_name: 'form_sends', row_id: 's-1', version: before.version + 3, deleted: 0 },
    ]);
    const counters = await db.selectFrom('practice_versions').selectAll().orderBy('practice_id').execute();
    expect(counters.find((counter) => counter.practice_id === 1)?.version).toBe(before.version + 3);
    // Practice 2 has none of them: its counter is untouched.
    expect(
      await db
        .selectFrom('row_versions')
        .select('row_id')
        .where('practice_id', '=', 2)
        .where('table_name', 'in', ['family_relationships', 'form_sends'])
        .execute(),
    ).toEqual([]);
    // Versioning everything again (on the current schema) adds nothing for rows that already have a version.
    await migrateToLatest(db);
    await recordAllRows(db, new Date(STAMP));
    expect(
      await db
        .selectFrom('row_versions')
        .select('row_id')
        .where('table_name', 'in', ['family_relationships', 'form_sends'])
        .execute(),
    ).toHaveLength(3);
    await db.destroy();
  });
});

describe('migration 0016 on a database whose practices exist', () => {
  it('gives each practice the sample fee schedule and the default note library, on the feed after its version', async () => {
    const db = await databaseBeforeSync();
    await migrateThrough(db, '0015-user-language');
    const before = await db.selectFrom('practice_versions').selectAll().orderBy('practice_id').execute();
    await migrateToLatest(db);
    for (const { practice_id: practiceId, version } of before) {
      const fees = await db.selectFrom('procedure_fees').select('code').where('practice_id', '=', practiceId).execute();
      expect(fees).toHaveLength(SAMPLE_FEE_SCHEDULE.length);
      const templates = await db
        .selectFrom('note_templates')
        .select(['id', 'name'])
        .where('practice_id', '=', practiceId)
        .execute();
      expect(templates.map((template) => template.name).sort()).toEqual(
        DEFAULT_NOTE_TEMPLATES.map((template) => template.name).sort(),
      );
      const versions = await db
        .selectFrom('row_versions')
        .select(['table_name', 'version'])
        .where('practice_id', '=', practiceId)
        .where('table_name', 'in', ['procedure_fees', 'note_templates'])
        .orderBy('version')
        .execute();
      const added = SAMPLE_FEE_SCHEDULE.length + DEFAULT_NOTE_TEMPLATES.length;
      expect(versions.map((row) => row.version)).toEqual(Array.from({ length: added }, (_, i) => version + i + 1));
      const counter = await db
        .selectFrom('practice_versions')
        .select('version')
        .where('practice_id', '=', practiceId)
        .executeTakeFirstOrThrow();
      // 0025 then versions the practice's holiday calendar (the practice_hours row 'holidays').
      expect(counter.version).toBe(version + added + 1);
      const calendar = await db
        .selectFrom('row_versions')
        .select('version')
        .where('practice_id', '=', practiceId)
        .where('table_name', '=', 'practice_hours')
        .where('row_id', '=', 'holidays')
        .executeTakeFirstOrThrow();
      expect(calendar.version).toBe(version + added + 1);
    }
    // Versioning everything again adds nothing.
    const count = (await db.selectFrom('row_versions').select('row_id').execute()).length;
    await recordAllRows(db, new Date(STAMP));
    expect(await db.selectFrom('row_versions').select('row_id').execute()).toHaveLength(count);
    await db.destroy();
  });
});
