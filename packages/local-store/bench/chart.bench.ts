/**
 * Issue 17, point 9: opening, from the device, the chart of a patient with 20 years of history (5,000
 * chart entries, 200 notes, 20 perio exams) in under 200 ms. The rows are sealed exactly as a pull stores
 * them; each cold round opens the store afresh (a new unlock, so nothing opened before is remembered) and
 * times `clinical.chart()` alone. The warm figure is the live query's re-read after one more charted surface.
 * The baseline is the same records in clear in a plain Dexie table, read and projected the same way.
 */
import { projectChart } from '@dental/domain/clinical/chart';
import { chartView } from '@dental/domain/clinical/chart-view';
import type { ChartEntry, Condition, EntryStatus, Material } from '@dental/domain/clinical/entry';
import type { ClinicalNote } from '@dental/domain/clinical/notes';
import { emptyPerioTooth, type PerioExam, type PerioTooth } from '@dental/domain/clinical/perio';
import type { TreatmentPlan } from '@dental/domain/clinical/plans';
import { type Surface, surfacesOf } from '@dental/domain/clinical/surfaces';
import { PERMANENT_TEETH } from '@dental/domain/clinical/teeth';
import Dexie, { type EntityTable } from 'dexie';
import { openValue } from '../src/crypto/seal.ts';
import { closeStore } from '../src/db/open.ts';
import { openClinicalRows } from '../src/records/clinical.ts';
import { putSealedBatch } from '../src/records/records.ts';
import type { PlainRecord } from '../src/types.ts';
import { type BenchStore, pause, since, unlockedStore } from './support.ts';

const PRACTICE = 1;
const USER = 9002;
export const CHART_PATIENT = '70000000-0000-4000-8000-000000000001';
export const CHART_SIZE = { entries: 5_000, notes: 200, perioExams: 20, plans: 12 } as const;

