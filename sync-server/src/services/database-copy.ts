import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import {
  clearTable,
  countRows,
  readPage,
  referencedTables,
  type TableName,
  writeRows,
} from '../repos/database-copy.ts';
import { advanceGeneratedKeys } from '../repos/generated-keys.ts';
import { anyPracticeExists } from '../repos/practices.ts';
import { inTransaction } from '../repos/transactions.ts';

/** Every table of the schema but rate_buckets: request budgets refill by themselves, so a copy starts them full. */
export const COPIED_TABLES: readonly TableName[] = [
  'practices',
  'practice_hours',
  'users',
  'user_practices',
  'user_permissions',
  'sessions',
  'sign_in_failures',
  'trusted_devices',
  'treatment_rooms',
  'patients',
  'family_relationships',
  'appointments',
  'form_templates',
  'form_sends',
  'recall_types',
  'recalls',
  'recall_contacts',
  'recall_due_sweeps',
  'audit_log',
  'notifications',
  'maintenance_schedules',
  'no_show_events',
  'practice_versions',
  'row_versions',
  'sync_meta',
  'idempotency_keys',
  'provider_absences',
  'survey_sends',
  'outgoing_messages',
  'note_templates',
  'procedure_fees',
  'clinical_entries',
  'perio_exams',
  'clinical_notes',
  'clinical_note_addenda',
  'treatment_plans',
  'chart_locks',
  'assistant_feedback',
  'support_tickets',
  'waitlist_entries',
  'waitlist_offers',
  'public_tokens',
  'form_submissions',
  'message_templates',
  'practice_holiday_closures',
  'inbound_sms',
  'security_policy',
  'user_preferences',
  'cdanet_configurations',
] satisfies readonly (keyof Database)[];

export interface TableCopy {
  table: TableName;
  source: number;
  target: number;
}

const PAGE = 2_000;

/** Tables in an order where every table comes after the tables its rows refer to. */
async function inReferenceOrder(source: Db): Promise<TableName[]> {
  const ordered: TableName[] = [];
  const visit = async (table: TableName, path: ReadonlySet<TableName>) => {
    if (ordered.includes(table) || path.has(table)) return;
    for (const target of await referencedTables(source, table)) {
      if (target !== table && (COPIED_TABLES as readonly string[]).includes(target)) {
        await visit(target as TableName, new Set([...path, table]));
      }
    }
    ordered.push(table);
  };
  for (const table of COPIED_TABLES) await visit(table, new Set());
  return ordered;
}

export class TargetNotEmptyError extends Error {}

/**
 * Copies a SQLite database into an empty PostgreSQL database of the same schema version, in one
 * transaction (a failure leaves the target as empty as it was), then counts every table on both sides.
 */
export async function copyDatabase(source: Db, target: Db, progress: (line: string) => void): Promise<TableCopy[]> {
  if (await anyPracticeExists(target)) {
    throw new TargetNotEmptyError('The target database already holds practices: copy only into an empty database.');
  }
  const tables = await inReferenceOrder(source);
  await inTransaction(target, async (trx) => {
    for (const table of tables) {
      await clearTable(trx, table);
      let copied = 0;
      for (;;) {
        const rows = await readPage(source, table, copied, PAGE);
        if (rows.length === 0) break;
        await writeRows(trx, table, rows);
        copied += rows.length;
      }
      progress(`${table}: ${copied}`);
    }
    await advanceGeneratedKeys(trx);
  });
  const report: TableCopy[] = [];
  for (const table of tables) {
    report.push({ table, source: await countRows(source, table), target: await countRows(target, table) });
  }
  return report;
}
