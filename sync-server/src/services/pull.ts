import { can, type PermissionSubject } from '@dental/domain/permissions/can';
import {
  type PullChange,
  type PullResponse,
  SNAPSHOT_PARTS,
  type SnapshotPart,
  SYNC_READ_PERMISSIONS,
  SYNCED_TABLES,
  type SyncedTable,
} from '@dental/domain/sync/protocol';
import { localDayRange } from '@dental/domain/time/zones';
import type { Db } from '../db/connection.ts';
import {
  changesAfter,
  countChangesAfter,
  countSnapshotEntries,
  type LogEntry,
  type SnapshotScope,
  snapshotEntries,
  type TableCount,
} from '../repos/change-log.ts';
import { currentVersion, syncEpoch } from '../repos/changes.ts';
import { practiceTimezone } from './practice-time.ts';
import { loadSyncRows } from './sync-rows.ts';

/** Where a snapshot stands: rows up to `upto`, part by part, each part in version order. */
interface SnapshotPosition {
  upto: number;
  part: number;
  /** The last version sent in this part. */
  after: number;
  focus: string | null;
}

interface Cursor {
  practiceId: number;
  version: number;
  epoch: string;
  /**
   * What this viewer was allowed to see when the cursor was issued. If it changes (a permission
   * granted or revoked), rows skipped or shaped for the old permissions are wrong: start over.
   */
  scope: number;
  /** Set while a snapshot is being sent. */
  snap?: SnapshotPosition;
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
  const { snap, ...rest } = cursor;
  // The snapshot position travels as a tuple: the cursor must stay short enough for a query string.
  const body = snap ? { ...rest, s: [snap.upto, snap.part, snap.after, snap.focus] } : rest;
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

const isVersion = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

function decodeSnapshot(value: unknown): SnapshotPosition | undefined | null {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length !== 4) return null;
  const [upto, part, after, focus] = value as unknown[];
  if (!isVersion(upto) || !isVersion(after) || !Number.isSafeInteger(part)) return null;
  if ((part as number) < 0 || (part as number) >= SNAPSHOT_PARTS.length) return null;
  if (focus !== null && (typeof focus !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(focus))) return null;
  return { upto, part: part as number, after, focus: focus as string | null };
}

/** Anything that is not a cursor this server issued reads as no cursor at all. */
export function decodeCursor(text: string | undefined): Cursor | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) return undefined;
    const { practiceId, version, epoch, scope, s } = value as Record<string, unknown>;
    if (!Number.isSafeInteger(practiceId) || !isVersion(version) || !Number.isSafeInteger(scope)) return undefined;
    if (typeof epoch !== 'string') return undefined;
    const snap = decodeSnapshot(s);
    if (snap === null) return undefined;
    const cursor: Cursor = { practiceId: practiceId as number, version, epoch, scope: scope as number };
    return snap ? { ...cursor, snap } : cursor;
  } catch {
    return undefined;
  }
}

export interface PullRequest {
  practiceId: number;
  viewer: PermissionSubject;
  cursor: string | undefined;
  limit: number;
  /** The practice day a new snapshot sends first. */
  focus?: string;
  now: Date;
}

function addCounts(totals: Map<string, number>, rows: readonly TableCount[]) {
  for (const row of rows) totals.set(row.table_name, (totals.get(row.table_name) ?? 0) + Number(row.n));
}

function asRemaining(totals: Map<string, number>): PullResponse['remaining'] {
  const remaining: PullResponse['remaining'] = {};
  for (const table of SYNCED_TABLES) {
    const n = totals.get(table) ?? 0;
    if (n > 0) remaining[table] = n;
  }
  return remaining;
}

interface Context extends SnapshotScope {
  db: Db;
}

/** Rows of the snapshot not yet sent from this position on, plus the changes made since it began. */
async function snapshotRemaining(ctx: Context, position: SnapshotPosition) {
  const totals = new Map<string, number>();
  for (let part = position.part; part < SNAPSHOT_PARTS.length; part += 1) {
    const after = part === position.part ? position.after : 0;
    addCounts(totals, await countSnapshotEntries(ctx.db, ctx, { part, after, upto: position.upto }));
  }
  addCounts(totals, await countChangesAfter(ctx.db, ctx.practiceId, position.upto, ctx.tables));
  return totals;
}

