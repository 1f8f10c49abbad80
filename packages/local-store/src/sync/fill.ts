import { SNAPSHOT_PARTS, type SnapshotPart, type SyncedTable } from '@dental/domain/sync/protocol';

/**
 * How far this device's copy is from whole, saved with every page the pull applies (meta `fill`):
 * - `snapshot`: the practice's data is arriving for the first time (or again, after the server
 *   asked for a fresh start); only the `complete` parts can be shown;
 * - `catch-up`: the copy is whole but behind, and more than one page of changes is on its way;
 * - `idle`: whole and as fresh as the last pull.
 */
export interface FillState {
  phase: 'snapshot' | 'catch-up' | 'idle';
  /** The snapshot's focus day: its appointments came with the `day` part. */
  focus: string | null;
  complete: SnapshotPart[];
  /** Records received in this snapshot or catch-up, and how many it has in all, per table. */
  tables: Partial<Record<SyncedTable, TableProgress>>;
}

export interface TableProgress {
  received: number;
  total: number;
}

/** A device that has never pulled: nothing can be shown yet, and nothing is known of the totals. */
export const NOTHING_YET: FillState = { phase: 'snapshot', focus: null, complete: [], tables: {} };
export const WHOLE: FillState = {
  phase: 'idle',
  focus: null,
  complete: SNAPSHOT_PARTS.map((part) => part.name),
  tables: {},
};

/** What the pull reads of a page to move the fill state on. */
export interface PageProgress {
  reset: boolean;
  hasMore: boolean;
  received: Partial<Record<SyncedTable, number>>;
  remaining: Partial<Record<string, number>>;
  snapshot?: { focus: string | null; complete: SnapshotPart[]; done: boolean };
}

function progressAfter(
  before: FillState['tables'],
  page: PageProgress,
  carry: boolean,
): Partial<Record<SyncedTable, TableProgress>> {
  const tables: Partial<Record<SyncedTable, TableProgress>> = {};
  const names = new Set<string>([
    ...(carry ? Object.keys(before) : []),
    ...Object.keys(page.received),
    ...Object.keys(page.remaining),
  ]);
  for (const name of names) {
    const table = name as SyncedTable;
    const received = (carry ? (before[table]?.received ?? 0) : 0) + (page.received[table] ?? 0);
    tables[table] = { received, total: received + (page.remaining[table] ?? 0) };
  }
  return tables;
}

/** The state once a page is applied. A pull of one page (the usual case) stays `idle`. */
export function nextFillState(before: FillState, page: PageProgress): FillState {
  if (page.snapshot) {
    const carry = !page.reset && before.phase === 'snapshot';
    const tables = progressAfter(before.tables, page, carry);
    if (page.snapshot.done && !page.hasMore) return { ...WHOLE, focus: page.snapshot.focus };
    return {
      phase: page.snapshot.done ? 'catch-up' : 'snapshot',
      focus: page.snapshot.focus,
      complete: page.snapshot.complete,
      tables,
    };
  }
  if (!page.hasMore) return { ...WHOLE, focus: before.focus };
  const carry = before.phase !== 'idle';
  return {
    phase: before.phase === 'snapshot' ? 'snapshot' : 'catch-up',
    focus: before.focus,
    complete: before.phase === 'snapshot' ? before.complete : WHOLE.complete,
    tables: progressAfter(before.tables, page, carry),
  };
}

/** The fill state as stored; a store that pulled before fill states existed is whole. */
export function storedFillState(value: unknown, hasCursor: boolean): FillState {
  if (typeof value === 'object' && value !== null && 'phase' in value) return value as FillState;
  return hasCursor ? WHOLE : NOTHING_YET;
}

const DAY_TABLES: readonly SyncedTable[] = SNAPSHOT_PARTS[0].tables;

function stillArriving(state: FillState, tables: readonly SyncedTable[]): boolean {
  return tables.some((table) => {
    const progress = state.tables[table];
    return progress !== undefined && progress.received < progress.total;
  });
}

/**
 * Whether the device holds this practice day, so the schedule may draw it: during a first fill,
 * only once its appointments and the schedule's frame have arrived. A copy that is whole but
 * catching up holds every day, if perhaps not the latest of it (see dayUpdating).
 */
export function dayOnDevice(state: FillState, date: string): boolean {
  if (state.phase === 'idle' || state.complete.includes('rest')) return true;
  return state.phase === 'snapshot' && state.complete.includes('day') && date === state.focus;
}

/** Whether changes to appointments or the schedule's frame are still arriving for a whole copy. */
export function dayUpdating(state: FillState): boolean {
  return state.phase !== 'idle' && state.complete.includes('rest') && stillArriving(state, DAY_TABLES);
}

/** Whether the patient list may be drawn: once its part has arrived; a catch-up shows the copy held. */
export function patientsOnDevice(state: FillState): boolean {
  return state.phase !== 'snapshot' || state.complete.includes('patients');
}

/** Totals over every table, for one progress bar. */
export function fillTotals(state: FillState): TableProgress {
  let received = 0;
  let total = 0;
  for (const progress of Object.values(state.tables)) {
    received += progress?.received ?? 0;
    total += progress?.total ?? 0;
  }
  return { received, total };
}
