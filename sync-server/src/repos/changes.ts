import type { SyncedTable } from '@dental/domain/sync/protocol';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { isPostgres } from '../db/dialect.ts';

export interface ChangeEntry {
  practiceId: number;
  table: SyncedTable;
  rowId: string | number;
  deleted?: boolean;
  at: Date;
}

/**
 * Gives the row the practice's next version, so the next pull of every device delivers it.
 * Call it with the request's transaction: a rolled-back write must not leave a version behind,
 * and versions are handed out in commit order because the database runs one writer at a time.
 */
export async function recordChange(db: Db, change: ChangeEntry): Promise<number> {
  const { version } = await db
    .insertInto('practice_versions')
    .values({ practice_id: change.practiceId, version: 1 })
    .onConflict((oc) => oc.column('practice_id').doUpdateSet({ version: sql<number>`practice_versions.version + 1` }))
    .returning('version')
    .executeTakeFirstOrThrow();
  const values = {
    version,
    deleted: change.deleted ? 1 : 0,
    changed_at: change.at.toISOString(),
  };
  await db
    .insertInto('row_versions')
    .values({ practice_id: change.practiceId, table_name: change.table, row_id: String(change.rowId), ...values })
    .onConflict((oc) => oc.columns(['practice_id', 'table_name', 'row_id']).doUpdateSet(values))
    .execute();
  return version;
}

/**
 * Versions every synced row that has none yet, in bulk: the demo seed inserts thousands of rows
 * at once. Reference data comes first so a client applying pages in order never sees an
 * appointment before its room, provider or patient. Within a table rows go by a sort key that is a
 * number for some tables and text for others: SQLite's dynamic typing compares them as they are;
 * PostgreSQL needs one type, so there the numbers become zero-padded text, which sorts the same.
 */
export async function recordAllRows(db: Db, at: Date): Promise<void> {
  const stamp = at.toISOString();
  const numberKey = (column: string) =>
    isPostgres(db) ? sql.raw(`lpad(cast(${column} as text), 12, '0')`) : sql.raw(column);
  await sql`
    insert into row_versions (practice_id, table_name, row_id, version, deleted, changed_at)
    select src.practice_id, src.table_name, src.row_id,
      coalesce((select version from practice_versions pv where pv.practice_id = src.practice_id), 0)
        + row_number() over (partition by src.practice_id order by src.table_order, src.sort_key, src.row_id),
      0, src.changed_at
    from (
      select practice_id, 'practice_hours' as table_name, cast(weekday as text) as row_id, 1 as table_order,
        ${numberKey('weekday')} as sort_key, cast(${stamp} as text) as changed_at from practice_hours
      union all select id, 'practice_hours', 'holidays', 1, ${isPostgres(db) ? sql.raw("'999999999999'") : sql.raw('999999999999')},
        ${stamp} from practices
      union all select practice_id, 'treatment_rooms', cast(id as text), 2, ${numberKey('id')}, ${stamp}
        from treatment_rooms
      union all select up.practice_id, 'users', cast(u.id as text), 3, ${numberKey('u.id')}, u.updated_at
        from users u join user_practices up on up.user_id = u.id
      union all select practice_id, 'recall_types', cast(id as text), 4, ${numberKey('id')}, ${stamp}
        from recall_types
      union all select practice_id, 'form_templates', cast(id as text), 5, ${numberKey('id')}, ${stamp}
        from form_templates
      union all select practice_id, 'patients', id, 6, created_at, updated_at from patients
      union all select practice_id, 'appointments', id, 7, appointment_date, updated_at from appointments
      union all select practice_id, 'maintenance_schedules', id, 8, start_date_time, updated_at
        from maintenance_schedules
      union all select practice_id, 'recalls', id, 9, due_date, created_at from recalls
      union all select practice_id, 'family_relationships', id, 10, created_at, created_at from family_relationships
      union all select practice_id, 'form_sends', id, 11, sent_at, sent_at from form_sends
      union all select practice_id, 'note_templates', id, 12, name, updated_at from note_templates
      union all select practice_id, 'procedure_fees', code, 13, code, ${stamp} from procedure_fees
      union all select practice_id, 'clinical_entries', id, 14, recorded_at, created_at from clinical_entries
      union all select practice_id, 'perio_exams', id, 15, exam_date, updated_at from perio_exams
      union all select practice_id, 'clinical_notes', id, 16, created_at, updated_at from clinical_notes
      union all select practice_id, 'treatment_plans', id, 17, proposed_at, updated_at from treatment_plans
    ) as src
    where not exists (
      select 1 from row_versions rv
      where rv.practice_id = src.practice_id and rv.table_name = src.table_name and rv.row_id = src.row_id
    )
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

export async function currentVersion(db: Db, practiceId: number): Promise<number> {
  const row = await db
    .selectFrom('practice_versions')
    .select('version')
    .where('practice_id', '=', practiceId)
    .executeTakeFirst();
  return row?.version ?? 0;
}

/** Identifies this database: cursors minted by another one are treated as unknown. */
export async function syncEpoch(db: Db): Promise<string> {
  const row = await db.selectFrom('sync_meta').select('value').where('key', '=', 'epoch').executeTakeFirst();
  return row?.value ?? '';
}
