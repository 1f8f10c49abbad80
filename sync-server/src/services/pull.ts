import { can, type PermissionSubject } from '@dental/domain/permissions/can';
import {
  type PullChange,
  type PullResponse,
  SYNC_READ_PERMISSIONS,
  SYNCED_TABLES,
  type SyncedTable,
} from '@dental/domain/sync/protocol';
import type { Db } from '../db/connection.ts';
import { currentVersion, syncEpoch } from './changes.ts';
import { loadSyncRows } from './sync-rows.ts';

interface Cursor {
  practiceId: number;
  version: number;
  epoch: string;
  /**
   * What this viewer was allowed to see when the cursor was issued. If it changes (a permission
   * granted or revoked), rows skipped or shaped for the old permissions are wrong: start over.
   */
  scope: number;
}

/** Bit per readable table, then whether medical history and insurance are included in patient rows. */
export function viewScope(viewer: PermissionSubject, tables: readonly SyncedTable[]): number {
  let scope = 0;
  SYNCED_TABLES.forEach((table, index) => {
    if (tables.includes(table)) scope |= 1 << index;
  });
  if (can(viewer, 'patients.medical_history')) scope |= 1 << SYNCED_TABLES.length;
  if (can(viewer, 'patients.insurance')) scope |= 1 << (SYNCED_TABLES.length + 1);
  return scope;
}

export function readableTables(viewer: PermissionSubject): SyncedTable[] {
  return SYNCED_TABLES.filter((table) => SYNC_READ_PERMISSIONS[table].some((permission) => can(viewer, permission)));
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

/** Anything that is not a cursor this server issued reads as no cursor at all. */
export function decodeCursor(text: string | undefined): Cursor | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) return undefined;
    const { practiceId, version, epoch, scope } = value as Record<string, unknown>;
    if (!Number.isSafeInteger(practiceId) || !Number.isSafeInteger(version) || !Number.isSafeInteger(scope)) {
      return undefined;
    }
    if (typeof epoch !== 'string' || (version as number) < 0) return undefined;
    return { practiceId: practiceId as number, version: version as number, epoch, scope: scope as number };
  } catch {
    return undefined;
  }
}

export interface PullRequest {
  practiceId: number;
  viewer: PermissionSubject;
  cursor: string | undefined;
  limit: number;
  now: Date;
}

/**
 * One page of changes after the cursor. Run it in one transaction so the rows, their versions
 * and the practice counter are read from the same moment.
 */
export async function pullChanges(db: Db, request: PullRequest): Promise<PullResponse> {
  const { practiceId, viewer, limit } = request;
  const tables = readableTables(viewer);
  const scope = viewScope(viewer, tables);
  const epoch = await syncEpoch(db);
  const latest = await currentVersion(db, practiceId);
  const given = decodeCursor(request.cursor);
  // A cursor ahead of the counter comes from a database that has since been restored to an older copy.
  const trusted =
    given !== undefined &&
    given.practiceId === practiceId &&
    given.epoch === epoch &&
    given.scope === scope &&
    given.version <= latest;
  const after = trusted ? given.version : 0;

  const entries =
    tables.length === 0
      ? []
      : await db
          .selectFrom('row_versions')
          .select(['table_name', 'row_id', 'version', 'deleted'])
          .where('practice_id', '=', practiceId)
          .where('version', '>', after)
          .where('table_name', 'in', tables)
          .orderBy('version')
          .limit(limit + 1)
          .execute();
  const hasMore = entries.length > limit;
  const page = hasMore ? entries.slice(0, limit) : entries;

  const idsByTable = new Map<SyncedTable, string[]>();
  for (const entry of page) {
    if (entry.deleted === 1) continue;
    const table = entry.table_name as SyncedTable;
    idsByTable.set(table, [...(idsByTable.get(table) ?? []), entry.row_id]);
  }
  const rowsByTable = new Map<SyncedTable, Map<string, object>>();
  for (const [table, ids] of idsByTable) {
    rowsByTable.set(table, await loadSyncRows(db, table, practiceId, ids, viewer));
  }

  const changes: PullChange[] = page.map((entry) => {
    const table = entry.table_name as SyncedTable;
    const row = entry.deleted === 1 ? undefined : rowsByTable.get(table)?.get(entry.row_id);
    return row
      ? { table, op: 'upsert', id: entry.row_id, version: entry.version, row: row as Record<string, unknown> }
      : { table, op: 'delete', id: entry.row_id, version: entry.version };
  });
  const last = page.at(-1)?.version ?? after;
  // With nothing left to send, skip past changes to tables this viewer does not receive.
  const version = hasMore ? last : Math.max(last, latest);
  return {
    cursor: encodeCursor({ practiceId, version, epoch, scope }),
    hasMore,
    reset: !trusted,
    serverTime: request.now.toISOString(),
    changes,
  };
}
