import { type Kysely, sql } from 'kysely';
import { fractionType, isPostgres } from '../dialect.ts';

/**
 * Change versions for pull sync, stored request results for Idempotency-Key, and room maintenance.
 * Self-contained on purpose: it must keep working whatever later code does to the services.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('maintenance_schedules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('room_id', 'text', (c) => c.notNull())
    .addColumn('maintenance_type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('start_date_time', 'text', (c) => c.notNull())
    .addColumn('end_date_time', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('vendor', 'text')
    .addColumn('cost', fractionType(db))
    .addColumn('notes', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('maintenance_practice_start')
    .on('maintenance_schedules')
    .columns(['practice_id', 'start_date_time'])
    .execute();

  await db.schema
    .createTable('practice_versions')
    .addColumn('practice_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('row_versions')
    .addColumn('practice_id', 'integer', (c) => c.notNull())
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('row_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('row_versions_pk', ['practice_id', 'table_name', 'row_id'])
    .execute();
  await db.schema
    .createIndex('row_versions_practice_version')
    .on('row_versions')
    .columns(['practice_id', 'version'])
    .execute();

  await db.schema
    .createTable('sync_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  // A cursor carries the epoch: one issued by another database (a restore, a fresh start) is not trusted.
  const epoch = isPostgres(db) ? sql`substr(md5(random()::text), 1, 16)` : sql`lower(hex(randomblob(8)))`;
  await sql`insert into sync_meta (key, value) values ('epoch', ${epoch})`.execute(db);

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('practice_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'practice_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();

  // A database that already holds data gets a version for every row, so its first pull is complete.
  // A PostgreSQL database is always new at this point (data arrives after the last migration): nothing to version.
  if (isPostgres(db)) return;
  await sql`
    insert into row_versions (practice_id, table_name, row_id, version, deleted, changed_at)
    select practice_id, table_name, row_id,
      row_number() over (partition by practice_id order by table_order, sort_key, row_id),
      0, changed_at
    from (
      select practice_id, 'practice_hours' as table_name, cast(weekday as text) as row_id, 1 as table_order,
        weekday as sort_key, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') as changed_at from practice_hours
      union all select practice_id, 'treatment_rooms', cast(id as text), 2, id,
        strftime('%Y-%m-%dT%H:%M:%fZ', 'now') from treatment_rooms
      union all select up.practice_id, 'users', cast(u.id as text), 3, u.id, u.updated_at
        from users u join user_practices up on up.user_id = u.id
      union all select practice_id, 'recall_types', cast(id as text), 4, id,
        strftime('%Y-%m-%dT%H:%M:%fZ', 'now') from recall_types
      union all select practice_id, 'form_templates', cast(id as text), 5, id,
        strftime('%Y-%m-%dT%H:%M:%fZ', 'now') from form_templates
      union all select practice_id, 'patients', id, 6, created_at, updated_at from patients
      union all select practice_id, 'appointments', id, 7, appointment_date, updated_at from appointments
    )
  `.execute(db);
  await sql`
    insert into practice_versions (practice_id, version)
    select id, coalesce((select max(version) from row_versions where row_versions.practice_id = practices.id), 0)
    from practices
  `.execute(db);
}
