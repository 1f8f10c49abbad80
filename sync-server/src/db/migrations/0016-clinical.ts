import { randomUUID } from 'node:crypto';
import { SAMPLE_FEE_SCHEDULE } from '@dental/domain/clinical/fees';
import { DEFAULT_NOTE_TEMPLATES } from '@dental/domain/clinical/notes';
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { ID_TAKEN_FUNCTION, PRACTICE_ROLE, PRACTICE_SETTING } from './0013-practice-isolation.ts';

/** The practice tables this migration adds: each gets 0013's row-level security on PostgreSQL. */
export const CLINICAL_TABLES = [
  'clinical_entries',
  'perio_exams',
  'clinical_notes',
  'clinical_note_addenda',
  'treatment_plans',
  'note_templates',
  'procedure_fees',
  'chart_locks',
] as const;

/** Tables whose rows a device may create offline under its own id (0013's list, and the clinical ones). */
export const CLIENT_ID_TABLES = [
  'patients',
  'appointments',
  'recalls',
  'maintenance_schedules',
  'clinical_entries',
  'perio_exams',
  'clinical_notes',
  'clinical_note_addenda',
  'treatment_plans',
  'note_templates',
] as const;

/**
 * Issue 17: clinical charts. Chart entries are append-only (a correction voids one and adds another);
 * notes become immutable when signed and are corrected by signed addenda; perio exams and plans keep
 * their nested readings and phases as JSON text. Who and when are stored on the record with the name
 * as it was at the time, because a clinical record is a legal one. The edit lock of a chart is a row
 * per patient, never on the pull feed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const patientColumns = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
      // No cascade: a clinical record outlives nothing by accident (a patient with one is not deleted).
      .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id'));

  await patientColumns('clinical_entries')
    .addColumn('tooth', 'text', (c) => c.notNull())
    /** Canonical letters ('MOD'); empty for the whole tooth. */
    .addColumn('surfaces', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('condition', 'text')
    .addColumn('material', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('procedure_code', 'text')
    .addColumn('appointment_id', 'text')
    /** JSON array of the entry ids it replaces. */
    .addColumn('replaces', 'text', (c) => c.notNull())
    .addColumn('recorded_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('recorded_by_name', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .addColumn('voided_at', 'text')
    .addColumn('voided_by', 'integer', (c) => c.references('users.id'))
    .addColumn('voided_by_name', 'text')
    .addColumn('void_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await patientColumns('perio_exams')
    .addColumn('appointment_id', 'text')
    .addColumn('exam_date', 'text', (c) => c.notNull())
    /** JSON: tooth → its six sites' readings, mobility and furcation. */
    .addColumn('teeth', 'text', (c) => c.notNull())
    .addColumn('recorded_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('recorded_by_name', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await patientColumns('clinical_notes')
    .addColumn('appointment_id', 'text')
    .addColumn('template_id', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'text')
    .addColumn('signed_by', 'integer', (c) => c.references('users.id'))
    .addColumn('signed_by_name', 'text')
    .execute();

  await patientColumns('clinical_note_addenda')
    .addColumn('note_id', 'text', (c) => c.notNull().references('clinical_notes.id'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('signed_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('signed_by_name', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await patientColumns('treatment_plans')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    /** JSON: the phases with their items. */
    .addColumn('phases', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('proposed_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_by_name', 'text')
    .addColumn('signature', 'text')
    .execute();

  for (const table of [
    'clinical_entries',
    'perio_exams',
    'clinical_notes',
    'clinical_note_addenda',
    'treatment_plans',
  ]) {
    await db.schema.createIndex(`${table}_practice_patient`).on(table).columns(['practice_id', 'patient_id']).execute();
  }
  await db.schema.createIndex('clinical_note_addenda_note').on('clinical_note_addenda').column('note_id').execute();

  await db.schema
    .createTable('note_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('note_templates_practice').on('note_templates').column('practice_id').execute();

  await db.schema
    .createTable('procedure_fees')
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    /** In cents. */
    .addColumn('fee', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('procedure_fees_pk', ['practice_id', 'code'])
    .execute();

  await db.schema
    .createTable('chart_locks')
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('holder_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('acquired_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chart_locks_pk', ['practice_id', 'patient_id'])
    .execute();

  await startingLibrary(db);

  if (!isPostgres(db)) return;
  // 0013's default privileges already grant the practice role these tables; its policies are per table.
  for (const table of CLINICAL_TABLES) {
    await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
    await sql`
      create policy ${sql.id(`${table}_own_practice`)} on ${sql.table(table)} to ${sql.id(PRACTICE_ROLE)}
      using (practice_id = current_setting(${sql.lit(PRACTICE_SETTING)})::integer)
      with check (practice_id = current_setting(${sql.lit(PRACTICE_SETTING)})::integer)
    `.execute(db);
  }
  // The id question of 0013, now also for the records a device creates offline in a chart.
  await sql`
    create or replace function ${sql.id(ID_TAKEN_FUNCTION)}(table_name text, row_id text) returns boolean
    language plpgsql stable security definer set search_path = public as $$
    declare taken boolean;
    begin
      if not (table_name = any (${sql.lit(`{${CLIENT_ID_TABLES.join(',')}}`)}::text[])) then
        raise exception 'not a table of client-chosen ids: %', table_name;
      end if;
      execute format('select exists (select 1 from %I where id = $1)', table_name) into taken using row_id;
      return taken;
    end $$
  `.execute(db);
}

/**
 * A practice that existed before this release gets what the seed gives a new one: the sample fee schedule
 * and the default note library, on the pull feed after the practice's current version. A new database has
 * no practice yet: the seed writes them.
 */
async function startingLibrary(db: Kysely<unknown>): Promise<void> {
  const { rows: practices } = await sql<{ id: number }>`select id from practices order by id`.execute(db);
  if (practices.length === 0) return;
  const stamp = new Date().toISOString();
  for (const { id } of practices) {
    for (const fee of SAMPLE_FEE_SCHEDULE) {
      await sql`
        insert into procedure_fees (practice_id, code, description, category, fee)
        values (${id}, ${fee.code}, ${fee.description}, ${fee.category}, ${fee.fee})
      `.execute(db);
    }
    for (const template of DEFAULT_NOTE_TEMPLATES) {
      await sql`
        insert into note_templates (id, practice_id, name, category, body, active, updated_at)
        values (${randomUUID()}, ${id}, ${template.name}, ${template.category}, ${template.body}, 1, ${stamp})
      `.execute(db);
    }
  }
  await sql`
    insert into row_versions (practice_id, table_name, row_id, version, deleted, changed_at)
    select src.practice_id, src.table_name, src.row_id,
      coalesce((select version from practice_versions pv where pv.practice_id = src.practice_id), 0)
        + row_number() over (partition by src.practice_id order by src.table_order, src.sort_key, src.row_id),
      0, ${stamp}
    from (
      select practice_id, 'procedure_fees' as table_name, code as row_id, 1 as table_order, code as sort_key
        from procedure_fees
      union all select practice_id, 'note_templates', id, 2, name from note_templates
    ) as src
  `.execute(db);
  // "where true" keeps SQLite from reading the upsert's ON as a join constraint.
  await sql`
    insert into practice_versions (practice_id, version)
    select practice_id, max(version) from row_versions where true group by practice_id
    on conflict (practice_id) do update set version = case
      when excluded.version > practice_versions.version then excluded.version
      else practice_versions.version
    end
  `.execute(db);
}
