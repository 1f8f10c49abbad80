import { SNAPSHOT_PARTS, type SyncedTable } from '@dental/domain/sync/protocol';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { appointmentIdsStartingQuery } from './appointments.ts';

/** One row's latest version in the practice's change log. */
export interface LogEntry {
  table_name: string;
  row_id: string;
  version: number;
  deleted: number;
}

export interface TableCount {
  table_name: string;
  n: number | string | bigint;
}

/** Which rows a snapshot covers: the viewer's tables, with the focus day's appointments in their own part. */
export interface SnapshotScope {
  practiceId: number;
  tables: readonly SyncedTable[];
  focusRange: { start: string; end: string } | null;
}

type Where = ExpressionBuilder<Database, 'row_versions'>;

/** The part's tables this viewer reads, and which appointments belong to it. */
function partFilter(db: Db, scope: SnapshotScope, part: number) {
  const spec = SNAPSHOT_PARTS[part];
  const own = scope.tables.filter((table) => (spec?.tables as readonly SyncedTable[] | undefined)?.includes(table));
  const mode = spec?.appointments ?? 'none';
  const { focusRange } = scope;
  return (eb: Where) => {
    if (own.length === 0) return eb.lit(false);
    const inTables = eb('table_name', 'in', own);
    if (!own.includes('appointments') || mode === 'none') return inTables;
    // Without a focus day, the day part has no appointments and the rest part has them all.
    if (!focusRange)
      return mode === 'focus-day'
        ? eb(
            'table_name',
            'in',
            own.filter((t) => t !== 'appointments'),
          )
        : inTables;
    const onFocusDay = appointmentIdsStartingQuery(db, scope.practiceId, focusRange);
    const appointment = mode === 'focus-day' ? eb('row_id', 'in', onFocusDay) : eb('row_id', 'not in', onFocusDay);
    return eb.and([inTables, eb.or([eb('table_name', '!=', 'appointments'), appointment])]);
  };
}

/** Changes after `version`, per table: what a catch-up still has to send. */
export async function countChangesAfter(
  db: Db,
  practiceId: number,
  version: number,
  tables: readonly SyncedTable[],
): Promise<TableCount[]> {
  if (tables.length === 0) return [];
  return db
    .selectFrom('row_versions')
    .select(['table_name', (eb) => eb.fn.countAll().as('n')])
    .where('practice_id', '=', practiceId)
    .where('version', '>', version)
    .where('table_name', 'in', tables)
    .groupBy('table_name')
    .execute();
}

/** The change log after a version, in version order. */
export async function changesAfter(
  db: Db,
  practiceId: number,
  tables: readonly SyncedTable[],
  after: number,
  limit: number,
): Promise<LogEntry[]> {
  if (tables.length === 0) return [];
  return db
    .selectFrom('row_versions')
    .select(['table_name', 'row_id', 'version', 'deleted'])
    .where('practice_id', '=', practiceId)
    .where('version', '>', after)
    .where('table_name', 'in', tables)
    .orderBy('version')
    .limit(limit)
    .execute();
}

/** Live rows of one snapshot part with a version in (after, upto], in version order. */
export function snapshotEntries(
  db: Db,
  scope: SnapshotScope,
  position: { part: number; after: number; upto: number },
  limit: number,
): Promise<LogEntry[]> {
  return db
    .selectFrom('row_versions')
    .select(['table_name', 'row_id', 'version', 'deleted'])
    .where('practice_id', '=', scope.practiceId)
    .where('deleted', '=', 0)
    .where('version', '<=', position.upto)
    .where('version', '>', position.after)
    .where(partFilter(db, scope, position.part))
    .orderBy('version')
    .limit(limit)
    .execute();
}

/** How many live rows of one snapshot part have a version in (after, upto], per table. */
export function countSnapshotEntries(
  db: Db,
  scope: SnapshotScope,
  position: { part: number; after: number; upto: number },
): Promise<TableCount[]> {
  return db
    .selectFrom('row_versions')
    .select(['table_name', (eb) => eb.fn.countAll().as('n')])
    .where('practice_id', '=', scope.practiceId)
    .where('deleted', '=', 0)
    .where('version', '<=', position.upto)
    .where('version', '>', position.after)
    .where(partFilter(db, scope, position.part))
    .groupBy('table_name')
    .execute();
}
