import type { Db } from '../db/connection.ts';
import { isPostgres } from '../db/dialect.ts';
import { AUDIT_GENESIS, type AuditHashFields, auditHash } from '../db/migrations/0026-audit-chain.ts';
import { lockUntilCommit } from './locks.ts';

export interface AuditEntry {
  at: Date;
  userId: number | null;
  practiceId: number | null;
  action: string;
  entity: string;
  entityId: string | number | null;
  details?: Record<string, unknown>;
}

/** The last hash of a practice's chain (rows of no practice form a chain of their own). */
async function chainHead(db: Db, practiceId: number | null): Promise<string> {
  let query = db.selectFrom('audit_log').select('hash').orderBy('id', 'desc').limit(1);
  query = practiceId === null ? query.where('practice_id', 'is', null) : query.where('practice_id', '=', practiceId);
  const row = await query.executeTakeFirst();
  return row?.hash ?? AUDIT_GENESIS;
}

async function appendAudit(db: Db, entry: AuditEntry): Promise<void> {
  // Two writers must not both read the same head and fork the chain: SQLite has one writer at a time;
  // on PostgreSQL the chain's lock is held until the transaction ends.
  await lockUntilCommit(db, 'auditChain', entry.practiceId ?? 0);
  const fields: AuditHashFields = {
    at: entry.at.toISOString(),
    user_id: entry.userId,
    practice_id: entry.practiceId,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId === null ? null : String(entry.entityId),
    details: entry.details ? JSON.stringify(entry.details) : null,
  };
  const prevHash = await chainHead(db, entry.practiceId);
  await db
    .insertInto('audit_log')
    .values({ ...fields, prev_hash: prevHash, hash: auditHash(prevHash, fields) })
    .execute();
}

/**
 * Every mutation leaves a row: who, where, what, which record, when. Rows are only ever appended, each
 * chained to the one before it in its practice by hash, so a row changed later is detectable.
 */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  // PostgreSQL's lock lasts as long as the transaction, so a write outside one gets its own. On SQLite the
  // caller's connection may already be inside `begin immediate` (inTransaction), which Kysely cannot tell.
  if (!isPostgres(db) || db.isTransaction) return appendAudit(db, entry);
  await db.transaction().execute((trx) => appendAudit(trx, entry));
}

export interface AuditRowFilter {
  /** One practice, or several (the security dashboard's practices). */
  practiceId: number | readonly number[];
  userId?: number;
  action?: string;
  entity?: string;
  /** Instants, from included, to excluded. */
  fromAt?: string;
  toAt?: string;
  /** Only these actions (the security dashboard's permission changes). */
  actions?: readonly string[];
}

function filtered(db: Db, filter: AuditRowFilter) {
  let query =
    typeof filter.practiceId === 'number'
      ? db.selectFrom('audit_log').where('audit_log.practice_id', '=', filter.practiceId)
      : db.selectFrom('audit_log').where('audit_log.practice_id', 'in', [...filter.practiceId]);
  if (filter.userId !== undefined) query = query.where('audit_log.user_id', '=', filter.userId);
  if (filter.action !== undefined) query = query.where('audit_log.action', '=', filter.action);
  if (filter.entity !== undefined) query = query.where('audit_log.entity', '=', filter.entity);
  if (filter.fromAt !== undefined) query = query.where('audit_log.at', '>=', filter.fromAt);
  if (filter.toAt !== undefined) query = query.where('audit_log.at', '<', filter.toAt);
  if (filter.actions !== undefined) query = query.where('audit_log.action', 'in', [...filter.actions]);
  return query;
}

export async function countAuditRows(db: Db, filter: AuditRowFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Newest first, with the author's name. */
export function auditRows(db: Db, filter: AuditRowFilter, page: { offset: number; limit: number }) {
  return filtered(db, filter)
    .leftJoin('users', 'users.id', 'audit_log.user_id')
    .select([
      'audit_log.id',
      'audit_log.at',
      'audit_log.user_id',
      'audit_log.practice_id',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.details',
      'audit_log.hash',
      'users.first_name',
      'users.last_name',
      'users.username',
    ])
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export type AuditRow = Awaited<ReturnType<typeof auditRows>>[number];

/** A practice's chain in order, a batch at a time after the given id. */
export function chainRows(db: Db, practiceId: number, afterId: number, limit: number) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'at', 'user_id', 'practice_id', 'action', 'entity', 'entity_id', 'details', 'prev_hash', 'hash'])
    .where('practice_id', '=', practiceId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The distinct actions and entities of a practice's log, for the filters' choices. */
export async function auditVocabulary(db: Db, practiceId: number): Promise<{ actions: string[]; entities: string[] }> {
  const actions = await db
    .selectFrom('audit_log')
    .select('action')
    .distinct()
    .where('practice_id', '=', practiceId)
    .orderBy('action')
    .execute();
  const entities = await db
    .selectFrom('audit_log')
    .select('entity')
    .distinct()
    .where('practice_id', '=', practiceId)
    .orderBy('entity')
    .execute();
  return { actions: actions.map((r) => r.action), entities: entities.map((r) => r.entity) };
}