/** A small deterministic generator, so every run charts the same 20 years. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const uuid = (prefix: number, n: number) =>
  `${String(prefix).padStart(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const DAY_MS = 86_400_000;
const FROM = Date.parse('2006-11-20T14:00:00.000Z');
const YEARS_MS = 20 * 365 * DAY_MS;

const CONDITIONS: readonly Condition[] = ['caries', 'restoration', 'restoration', 'sealant', 'fracture', 'watch'];
const MATERIALS: readonly Material[] = ['amalgam', 'composite', 'glass_ionomer', 'gold', 'ceramic'];
const STATUSES: readonly EntryStatus[] = ['existing', 'planned', 'completed'];

const NOTE_TEXT = [
  'S: Patient presents for recall. Medical history reviewed, no changes. No new concerns reported.',
  'O: Soft tissue WNL. Oral hygiene fair, generalised plaque on lower anteriors. Existing restorations intact.',
  'New findings: incipient caries on the distal of 25, watch. Bitewings taken, reviewed.',
  'A: Stable periodontal condition, localised gingivitis. Incipient caries 25 D.',
  'P: Scaling and polishing completed. Fluoride varnish applied. Home care reviewed: interdental brushes.',
  'Recall in 6 months. Re-evaluate 25 D at next visit.',
].join('\n\n');

export interface ChartFixture {
  entries: ChartEntry[];
  notes: ClinicalNote[];
  perioExams: PerioExam[];
  plans: TreatmentPlan[];
}

export function chartFixture(patientId = CHART_PATIENT): ChartFixture {
  const next = random(17);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const at = (n: number, of: number) => new Date(FROM + Math.floor((YEARS_MS * n) / of)).toISOString();
  const entries: ChartEntry[] = [];
  for (let n = 0; n < CHART_SIZE.entries; n += 1) {
    const tooth = pick(PERMANENT_TEETH);
    const condition = pick(CONDITIONS);
    const onSurfaces = condition !== 'fracture' && condition !== 'watch';
    const own = surfacesOf(tooth);
    const surfaces: Surface[] = onSurfaces
      ? own.filter((_surface, index) => index === 0 || next() < 0.35).slice(0, 1 + Math.floor(next() * 3))
      : [];
    // Every 25th entry is a tooth state instead (missing, crown, root canal), as charts have a few.
    const state = n % 25 === 0 ? pick(['missing', 'crown', 'root_canal_treated'] as const) : null;
    const recordedAt = at(n, CHART_SIZE.entries);
    // Later entries on the same tooth replace earlier ones now and then, as a real chart's corrections do.
    const earlier = n % 7 === 0 ? entries.findLast((entry) => entry.tooth === tooth && !entry.state) : undefined;
    entries.push({
      id: uuid(71, n),
      patientId,
      tooth,
      surfaces: state ? [] : surfaces,
      state,
      condition: state ? null : condition,
      material: !state && condition === 'restoration' ? pick(MATERIALS) : state === 'crown' ? 'ceramic' : null,
      status: pick(STATUSES),
      procedureCode: null,
      appointmentId: uuid(72, Math.floor(n / 25)),
      replaces: earlier ? [earlier.id] : [],
      recordedBy: 2,
      recordedByName: 'Dr. Sarah Patel',
      recordedAt,
      voidedAt: n % 97 === 0 ? recordedAt : null,
      voidedBy: n % 97 === 0 ? 2 : null,
      voidedByName: n % 97 === 0 ? 'Dr. Sarah Patel' : null,
      voidReason: n % 97 === 0 ? 'Charted on the wrong tooth' : null,
    });
  }
  const notes: ClinicalNote[] = [];
  for (let n = 0; n < CHART_SIZE.notes; n += 1) {
    const createdAt = at(n, CHART_SIZE.notes);
    notes.push({
      id: uuid(73, n),
      patientId,
      appointmentId: uuid(72, n),
      templateId: null,
      body: `${NOTE_TEXT}\n\nVisit ${n + 1}.`,
      status: 'signed',
      createdBy: 2,
      createdByName: 'Dr. Sarah Patel',
      createdAt,
      updatedAt: createdAt,
      signedAt: createdAt,
      signedBy: 2,
      signedByName: 'Dr. Sarah Patel',
      addenda:
        n % 20 === 0
          ? [
              {
                id: uuid(74, n),
                noteId: uuid(73, n),
                body: 'Addendum: patient called, sensitivity resolved.',
                signedBy: 2,
                signedByName: 'Dr. Sarah Patel',
                signedAt: createdAt,
              },
            ]
          : [],
    });
  }
  const perioExams: PerioExam[] = [];
  for (let n = 0; n < CHART_SIZE.perioExams; n += 1) {
    const teeth: Record<string, PerioTooth> = {};
    for (const tooth of PERMANENT_TEETH) {
      const depth = () => 2 + Math.floor(next() * 4);
      teeth[tooth] = {
        ...emptyPerioTooth(),
        depth: [depth(), depth(), depth(), depth(), depth(), depth()],
        recession: [0, 1, 0, 0, 1, 0],
        bleeding: [next() < 0.2, false, next() < 0.2, false, next() < 0.2, false],
        suppuration: [false, false, false, false, false, false],
        mobility: 0,
        furcation: null,
      };
    }
    const recordedAt = at(n, CHART_SIZE.perioExams);
    perioExams.push({
      id: uuid(75, n),
      patientId,
      appointmentId: uuid(72, n * 10),
      examDate: recordedAt.slice(0, 10),
      teeth,
      recordedBy: 3,
      recordedByName: 'Maria Lopez',
      recordedAt,
      updatedAt: recordedAt,
    });
  }
  const plans: TreatmentPlan[] = [];
  for (let n = 0; n < CHART_SIZE.plans; n += 1) {
    const createdAt = at(n, CHART_SIZE.plans);
    plans.push({
      id: uuid(76, n),
      patientId,
      title: `Treatment plan ${n + 1}`,
      status: 'completed',
      phases: [
        {
          name: 'Phase 1',
          items: [
            {
              id: uuid(77, n),
              code: 'RES-P3',
              description: 'Composite, posterior, three surfaces',
              tooth: '36',
              surfaces: ['M', 'O', 'D'],
              fee: 23_500,
              coveragePercent: 80,
              done: true,
            },
          ],
        },
      ],
      notes: null,
      createdBy: 2,
      createdByName: 'Dr. Sarah Patel',
      createdAt,
      updatedAt: createdAt,
      proposedAt: createdAt,
      acceptedAt: createdAt,
      acceptedByName: 'Evangelina Thistlewood',
      signature: null,
    });
  }
  return { entries, notes, perioExams, plans };
}

class PlainChartDb extends Dexie {
  declare readonly clinical_entries: EntityTable<PlainRecord, 'id'>;
  declare readonly perio_exams: EntityTable<PlainRecord, 'id'>;
  declare readonly clinical_notes: EntityTable<PlainRecord, 'id'>;
  declare readonly treatment_plans: EntityTable<PlainRecord, 'id'>;
  constructor() {
    super('bench-plain-chart');
    this.version(1).stores({
      clinical_entries: '&id, patientId, updatedAt',
      perio_exams: '&id, patientId, updatedAt',
      clinical_notes: '&id, patientId, updatedAt',
      treatment_plans: '&id, patientId, updatedAt',
    });
  }
}

let sealedSide: BenchStore | null = null;
let plainSide: PlainChartDb | null = null;

const asRecords = (rows: readonly object[]) =>
  rows.map((row) => ({ ...row, updatedAt: '2026-11-20T00:00:00.000Z', version: 1 }) as unknown as PlainRecord);

/** Fills both sides once: the sealed store as a pull would, and the plain baseline. */
export async function setupChart(): Promise<{ entries: number; notes: number; perioExams: number; jsonBytes: number }> {
  const fixture = chartFixture();
  await Dexie.delete('bench-plain-chart');
  await Dexie.delete(`dentalflow-u${USER}-p${PRACTICE}`);
  sealedSide = await unlockedStore(PRACTICE, USER);
  plainSide = new PlainChartDb();
  await plainSide.open();
  const tables = [
    ['clinical_entries', fixture.entries],
    ['perio_exams', fixture.perioExams],
    ['clinical_notes', fixture.notes],
    ['treatment_plans', fixture.plans],
  ] as const;
  for (const [table, rows] of tables) {
    await putSealedBatch(sealedSide.store, sealedSide.key, table, asRecords(rows));
    await plainSide.table(table).bulkPut(asRecords(rows));
  }
  return {
    entries: fixture.entries.length,
    notes: fixture.notes.length,
    perioExams: fixture.perioExams.length,
    jsonBytes: JSON.stringify(fixture).length,
  };
}

