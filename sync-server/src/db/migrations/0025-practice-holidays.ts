import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { PRACTICE_ROLE, PRACTICE_SETTING } from './0013-practice-isolation.ts';

/** The practice tables this migration adds: each gets 0013's row-level security on PostgreSQL. */
export const HOLIDAY_TABLES = ['practice_holiday_closures'] as const;

/** The row id, in the practice_hours sync table, of the practice's holiday calendar (province and choices). */
export const HOLIDAYS_ROW_ID = 'holidays';

/**
 * Issue 21: which statutory holidays a practice closes on. One row per observed holiday date the practice
 * decided about; a holiday without a row is closed when statutory (the default). The calendar reaches the
 * devices as one more row of the practice_hours sync table (id 'holidays'), versioned here for every
 * practice that already exists so the next pull delivers it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('practice_holiday_closures')
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('holiday_date', 'text', (c) => c.notNull())
    .addColumn('holiday_key', 'text', (c) => c.notNull())
    .addColumn('closed', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('practice_holiday_closures_pk', ['practice_id', 'holiday_date'])
    .execute();

  const stamp = new Date().toISOString();
  await sql`
    insert into practice_versions (practice_id, version)
    select id, 0 from practices p where not exists (select 1 from practice_versions pv where pv.practice_id = p.id)
  `.execute(db);
  await sql`update practice_versions set version = version + 1 where true`.execute(db);
  await sql`
    insert into row_versions (practice_id, table_name, row_id, version, deleted, changed_at)
    select practice_id, 'practice_hours', ${HOLIDAYS_ROW_ID}, version, 0, ${stamp} from practice_versions
    where practice_id in (select id from practices)
    on conflict (practice_id, table_name, row_id) do nothing
  `.execute(db);

  if (!isPostgres(db)) return;
  for (const table of HOLIDAY_TABLES) {
    await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
    await sql`
      create policy ${sql.id(`${table}_own_practice`)} on ${sql.table(table)} to ${sql.id(PRACTICE_ROLE)}
      using (practice_id = current_setting(${sql.lit(PRACTICE_SETTING)})::integer)
      with check (practice_id = current_setting(${sql.lit(PRACTICE_SETTING)})::integer)
    `.execute(db);
  }
}
