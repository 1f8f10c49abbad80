import { type Kysely, sql } from 'kysely';
import { generatedKey, isPostgres } from '../dialect.ts';

// A published migration is never edited: later changes go in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('practices')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('province', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('practice_hours')
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id').onDelete('cascade'))
    .addColumn('weekday', 'integer', (c) => c.notNull().check(sql`weekday between 0 and 6`))
    .addColumn('is_open', 'integer', (c) => c.notNull())
    .addColumn('open_time', 'text')
    .addColumn('close_time', 'text')
    .addPrimaryKeyConstraint('practice_hours_pk', ['practice_id', 'weekday'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', generatedKey(db))
    .addColumn('username', 'text', (c) =>
      // Usernames are unique whatever their case: SQLite collates the column NOCASE; PostgreSQL indexes lower() below.
      isPostgres(db) ? c.notNull().unique() : c.notNull().unique().modifyEnd(sql`collate nocase`),
    )
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('role', 'text')
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('provider_color', 'text')
    .addColumn('is_available', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('must_reset_password', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  if (isPostgres(db)) {
    await sql`create unique index users_username_lower on users (lower(username))`.execute(db);
  }

  await db.schema
    .createTable('user_practices')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_practices_pk', ['user_id', 'practice_id'])
    .execute();

  await db.schema
    .createTable('user_permissions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('permission', 'text', (c) => c.notNull())
    .addColumn('granted', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_permissions_pk', ['user_id', 'permission'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('current_practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('username', 'text', (c) => c.primaryKey())
    .addColumn('failed_count', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('treatment_rooms')
    .addColumn('id', 'integer', generatedKey(db))
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('room_code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('room_type', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('treatment_rooms_code', ['practice_id', 'room_code'])
    .execute();

  await db.schema
    .createTable('patients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('date_of_birth', 'text')
    .addColumn('address', 'text')
    .addColumn('city', 'text')
    .addColumn('province', 'text')
    .addColumn('zip_code', 'text')
    .addColumn('emergency_contact', 'text')
    .addColumn('emergency_phone', 'text')
    .addColumn('medical_history', 'text', (c) => c.notNull())
    .addColumn('preferred_provider_id', 'integer', (c) => c.references('users.id'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('patients_practice_name')
    .on('patients')
    .columns(['practice_id', 'last_name', 'first_name'])
    .execute();
  await db.schema.createIndex('patients_practice_phone').on('patients').columns(['practice_id', 'phone']).execute();

  await db.schema
    .createTable('family_relationships')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('related_patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('relationship_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('family_pair', ['patient_id', 'related_patient_id'])
    .execute();

  await db.schema
    .createTable('appointments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id'))
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('assistant_id', 'integer', (c) => c.references('users.id'))
    .addColumn('treatment_room', 'text', (c) => c.notNull())
    .addColumn('appointment_date', 'text', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('procedure', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('appointment_type', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('checked_in_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('appointments_practice_date')
    .on('appointments')
    .columns(['practice_id', 'appointment_date'])
    .execute();
  await db.schema.createIndex('appointments_patient').on('appointments').column('patient_id').execute();

  await db.schema
    .createTable('form_templates')
    .addColumn('id', 'integer', generatedKey(db))
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('recall_types')
    .addColumn('id', 'integer', generatedKey(db))
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('interval_months', 'integer', (c) => c.notNull())
    .addColumn('interval_weeks', 'integer', (c) => c.notNull())
    .addColumn('default_priority', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', generatedKey(db))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('practice_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('details', 'text')
    .execute();
  await db.schema.createIndex('audit_practice_at').on('audit_log').columns(['practice_id', 'at']).execute();
}
