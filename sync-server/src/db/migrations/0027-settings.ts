import type { Kysely } from 'kysely';

/**
 * Issue 21 (settings): a practice's street address, postal code and phone, which 'Add New Practice' asks
 * for; whether a user account is active (a deactivated user can no longer sign in or use a session);
 * and the security policy an administrator sets (one row, id 1; null columns mean the built-in default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['address', 'postal_code', 'phone']) {
    await db.schema.alterTable('practices').addColumn(column, 'text').execute();
  }
  await db.schema
    .alterTable('users')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('security_policy')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('idle_timeout_minutes', 'integer')
    .addColumn('max_login_attempts', 'integer')
    .addColumn('lockout_minutes', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('security_policy').execute();
  await db.schema.alterTable('users').dropColumn('is_active').execute();
  for (const column of ['address', 'postal_code', 'phone']) {
    await db.schema.alterTable('practices').dropColumn(column).execute();
  }
}
