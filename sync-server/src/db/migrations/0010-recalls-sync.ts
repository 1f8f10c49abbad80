import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Recalls join the pull feed: every recall recorded before now gets a version, after the practice's
 * current one, so devices receive the recalls set before this release as well as new ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A PostgreSQL database is always new at this point (data arrives after the last migration): nothing to version.
  if (isPostgres(db)) return;
  await sql`
    insert into row_versions (practice_id, table_name, row_id, version, deleted, changed_at)
    select r.practice_id, 'recalls', r.id,
      coalesce((select version from practice_versions pv where pv.practice_id = r.practice_id), 0)
        + row_number() over (partition by r.practice_id order by r.due_date, r.id),
      0, r.created_at
    from recalls r
    where not exists (
      select 1 from row_versions rv
      where rv.practice_id = r.practice_id and rv.table_name = 'recalls' and rv.row_id = r.id
    )
  `.execute(db);
  // "where true" keeps SQLite from reading the upsert's ON as a join constraint.
  await sql`
    insert into practice_versions (practice_id, version)
    select practice_id, max(version) from row_versions where true group by practice_id
    on conflict (practice_id) do update set version = max(practice_versions.version, excluded.version)
  `.execute(db);
}