export async function teardownChart(): Promise<void> {
  if (sealedSide) {
    closeStore(sealedSide.store);
    await Dexie.delete(sealedSide.store.db.name);
  }
  plainSide?.close();
  await Dexie.delete('bench-plain-chart');
  sealedSide = null;
  plainSide = null;
}

function check(chart: { entries: unknown[]; notes: unknown[]; perioExams: unknown[]; teeth: unknown[] }) {
  if (chart.entries.length !== CHART_SIZE.entries) throw new Error(`chart() gave ${chart.entries.length} entries`);
  if (chart.notes.length !== CHART_SIZE.notes) throw new Error(`chart() gave ${chart.notes.length} notes`);
  if (chart.perioExams.length !== CHART_SIZE.perioExams) throw new Error('chart() lost perio exams');
  if (chart.teeth.length === 0) throw new Error('chart() projected no teeth');
}

/** Outside the clock: waits until the chart's pack is on disk (written after a row-by-row read). */
async function packSettled({ local, store }: BenchStore): Promise<void> {
  if (await store.db.chartPacks.get(CHART_PATIENT)) return;
  await local.clinical.chart(CHART_PATIENT);
  const deadline = performance.now() + 10_000;
  while (!(await store.db.chartPacks.get(CHART_PATIENT))) {
    if (performance.now() > deadline) throw new Error('the chart was not packed');
    await pause(20);
  }
}

/**
 * Opening the chart as the app does on a store just unlocked (after a sign-in): nothing opened is
 * remembered in memory; the chart's pack is on disk, as after any earlier opening on this device.
 */
export async function openChartCold(): Promise<number> {
  if (!sealedSide) throw new Error('setupChart first');
  await packSettled(sealedSide);
  // Outside the clock: the store closed and unlocked again, as after a sign-in.
  sealedSide.local.close();
  sealedSide = await unlockedStore(PRACTICE, USER);
  await pause(50);
  const started = performance.now();
  const chart = await sealedSide.local.clinical.chart(CHART_PATIENT);
  const ms = since(started);
  check(chart);
  if (chart.entries.some((entry) => entry.decryptionError)) throw new Error('an entry failed to decrypt');
  return ms;
}

/**
 * The first opening of the chart on this device (just after the sync that brought it): no pack yet, every
 * row read and decrypted on its own. The pack is written in the background afterwards, outside the clock.
 */