/**
 * One page of a snapshot: the rest of the current part, up to the limit. Parts with nothing for
 * this viewer are skipped; a page that finishes a part ends there, so the client can show that part.
 */
async function snapshotPage(ctx: Context, start: SnapshotPosition, limit: number) {
  let position = start;
  for (;;) {
    const rows = await snapshotEntries(ctx.db, ctx, position, limit + 1);
    if (rows.length > limit) {
      const page = rows.slice(0, limit);
      const next = { ...position, after: page.at(-1)?.version ?? position.after };
      return { page, next, partsDone: position.part };
    }
    const next = { ...position, part: position.part + 1, after: 0 };
    if (rows.length > 0 || next.part >= SNAPSHOT_PARTS.length) return { page: rows, next, partsDone: next.part };
    position = next;
  }
}

async function focusRangeOf(db: Db, practiceId: number, focus: string | null) {
  return focus ? localDayRange(focus, await practiceTimezone(db, practiceId)) : null;
}

async function withRows(db: Db, practiceId: number, viewer: PermissionSubject, page: readonly LogEntry[]) {
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
  return page.map((entry): PullChange => {
    const table = entry.table_name as SyncedTable;
    const row = entry.deleted === 1 ? undefined : rowsByTable.get(table)?.get(entry.row_id);
    return row
      ? { table, op: 'upsert', id: entry.row_id, version: entry.version, row: row as Record<string, unknown> }
      : { table, op: 'delete', id: entry.row_id, version: entry.version };
  });
}

/**
 * One page of changes after the cursor. Run it in one transaction so the rows, their versions
 * and the practice counter are read from the same moment.
 *
 * Without a usable cursor the answer is a snapshot of every row up to the current version, sent in
 * SNAPSHOT_PARTS order; the changes made while it is sent follow it through the change log.
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
    given.version <= latest &&
    (given.snap === undefined || given.snap.upto <= latest);
  const base = { practiceId, epoch, scope };
  const serverTime = request.now.toISOString();

  const snap = trusted ? given.snap : { upto: latest, part: 0, after: 0, focus: request.focus ?? null };
  if (snap) {
    const ctx: Context = { db, practiceId, tables, focusRange: await focusRangeOf(db, practiceId, snap.focus) };
    const { page, next, partsDone } = await snapshotPage(ctx, snap, limit);
    const done = next.part >= SNAPSHOT_PARTS.length;
    const hasMore = !done || latest > snap.upto;
    const remaining = hasMore ? await snapshotRemaining(ctx, next) : new Map<string, number>();
    const complete = SNAPSHOT_PARTS.slice(0, partsDone).map((part) => part.name as SnapshotPart);
    return {
      cursor: encodeCursor(done ? { ...base, version: snap.upto } : { ...base, version: 0, snap: next }),
      hasMore,
      reset: !trusted,
      serverTime,
      changes: await withRows(db, practiceId, viewer, page),
      remaining: asRemaining(remaining),
      snapshot: { focus: snap.focus, complete, done },
    };
  }

  const after = given?.version ?? 0;
  const entries = await changesAfter(db, practiceId, tables, after, limit + 1);
  const hasMore = entries.length > limit;
  const page = hasMore ? entries.slice(0, limit) : entries;
  const last = page.at(-1)?.version ?? after;
  const remaining = new Map<string, number>();
  if (hasMore) addCounts(remaining, await countChangesAfter(db, practiceId, last, tables));
  return {
    // With nothing left to send, skip past changes to tables this viewer does not receive.
    cursor: encodeCursor({ ...base, version: hasMore ? last : Math.max(last, latest) }),
    hasMore,
    reset: false,
    serverTime,
    changes: await withRows(db, practiceId, viewer, page),
    remaining: asRemaining(remaining),
  };
}
