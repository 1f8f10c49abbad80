import {
  type ChartEntry,
  type Condition,
  type EntryStatus,
  type Material,
  PRESENCE_STATES,
  type ToothState,
  TREATMENT_STATES,
} from './entry.ts';
import type { Surface } from './surfaces.ts';

/** What one surface shows: the latest current entry, and every current entry that was not replaced. */
export interface SurfaceMark {
  condition: Condition | null;
  material: Material | null;
  status: EntryStatus;
  entryId: string;
  /** Two devices charted different things here without seeing each other's entry: the dentist decides. */
  review: boolean;
  /** Every current entry on the surface, latest first (an existing caries under a planned composite). */
  layers: SurfaceLayer[];
}

export interface SurfaceLayer {
  entryId: string;
  condition: Condition | null;
  material: Material | null;
  status: EntryStatus;
  review: boolean;
}

export interface ToothChart {
  tooth: string;
  /** The presence state ('present' when nothing says otherwise). */
  state: ToothState;
  stateStatus: EntryStatus | null;
  /** Contradictory presence states were charted concurrently. */
  stateReview: boolean;
  /** Every current presence state when they contradict one another, else the one. */
  stateCandidates: ToothState[];
  /** Crown and root canal treatment, with their status, on top of the presence state. */
  treatments: { state: ToothState; status: EntryStatus; entryId: string }[];
  /** Whole-tooth findings (a fracture, a watch) with no surface. */
  findings: SurfaceLayer[];
  surfaces: Partial<Record<Surface, SurfaceMark>>;
}

const byRecent = (a: ChartEntry, b: ChartEntry) =>
  a.recordedAt === b.recordedAt ? (a.id < b.id ? 1 : -1) : a.recordedAt < b.recordedAt ? 1 : -1;

/** Entries still in force: not voided, and not replaced by a later entry whose author saw them. */
export function currentEntries(entries: readonly ChartEntry[]): ChartEntry[] {
  const replaced = new Set<string>();
  for (const entry of entries) if (!entry.voidedAt) for (const id of entry.replaces) replaced.add(id);
  return entries.filter((entry) => !entry.voidedAt && !replaced.has(entry.id));
}

const layerOf = (entry: ChartEntry, review: boolean): SurfaceLayer => ({
  entryId: entry.id,
  condition: entry.condition,
  material: entry.material,
  status: entry.status,
  review,
});

const findingKey = (entry: ChartEntry) => `${entry.condition}|${entry.material}`;

/**
 * Same status, different finding, neither replacing the other: two people saw the surface differently.
 * Both stay, marked for review; an existing caries under a planned restoration is not a contradiction.
 */
function contradicting(entries: readonly ChartEntry[]): Set<string> {
  const flagged = new Set<string>();
  const byStatus = new Map<EntryStatus, ChartEntry[]>();
  for (const entry of entries) byStatus.set(entry.status, [...(byStatus.get(entry.status) ?? []), entry]);
  for (const group of byStatus.values()) {
    if (new Set(group.map(findingKey)).size > 1) for (const entry of group) flagged.add(entry.id);
  }
  return flagged;
}

/**
 * The odontogram of one patient from the append-only entries: the same projection on every device and
 * on the server, so two devices that charted during an outage show the same merged chart.
 */
export function projectChart(entries: readonly ChartEntry[]): Map<string, ToothChart> {
  const teeth = new Map<string, ToothChart>();
  const current = currentEntries(entries).sort(byRecent);
  const byTooth = new Map<string, ChartEntry[]>();
  for (const entry of current) byTooth.set(entry.tooth, [...(byTooth.get(entry.tooth) ?? []), entry]);

  for (const [tooth, toothEntries] of byTooth) {
    const presence = toothEntries.filter((entry) => entry.state && PRESENCE_STATES.includes(entry.state));
    const presenceStates = [...new Set(presence.map((entry) => entry.state as ToothState))];
    const treatments = toothEntries
      .filter((entry) => entry.state && TREATMENT_STATES.includes(entry.state))
      .filter((entry, index, all) => all.findIndex((other) => other.state === entry.state) === index)
      .map((entry) => ({ state: entry.state as ToothState, status: entry.status, entryId: entry.id }));
    const wholeTooth = toothEntries.filter((entry) => entry.condition && entry.surfaces.length === 0);
    const surfaces: Partial<Record<Surface, SurfaceMark>> = {};
    const onSurface = new Map<Surface, ChartEntry[]>();
    for (const entry of toothEntries) {
      if (!entry.condition) continue;
      for (const surface of entry.surfaces) onSurface.set(surface, [...(onSurface.get(surface) ?? []), entry]);
    }
    for (const [surface, marks] of onSurface) {
      const flagged = contradicting(marks);
      const [top] = marks as [ChartEntry, ...ChartEntry[]];
      surfaces[surface] = {
        condition: top.condition,
        material: top.material,
        status: top.status,
        entryId: top.id,
        review: flagged.size > 0,
        layers: marks.map((entry) => layerOf(entry, flagged.has(entry.id))),
      };
    }
    teeth.set(tooth, {
      tooth,
      state: presence[0]?.state ?? 'present',
      stateStatus: presence[0]?.status ?? null,
      stateReview: presenceStates.length > 1,
      stateCandidates: presenceStates,
      treatments,
      findings: wholeTooth.map((entry) => layerOf(entry, false)),
      surfaces,
    });
  }
  return teeth;
}

/**
 * The entries a new one replaces: what the charting device currently shows on the same surfaces with the
 * same status (or the tooth's presence state, or the same treatment). A device fills this from its own
 * copy; the server fills it from the database when an online caller leaves it out.
 */
export function entriesReplacedBy(
  current: readonly ChartEntry[],
  next: Pick<ChartEntry, 'tooth' | 'surfaces' | 'state' | 'condition' | 'status'>,
): string[] {
  return current
    .filter((entry) => entry.tooth === next.tooth && !entry.voidedAt)
    .filter((entry) => {
      if (next.state && entry.state) {
        const bothPresence = PRESENCE_STATES.includes(next.state) && PRESENCE_STATES.includes(entry.state);
        return bothPresence || next.state === entry.state;
      }
      if (!next.condition || !entry.condition) return false;
      if (next.surfaces.length === 0) return entry.surfaces.length === 0 && entry.condition === next.condition;
      const sameStatus = entry.status === next.status || (next.status === 'completed' && entry.status === 'planned');
      // Only an entry wholly covered is replaced: charting O over an MOD keeps the MOD (and marks it for review).
      return sameStatus && entry.surfaces.every((surface) => next.surfaces.includes(surface));
    })
    .map((entry) => entry.id);
}
