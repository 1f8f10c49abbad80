import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Family links and sent forms join the pull feed: every one recorded before now gets a version, after
 * the practice's current one, so devices receive those from before this release as well as new ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A PostgreSQL database is always new at this point (data arrives after the last migration): nothing to version.
  if (isPostgres(db)) return;
  await sql`
    insert into row_versions (practice_id, table_name, row_id, version, deleted, changed_at)
    select src.practice_id, src.table_name, src.row_id,
      coalesce((select version from practice_versions pv where pv.practice_id = src.practice_id), 0)
        + row_number() over (partition by src.practice_id order by src.table_order, src.sort_key, src.row_id),
      0, src.changed_at
    from (
      select practice_id, 'family_relationships' as table_name, id as row_id, 1 as table_order,
        created_at as sort_key, created_at as changed_at from family_relationships
      union all select practice_id, 'form_sends', id, 2, sent_at, sent_at from form_sends
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
    on conflict (practice_id) do update set version = max(practice_versions.version, excluded.version)
  `.execute(db);
}
