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