export async function openChartFirst(): Promise<number> {
  if (!sealedSide) throw new Error('setupChart first');
  sealedSide.local.close();
  sealedSide = await unlockedStore(PRACTICE, USER);
  await sealedSide.store.db.chartPacks.clear();
  await pause(50);
  const started = performance.now();
  const chart = await sealedSide.local.clinical.chart(CHART_PATIENT);
  const ms = since(started);
  check(chart);
  await packSettled(sealedSide);
  return ms;
}

/** The live query's re-read after one more charted surface, with the rest already opened. */
export async function openChartWarm(): Promise<number> {
  if (!sealedSide) throw new Error('setupChart first');
  const { local } = sealedSide;
  await packSettled(sealedSide);
  await local.clinical.chart(CHART_PATIENT);
  const added = await local.clinical.addEntry(CHART_PATIENT, {
    tooth: '46',
    surfaces: 'O',
    condition: 'caries',
    status: 'planned',
  });
  await pause(50);
  const started = performance.now();
  const chart = await local.clinical.chart(CHART_PATIENT);
  const ms = since(started);
  if (!chart.entries.some((entry) => entry.id === added.id)) throw new Error('the new entry is missing');
  // Outside the clock: back to the fixture, so every round reads the same chart.
  await sealedSide.store.db.clinical_entries.delete(added.id);
  await sealedSide.store.db.outbox.clear();
  // The delete made the pack stale as a whole (a delete names no patient): rebuild it as a read would.
  await sealedSide.store.db.chartPacks.clear();
  await packSettled(sealedSide);
  return ms;
}

/** The same records in clear: read by patient and projected, with no decryption. */
export async function openChartPlain(): Promise<number> {
  if (!plainSide) throw new Error('setupChart first');
  const db = plainSide;
  await pause(50);
  const started = performance.now();
  const [entries, perioExams, notes, plans] = await Promise.all(
    (['clinical_entries', 'perio_exams', 'clinical_notes', 'treatment_plans'] as const).map((table) =>
      db.table(table).where('patientId').equals(CHART_PATIENT).toArray(),
    ),
  );
  const chart = chartView(CHART_PATIENT, {
    entries: entries as unknown as ChartEntry[],
    perioExams: perioExams as unknown as PerioExam[],
    notes: notes as unknown as ClinicalNote[],
    plans: plans as unknown as TreatmentPlan[],
  });
  const ms = since(started);
  check(chart);
  return ms;
}

/** Where a cold chart() spends its time: the IndexedDB reads, the decryption, the projection. */
export async function profileChart(): Promise<Record<string, number>> {
  if (!sealedSide) throw new Error('setupChart first');
  sealedSide.local.close();
  sealedSide = await unlockedStore(PRACTICE, USER);
  const { store, key } = sealedSide;
  const { db } = store;
  await pause(50);
  let started = performance.now();
  const rows = await db.clinical_entries.where('patientId').equals(CHART_PATIENT).toArray();
  const idbEntriesMs = since(started);
  started = performance.now();
  const others = await Promise.all([
    db.perio_exams.where('patientId').equals(CHART_PATIENT).toArray(),
    db.clinical_notes.where('patientId').equals(CHART_PATIENT).toArray(),
  ]);
  const idbOthersMs = since(started);
  started = performance.now();
  const entries = await openClinicalRows<ChartEntry>(store, key, 'clinical_entries', rows);
  const decryptEntriesMs = since(started);
  started = performance.now();
  await openClinicalRows<ChartEntry>(store, key, 'clinical_entries', rows);
  const memoEntriesMs = since(started);
  started = performance.now();
  const teeth = projectChart(entries);
  const projectMs = since(started);
  started = performance.now();
  await openClinicalRows(store, key, 'clinical_notes', others[1]);
  await openClinicalRows(store, key, 'perio_exams', others[0]);
  const decryptOthersMs = since(started);
  if (teeth.size === 0) throw new Error('nothing projected');
  await packSettled(sealedSide);
  started = performance.now();
  const pack = await db.chartPacks.get(CHART_PATIENT);
  const idbPackMs = since(started);
  if (!pack) throw new Error('no pack');
  started = performance.now();
  await openValue(key, store.practiceId, 'chart-packs', CHART_PATIENT, pack.sealed);
  const openPackMs = since(started);
  return {
    idbEntriesMs,
    idbOthersMs,
    decryptEntriesMs,
    memoEntriesMs,
    projectMs,
    decryptOthersMs,
    idbPackMs,
    openPackMs,
    packBytes: pack.sealed.data.byteLength,
  };
}
