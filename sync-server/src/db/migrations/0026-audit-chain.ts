import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { PRACTICE_ROLE } from './0013-practice-isolation.ts';

/** The prev_hash of the first row of a chain. */
export const AUDIT_GENESIS = '0'.repeat(64);

/** The fields of an audit row that its hash covers, as stored. */
export interface AuditHashFields {
  at: string;
  user_id: number | null;
  practice_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  details: string | null;
}

/**
 * sha256(prev_hash + canonical JSON of the row's fields): keys in a fixed order, values as stored, so the
 * same row hashes the same on SQLite and PostgreSQL. The id is left out (the database chooses it after the
 * hash is known); the order of the chain is the order of ids, and each row names its predecessor's hash,
 * so an altered, removed or inserted row breaks the chain at that row or the next.
 */
export function auditHash(prevHash: string, row: AuditHashFields): string {
  const canonical = JSON.stringify([
    ['action', row.action],
    ['at', row.at],
    ['details', row.details],
    ['entity', row.entity],
    ['entity_id', row.entity_id],
    ['practice_id', row.practice_id === null ? null : Number(row.practice_id)],
    ['user_id', row.user_id === null ? null : Number(row.user_id)],
  ]);
  return createHash('sha256')
    .update(prevHash + canonical)
    .digest('hex');
}

/**
 * Issue 21: the audit log becomes append-only and hash-chained, one chain per practice (rows of no
 * practice form a chain of their own). The rows written before are chained here in id order. Indexes
 * serve the audit trail's filters; sessions keep their address and user agent for the security dashboard. On PostgreSQL the practice role may no longer change or remove rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The security dashboard shows where each session signed in from.
  await db.schema.alterTable('sessions').addColumn('ip_address', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('prev_hash', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('hash', 'text').execute();

  const last = new Map<number | null, string>();
  let after = 0;
  for (;;) {
    const rows = (await db
      .selectFrom('audit_log' as never)
      .select(['id', 'at', 'user_id', 'practice_id', 'action', 'entity', 'entity_id', 'details'] as never[])
      .where('id' as never, '>', after as never)
      .orderBy('id' as never)
      .limit(500)
      .execute()) as unknown as (AuditHashFields & { id: number })[];
    if (rows.length === 0) break;
    for (const row of rows) {
      const chain = row.practice_id === null ? null : Number(row.practice_id);
      const prevHash = last.get(chain) ?? AUDIT_GENESIS;
      const hash = auditHash(prevHash, row);
      await db
        .updateTable('audit_log' as never)
        .set({ prev_hash: prevHash, hash } as never)
        .where('id' as never, '=', row.id as never)
        .execute();
      last.set(chain, hash);
      after = Number(row.id);
    }
  }

  await db.schema.createIndex('audit_user_at').on('audit_log').columns(['user_id', 'at']).execute();
  await db.schema.createIndex('audit_action').on('audit_log').columns(['practice_id', 'action', 'at']).execute();
  await db.schema.createIndex('audit_entity').on('audit_log').columns(['practice_id', 'entity', 'at']).execute();

  if (isPostgres(db)) {
    await sql`revoke update, delete, truncate on audit_log from ${sql.id(PRACTICE_ROLE)}`.execute(db);
  }
}
