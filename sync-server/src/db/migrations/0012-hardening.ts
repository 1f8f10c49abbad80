import { duplicateNameKey } from '@dental/domain/patients/duplicates';
import { type Kysely, sql } from 'kysely';

/**
 * Issue 11:
 * - folded name keys on patients, so the duplicate check looks up exact candidates through an index
 *   instead of loading every patient born on the same day;
 * - a hash of each idempotent request, so a key reused with another body is refused, not replayed;
 * - sign-in failures counted per username and client (an address, or a device trusted after an
 *   earlier sign-in), and the devices each user has signed in from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('patients')
    .addColumn('last_name_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('patients')
    .addColumn('first_name_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const names = await sql<{ id: string; first_name: string; last_name: string }>`
    select id, first_name, last_name from patients
  `.execute(db);
  // Only a database that already held patients has keys to fill (a PostgreSQL one is always new here,
  // and its migrations already run in one transaction, which cannot open another).
  if (names.rows.length > 0) {
    await db.transaction().execute(async (trx) => {
      for (const row of names.rows) {
        await sql`
        update patients set last_name_key = ${duplicateNameKey(row.last_name)},
          first_name_key = ${duplicateNameKey(row.first_name)}
        where id = ${row.id}
      `.execute(trx);
      }
    });
  }
  await db.schema
    .createIndex('patients_duplicate_name')
    .on('patients')
    .columns(['practice_id', 'last_name_key', 'first_name_key', 'date_of_birth'])
    .execute();

  await db.schema.alterTable('idempotency_keys').addColumn('request_hash', 'text').execute();

  await db.schema.dropTable('login_attempts').execute();
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('username', 'text', (c) => c.notNull())
    /** 'ip:<address>' or 'device:<hash of the trusted-device cookie>'. */
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('failed_count', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_failures_pk', ['username', 'client'])
    .execute();
  await db.schema
    .createTable('trusted_devices')
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('trusted_devices_pk', ['token_hash', 'user_id'])
    .execute();
  await db.schema.createIndex('trusted_devices_user').on('trusted_devices').column('user_id').execute();
}
