import 'fake-indexeddb/auto';
import { aChartEntry } from '@dental/domain/testing/clinical';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import type { ClinicalRow } from '../src/db/rows.ts';
import type { LocalStore } from '../src/local-store.ts';
import { PACK_FROM_ROWS } from '../src/records/chart-pack.ts';
import { fromStoredRows } from '../src/records/records.ts';
import { ClinicalServer } from './support/clinical-server.ts';
import { CLIENT_SCHEMA } from './support/pusher.ts';
import { anUnlockedStore, type TestStore } from './support/store.ts';

const PATIENT = '10000000-0000-4000-8000-000000000001';
const OTHER = '10000000-0000-4000-8000-000000000002';

function pull(local: LocalStore, server: ClinicalServer) {
  return local.sync.pull({ fetch: server.fetch, clientSchema: CLIENT_SCHEMA, limit: 500 });
}

async function packed({ store }: TestStore): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    if ((await store.db.chartPacks.get(PATIENT)) !== undefined) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('no pack was written');
}

/** The chart's entries as the rows say, each row opened on its own: what a pack read must equal. */
async function fromRows({ store, key }: TestStore) {
  const rows = (await store.db.clinical_entries.where('patientId').equals(PATIENT).toArray()) as ClinicalRow[];
  const records = await fromStoredRows(store, key, 'clinical_entries', rows);
  return records.map((record) => `${record.id}:${String(record.voidedAt)}`).sort();
}

async function fromChart({ local }: TestStore) {
  const chart = await local.clinical.chart(PATIENT);
  return chart.entries.map((entry) => `${entry.id}:${String(entry.voidedAt)}`).sort();
}

/** A write around the store's middleware, as a bug or another build could make: a pack read does not see it. */
async function tamper({ store }: TestStore, id: string) {
  const raw = new Dexie(store.db.name);
  await raw.open();
  const row = (await raw.table('clinical_entries').get(id)) as ClinicalRow;
  await raw.table('clinical_entries').put({ ...row, sealed: { iv: new Uint8Array(12), data: new ArrayBuffer(32) } });
  raw.close();
  return async () => {
    const again = new Dexie(store.db.name);
    await again.open();
    await again.table('clinical_entries').put(row);
    again.close();
  };
}

