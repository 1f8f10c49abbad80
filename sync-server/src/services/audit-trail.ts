import { Readable } from 'node:stream';
import type { AuditEntry, AuditFilter, AuditPage, AuditQuery, AuditVerification } from '@dental/domain/audit/audit';
import { addDays } from '@dental/domain/time/calendar';
import { startOfLocalDay } from '@dental/domain/time/zones';
import type { Stringifier } from 'csv-stringify';
import { stringify } from 'csv-stringify';
import type { Db } from '../db/connection.ts';
import { AUDIT_GENESIS, auditHash } from '../db/migrations/0026-audit-chain.ts';
import {
  type AuditRow,
  type AuditRowFilter,
  auditRows,
  auditVocabulary,
  chainRows,
  countAuditRows,
} from '../repos/audit-log.ts';
import { practiceTimezone } from './practice-time.ts';

const VERIFY_BATCH = 1000;
const EXPORT_BATCH = 1000;

/** The filters as the repo takes them: from and to are practice-local days, both included. */
async function rowFilter(db: Db, practiceId: number, filter: AuditFilter): Promise<AuditRowFilter> {
  const zone = filter.from || filter.to ? await practiceTimezone(db, practiceId) : '';
  return {
    practiceId,
    ...(filter.userId !== undefined ? { userId: filter.userId } : {}),
    ...(filter.action !== undefined ? { action: filter.action } : {}),
    ...(filter.entity !== undefined ? { entity: filter.entity } : {}),
    ...(filter.from ? { fromAt: startOfLocalDay(filter.from, zone) } : {}),
    ...(filter.to ? { toAt: startOfLocalDay(addDays(filter.to, 1), zone) } : {}),
  };
}

function parseDetails(details: string | null): Record<string, unknown> | null {
  if (details === null) return null;
  try {
    const value: unknown = JSON.parse(details);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value };
  } catch {
    return { value: details };
  }
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    at: row.at,
    userId: row.user_id === null ? null : Number(row.user_id),
    userName: row.username ? `${row.first_name} ${row.last_name} (${row.username})` : null,
    practiceId: row.practice_id === null ? null : Number(row.practice_id),
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    details: parseDetails(row.details),
    hash: row.hash ?? '',
  };
}

/** One page of the practice's audit trail, newest first, with the total of rows that match. */
export async function auditPage(db: Db, practiceId: number, query: AuditQuery): Promise<AuditPage> {
  const filter = await rowFilter(db, practiceId, query);
  const total = await countAuditRows(db, filter);
  const rows = await auditRows(db, filter, { offset: (query.page - 1) * query.pageSize, limit: query.pageSize });
  return { entries: rows.map(toAuditEntry), total };
}

export function auditFilterChoices(db: Db, practiceId: number) {
  return auditVocabulary(db, practiceId);
}

const CSV_COLUMNS = ['id', 'at', 'userId', 'user', 'action', 'entity', 'entityId', 'details', 'hash'] as const;

/**
 * RFC 4180 CSV (CRLF, quotes doubled), with formula-looking cells escaped as in the patients' export:
 * details and names are free text that a spreadsheet would otherwise run.
 */
export async function auditCsv(db: Db, practiceId: number, query: AuditFilter): Promise<Stringifier> {
  const filter = await rowFilter(db, practiceId, query);
  const stringifier = stringify({
    header: true,
    columns: CSV_COLUMNS.map((key) => ({ key, header: key })),
    record_delimiter: 'windows',
    escape_formulas: true,
  });
  async function* records() {
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const rows = await auditRows(db, filter, { offset, limit: EXPORT_BATCH });
      for (const row of rows) {
        const entry = toAuditEntry(row);
        yield {
          id: entry.id,
          at: entry.at,
          userId: entry.userId ?? '',
          user: entry.userName ?? '',
          action: entry.action,
          entity: entry.entity,
          entityId: entry.entityId ?? '',
          details: entry.details ? JSON.stringify(entry.details) : '',
          hash: entry.hash,
        };
      }
      if (rows.length < EXPORT_BATCH) return;
    }
  }
  return Readable.from(records()).pipe(stringifier);
}

/**
 * Walks the practice's chain in id order: each row must name the hash of the row before it and hash to
 * its own stored hash. The first row that does not is where the log was altered (or a row removed).
 */
export async function verifyAuditChain(db: Db, practiceId: number): Promise<AuditVerification> {
  let checked = 0;
  let expectedPrev = AUDIT_GENESIS;
  let afterId = 0;
  for (;;) {
    const rows = await chainRows(db, practiceId, afterId, VERIFY_BATCH);
    for (const row of rows) {
      checked += 1;
      const id = Number(row.id);
      if (row.prev_hash !== expectedPrev || row.hash !== auditHash(expectedPrev, row)) {
        return { ok: false, checked, firstBrokenId: id };
      }
      expectedPrev = row.hash;
      afterId = id;
    }
    if (rows.length < VERIFY_BATCH) return { ok: true, checked };
  }
}
