import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/** The role a practice's requests run as on PostgreSQL, and the tables each practice sees only its own rows of. */
export const PRACTICE_ROLE = 'dental_practice';
export const PRACTICE_SETTING = 'dental.practice_id';
/** Whether an id a device chose is taken in any practice: the one question a practice may ask across practices. */
export const ID_TAKEN_FUNCTION = 'dental_id_taken';
const CLIENT_ID_TABLES = ['patients', 'appointments', 'recalls', 'maintenance_schedules'];
const PRACTICE_TABLES = [
  'practice_hours',
  'treatment_rooms',
  'patients',
  'family_relationships',
  'appointments',
  'provider_absences',
  'no_show_events',
  'maintenance_schedules',
  'recalls',
  'recall_types',
  'form_templates',
  'form_sends',
  'survey_sends',
  'outgoing_messages',
  'row_versions',
  'practice_versions',
];

/**
 * PostgreSQL only: row-level security as a second wall behind every query's practice filter. A request
 * in a practice runs as PRACTICE_ROLE with PRACTICE_SETTING set for its transaction; each practice table
 * then shows and accepts only that practice's rows, so a query that forgot its filter still cannot read
 * or write another practice. Without the setting such a query fails rather than seeing everything.
 * The database's owner (migrations, the seed, a copy) is not bound by these policies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    do $$ begin
      if not exists (select from pg_roles where rolname = ${sql.lit(PRACTICE_ROLE)}) then
        create role ${sql.id(PRACTICE_ROLE)} nologin;
      end if;
    end $$
  `.execute(db);
  await sql`grant ${sql.id(PRACTICE_ROLE)} to current_user`.execute(db);
  await sql`grant usage on schema public to ${sql.id(PRACTICE_ROLE)}`.execute(db);
  await sql`grant select, insert, update, delete on all tables in schema public to ${sql.id(PRACTICE_ROLE)}`.execute(
    db,
  );
  await sql`grant usage, select on all sequences in schema public to ${sql.id(PRACTICE_ROLE)}`.execute(db);
  await sql`
    alter default privileges in schema public
    grant select, insert, update, delete on tables to ${sql.id(PRACTICE_ROLE)}
  `.execute(db);
  await sql`
    alter default privileges in schema public grant usage, select on sequences to ${sql.id(PRACTICE_ROLE)}
  `.execute(db);
  // Runs as the owner (security definer), past the policies, and answers only yes or no.
  await sql`
    create function ${sql.id(ID_TAKEN_FUNCTION)}(table_name text, row_id text) returns boolean
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
  await sql`revoke all on function ${sql.id(ID_TAKEN_FUNCTION)}(text, text) from public`.execute(db);
  await sql`grant execute on function ${sql.id(ID_TAKEN_FUNCTION)}(text, text) to ${sql.id(PRACTICE_ROLE)}`.execute(db);
  for (const table of PRACTICE_TABLES) {
    await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
    await sql`
      create policy ${sql.id(`${table}_own_practice`)} on ${sql.table(table)} to ${sql.id(PRACTICE_ROLE)}
      using (practice_id = current_setting(${sql.lit(PRACTICE_SETTING)})::integer)
      with check (practice_id = current_setting(${sql.lit(PRACTICE_SETTING)})::integer)
    `.execute(db);
  }
}