describe('chart packs', () => {
  it('a long chart is read from its pack and the rows written since, equal to reading every row', async () => {
    const server = new ClinicalServer();
    const count = PACK_FROM_ROWS + 20;
    for (let n = 0; n < count; n += 1) {
      const recordedAt = new Date(Date.parse('2010-01-01T00:00:00.000Z') + n * 86_400_000).toISOString();
      server.publish('clinical_entries', { ...aChartEntry({ patientId: PATIENT, recordedAt }) });
    }
    server.publish('clinical_entries', { ...aChartEntry({ patientId: OTHER }) });
    const device = await anUnlockedStore();
    await pull(device.local, server);

    // First read: row by row; the pack is written in the background.
    expect(await fromChart(device)).toEqual(await fromRows(device));
    await packed(device);
    const [first, second] = (await device.local.clinical.chart(PATIENT)).entries;
    if (!first || !second) throw new Error('no entries');

    // From now on the chart comes from the pack: a row changed behind the middleware's back is not read.
    const restore = await tamper(device, first.id);
    const read = await device.local.clinical.chart(PATIENT);
    expect(read.entries.some((entry) => entry.decryptionError)).toBe(false);
    expect(read.entries).toHaveLength(count);

    // Rows written since the pack are overlaid: a new entry, a void, a row pulled, a tombstone pulled.
    const added = await device.local.clinical.addEntry(PATIENT, { tooth: '46', state: 'missing', status: 'existing' });
    await device.local.clinical.voidEntry(PATIENT, second.id, 'Wrong tooth');
    const pulled = aChartEntry({
      patientId: PATIENT,
      tooth: '11',
      surfaces: ['I'],
      condition: 'caries',
      material: null,
    });
    server.publish('clinical_entries', { ...pulled });
    const gone = read.entries[5];
    if (!gone) throw new Error('no sixth entry');
    server.version += 1;
    server.feed.get(1)?.push({ table: 'clinical_entries', op: 'delete', id: gone.id, version: server.version });
    await pull(device.local, server);
    const overlaid = await device.local.clinical.chart(PATIENT);
    expect(overlaid.entries.some((entry) => entry.decryptionError)).toBe(false);
    const ids = overlaid.entries.map((entry) => entry.id);
    expect(ids).toContain(added.id);
    expect(ids).toContain(pulled.id);
    expect(ids).not.toContain(gone.id);
    expect(overlaid.entries.find((entry) => entry.id === second.id)?.voidReason).toBe('Wrong tooth');
    expect(overlaid.teeth.find((tooth) => tooth.tooth === '46')?.state).toBe('missing');

    // What the overlay shows is what the rows say (with the tampered row put back).
    await restore();
    expect(await fromChart(device)).toEqual(await fromRows(device));

    // A big write for the patient (a page of a sync) makes the pack stale as a whole: read row by row again.
    for (let n = 0; n < 60; n += 1) server.publish('clinical_entries', { ...aChartEntry({ patientId: PATIENT }) });
    await pull(device.local, server);
    const restoreAgain = await tamper(device, first.id);
    const reread = await device.local.clinical.chart(PATIENT);
    expect(reread.entries.filter((entry) => entry.decryptionError).map((entry) => entry.id)).toEqual([first.id]);
    await restoreAgain();
    expect(await fromChart(device)).toEqual(await fromRows(device));
    // The other patient's chart is untouched by all of it.
    expect((await device.local.clinical.chart(OTHER)).entries).toHaveLength(1);
  });

  it('a snapshot reset marks every pack stale', async () => {
    const server = new ClinicalServer();
    for (let n = 0; n < PACK_FROM_ROWS; n += 1) {
      server.publish('clinical_entries', { ...aChartEntry({ patientId: PATIENT }) });
    }
    const device = await anUnlockedStore();
    await pull(device.local, server);
    await device.local.clinical.chart(PATIENT);
    await packed(device);
    // The server forgets the cursor: the next pull is a fresh snapshot, which clears and refills the tables.
    const cursor = (await device.store.db.meta.get('cursor'))?.value;
    server.forgotten.add(String(cursor));
    const kept = server.feed.get(1)?.slice(0, 10) ?? [];
    server.feed.set(1, kept);
    await pull(device.local, server);
    expect(await device.local.clinical.chart(PATIENT)).toMatchObject({ entries: { length: 10 } });
    expect(await fromChart(device)).toEqual(await fromRows(device));
  });

  it('a sync packs the long charts it brought, and forgets the marks of short ones', async () => {
    const server = new ClinicalServer();
    for (let n = 0; n < PACK_FROM_ROWS; n += 1) {
      server.publish('clinical_entries', { ...aChartEntry({ patientId: PATIENT }) });
    }
    for (let n = 0; n < 5; n += 1) server.publish('clinical_entries', { ...aChartEntry({ patientId: OTHER }) });
    const device = await anUnlockedStore();
    await pull(device.local, server);
    // Nobody opened the chart: the pull's background work packed it.
    await packed(device);
    expect(await device.store.db.chartPacks.get(OTHER)).toBeUndefined();
    for (let tries = 0; tries < 200 && (await device.store.db.chartDirty.count()) > 0; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await device.store.db.chartDirty.count()).toBe(0);

    // Later small changes to the short chart leave marks only until the next sync's pruning.
    server.publish('clinical_entries', { ...aChartEntry({ patientId: OTHER }) });
    await pull(device.local, server);
    for (let tries = 0; tries < 200 && (await device.store.db.chartDirty.count()) > 0; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await device.store.db.chartDirty.count()).toBe(0);
    expect((await device.local.clinical.chart(OTHER)).entries).toHaveLength(6);
    expect(await fromChart(device)).toEqual(await fromRows(device));

    // With every mark forgotten, a chart read row by row is still packed again.
    await device.store.db.chartPacks.clear();
    expect(await fromChart(device)).toEqual(await fromRows(device));
    await packed(device);
    expect(await fromChart(device)).toEqual(await fromRows(device));
  });
});
