import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { PRACTICE_ROLE, PRACTICE_SETTING } from './0013-practice-isolation.ts';

/** The practice tables this migration adds: each gets 0013's row-level security on PostgreSQL. */
export const DELIVERY_TABLES = ['message_templates', 'inbound_sms'] as const;

/** Said of the messages recorded before anything delivered them: sending them now could be weeks late. */
export const NEVER_DELIVERED = 'Recorded before delivery existed; resend it to deliver it.';

/**
 * Issue 20: outgoing_messages becomes an outbox a worker sends from (where it went, how many attempts,
 * when the next is due, which link it carries), practices' own message templates, and the SMS patients send back.
 * `channel` keeps the patient's preference as recorded; `delivery_channel` is what the message went on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns: [string, 'text' | 'integer'][] = [
    ['delivery_channel', 'text'],
    ['to_address', 'text'],
    ['subject', 'text'],
    ['language', 'text'],
    ['attempts', 'integer'],
    ['next_attempt_at', 'text'],
    ['last_error', 'text'],
    ['sent_at', 'text'],
    ['token_id', 'text'],
    ['template_key', 'text'],
    // '<appointment id>:<type>' for the automatic reminders and confirmation requests; null for the rest.
    ['automatic_key', 'text'],
  ];
  for (const [name, type] of columns) {
    await db.schema.alterTable('outgoing_messages').addColumn(name, type).execute();
  }
  await db
    .updateTable('outgoing_messages' as never)
    .set({ attempts: 0, language: 'en', status: 'failed', last_error: NEVER_DELIVERED } as never)
    .execute();
  await db
    .updateTable('outgoing_messages' as never)
    .set({ delivery_channel: sql`case when channel = 'sms' then 'sms' else 'email' end` } as never)
    .execute();
  // The worker's question: what is due now, across practices.
  await db.schema
    .createIndex('outgoing_messages_due')
    .on('outgoing_messages')
    .columns(['status', 'next_attempt_at'])
    .execute();
  // The automatic sweep's promise: one reminder and one confirmation request per appointment.
  await db.schema
    .createIndex('outgoing_messages_automatic_once')
    .on('outgoing_messages')
    .column('automatic_key')
    .unique()
    .execute();

  await db.schema
    .createTable('message_templates')
    .addColumn('practice_id', 'integer', (c) => c.notNull().references('practices.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .addPrimaryKeyConstraint('message_templates_pk', ['practice_id', 'key', 'channel', 'language'])
    .execute();

  await db.schema
    .createTable('inbound_sms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Null for a sender matched to no practice's patient: kept so nothing a patient sends is lost.
    .addColumn('practice_id', 'integer', (c) => c.references('practices.id'))
    .addColumn('from_phone', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('patient_id', 'text', (c) => c.references('patients.id').onDelete('set null'))
    .addColumn('appointment_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('inbound_sms_practice_received')
    .on('inbound_sms')
    .columns(['practice_id', 'received_at'])
    .execute();

  if (!isPostgres(db)) return;
  for (const table of DELIVERY_TABLES) {
    await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
    await sql`
      create policy ${sql.id(`${table}_own_practice`)} on ${sql.table(table)} to ${sql.id(PRACTICE_ROLE)}
      using (practice_id = current_setting(${sql.lit(PRACTICE_SETTING)})::integer)
      with check (practice_id = current_setting(${sql.lit(PRACTICE_SETTING)})::integer)
    `.execute(db);
  }
}
