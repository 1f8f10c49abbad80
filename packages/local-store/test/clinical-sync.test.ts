import 'fake-indexeddb/auto';
import { aChartEntry, aPerioExam, aPerioTooth } from '@dental/domain/testing/clinical';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { unlockStore } from '../src/crypto/keys.ts';
import { openStore } from '../src/db/open.ts';
import { SCHEMA_VERSION, SCHEMA_VERSIONS, storeName } from '../src/db/schema.ts';
import { type LocalStore, localStore } from '../src/local-store.ts';
import { ClinicalServer } from './support/clinical-server.ts';
import { aPusher, CLIENT_SCHEMA } from './support/pusher.ts';
import { anUnlockedStore, PASSWORD, rawDump, TEST_ITERATIONS, utcCalendar } from './support/store.ts';

const PATIENT = '10000000-0000-4000-8000-000000000001';

function pull(local: LocalStore, server: ClinicalServer) {
  return local.sync.pull({ fetch: server.fetch, clientSchema: CLIENT_SCHEMA, limit: 50 });
}

async function aDevice(server: ClinicalServer) {
  const device = await anUnlockedStore();
  await pull(device.local, server);
  return device;
}

describe('clinical charts through sync', () => {
  it('pulls the six clinical tables: the chart reads them, sealed on disk except templates and fees', async () => {
    const server = new ClinicalServer();
    const entry = aChartEntry({
      patientId: PATIENT,
      tooth: '46',
      surfaces: ['O'],
      condition: 'caries',
      material: null,
    });
    server.publish('clinical_entries', { ...entry });
    server.publish('perio_exams', { ...aPerioExam({ '16': aPerioTooth([6, 5, 4, 3, 3, 3]) }, { patientId: PATIENT }) });
    server.publish('note_templates', {
      id: '40000000-0000-4000-8000-000000000001',
      name: 'Recall exam',
      category: 'Examination',
      body: 'S: ',
      active: true,
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    server.publish('procedure_fees', {
      id: 'RES-P1',
      code: 'RES-P1',
      description: 'Composite, posterior, one surface',
      category: 'restorative',
      fee: 15_000,
    });
    const { local, store } = await aDevice(server);
    const chart = await local.clinical.chart(PATIENT);
    expect(chart.entries).toMatchObject([{ id: entry.id, tooth: '46', condition: 'caries' }]);
    expect(chart.teeth).toMatchObject([{ tooth: '46', surfaces: { O: { condition: 'caries' } } }]);
    expect(chart.perioExams[0]?.teeth['16']?.depth).toEqual([6, 5, 4, 3, 3, 3]);
    expect(await local.clinical.templates()).toMatchObject([{ name: 'Recall exam' }]);
    expect(await local.clinical.fees()).toMatchObject([{ code: 'RES-P1', fee: 15_000 }]);
    const disk = await rawDump(store);
    expect(disk).not.toContain('caries');
    expect(disk).not.toContain('recordedByName');
    expect(disk).toContain('Recall exam');
  });

  it('two devices chart the same surface differently offline: after sync both keep both entries, marked review', async () => {
    const server = new ClinicalServer();
    const first = await aDevice(server);
    const second = await aDevice(server);
    // Both offline: neither sees the other's entry, so neither replaces it.
    const composite = await first.local.clinical.addEntry(PATIENT, {
      tooth: '36',
      surfaces: 'O',
      condition: 'restoration',
      material: 'composite',
      status: 'existing',
    });
    const amalgam = await second.local.clinical.addEntry(PATIENT, {
      tooth: '36',
      surfaces: 'O',
      condition: 'restoration',
      material: 'amalgam',
      status: 'existing',
    });
    expect(composite.replaces).toEqual([]);
    expect(amalgam.replaces).toEqual([]);

    // Back online: each pushes, then each pulls.
    for (const device of [first, second]) {
      const { pusher } = aPusher(device.local, { server });
      expect(await pusher.drain()).toBe('drained');
    }
    for (const device of [first, second]) await pull(device.local, server);

    expect(
      server
        .entries(PATIENT)
        .map((entry) => entry.id)
        .sort(),
    ).toEqual([composite.id, amalgam.id].sort());
    for (const device of [first, second]) {
      const chart = await device.local.clinical.chart(PATIENT);
      expect(chart.entries.map((entry) => entry.id).sort()).toEqual([composite.id, amalgam.id].sort());
      const surface = chart.teeth[0]?.surfaces.O;
      expect(surface?.review).toBe(true);
      expect(surface?.layers.map((layer) => layer.material).sort()).toEqual(['amalgam', 'composite']);
      expect(await device.store.db.outbox.count()).toBe(0);
    }

    // The dentist resolves it on one device: a new entry replacing both clears the review everywhere.
    const chosen = await first.local.clinical.addEntry(PATIENT, {
      tooth: '36',
      surfaces: 'O',
      condition: 'restoration',
      material: 'composite',
      status: 'existing',
    });
    expect(chosen.replaces.sort()).toEqual([composite.id, amalgam.id].sort());
    await aPusher(first.local, { server }).pusher.drain();
    await pull(second.local, server);
    const resolved = await second.local.clinical.chart(PATIENT);
    expect(resolved.teeth[0]?.surfaces.O).toMatchObject({ entryId: chosen.id, review: false, material: 'composite' });
  });

  it('an autosave queued while the previous one is on its way is sent after it, never lost', async () => {
    const server = new ClinicalServer();
    const { local, store } = await aDevice(server);
    const note = await local.clinical.createNote({ patientId: PATIENT, body: 'S: ' });
    await aPusher(local, { server }).pusher.drain();
    await local.clinical.updateNote(note.id, 'S: first save');

    // The first PATCH is held on the server; meanwhile the user types and the 30 s autosave runs again.
    let release = () => {};
    let reached = () => {};
    const atServer = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holding: typeof fetch = async (input, init) => {
      if (init?.method === 'PATCH' && server.mutations().every((request) => request.method !== 'PATCH')) {
        const answer = server.fetch(input, init);
        reached();
        await gate;
        return answer;
      }
      return server.fetch(input, init);
    };
    const { pusher } = aPusher(local, { fetch: holding });
    const draining = pusher.drain();
    await atServer;
    await local.clinical.updateNote(note.id, 'S: second save');
    release();
    await draining;
    await pusher.drain();

    const patches = server.mutations().filter((request) => request.method === 'PATCH');
    expect(patches.map((request) => request.body)).toEqual([{ body: 'S: first save' }, { body: 'S: second save' }]);
    expect(await store.db.outbox.count()).toBe(0);
    expect((await local.clinical.chart(PATIENT)).notes[0]?.body).toBe('S: second save');
  });

  it('a refused signature rolls back to the saved note, kept under Needs attention', async () => {
    const server = new ClinicalServer();
    const { local } = await aDevice(server);
    const note = await local.clinical.createNote({ patientId: PATIENT, body: 'S: pain' });
    await aPusher(local, { server }).pusher.drain();
    // Someone else signed it meanwhile on the server.
    const row = server.clinical.get(`clinical_notes/${note.id}`);
    server.publish('clinical_notes', { ...row, status: 'signed', signedBy: 3, signedByName: 'Dr. Other' });
    await local.clinical.saveDraft(note.id, 'S: pain on 36');
    await local.clinical.signNote(note.id);
    await aPusher(local, { server }).pusher.drain();
    expect(await local.outbox.needingAttention()).toHaveLength(2);
    const back = (await local.clinical.chart(PATIENT)).notes[0];
    expect(back).toMatchObject({ body: 'S: pain', status: 'draft' });
  });
});

describe('note drafts', () => {
  it('survive closing and reopening the store, sealed', async () => {
    const first = await anUnlockedStore();
    const note = await first.local.clinical.createNote({ patientId: PATIENT, body: 'S: ' });
    await first.local.clinical.saveDraft(note.id, 'S: typed just before the tab closed');
    expect(await rawDump(first.store)).not.toContain('typed just before');
    const { practiceId, userId } = first.store;
    first.local.close();

    const reopened = await openStore({ practiceId, userId, calendar: utcCalendar });
    const local = localStore(reopened, await unlockStore(reopened.db, PASSWORD, { iterations: TEST_ITERATIONS }));
    const [again] = (await local.clinical.chart(PATIENT)).notes;
    expect(again).toMatchObject({ id: note.id, body: 'S: ', draftBody: 'S: typed just before the tab closed' });
    // Signing takes the draft, as it was on screen.
    const signed = await local.clinical.signNote(note.id);
    expect(signed.body).toBe('S: typed just before the tab closed');
    local.close();
  });

  it('count as unsent: clearing the device refuses while one is there', async () => {
    const { local, store } = await anUnlockedStore();
    const note = await local.clinical.createNote({ patientId: PATIENT, body: 'S: ' });
    await store.db.outbox.clear();
    await local.clinical.saveDraft(note.id, 'S: not saved yet');
    expect(await local.clear()).toEqual({ ok: false, unsent: 1 });
    await local.clinical.updateNote(note.id, 'S: not saved yet');
    await store.db.outbox.clear();
    expect(await store.db.note_drafts.count()).toBe(0);
    expect(await local.clear()).toEqual({ ok: true });
  });
});

describe('schema version 7', () => {
  it('adds the clinical tables to a version 6 store, keeping its queue and rows', async () => {
    const practiceId = 1;
    const userId = 19_500 + Math.floor(Math.random() * 1000);
    const name = storeName(practiceId, userId);
    const previous = new Dexie(name);
    for (const { version, stores } of SCHEMA_VERSIONS.filter(({ version }) => version <= 6)) {
      previous.version(version).stores(stores);
    }
    await previous.open();
    expect(previous.verno).toBe(6);
    const queued = { id: 'queued-before-7', practiceId, entity: { table: 'patients', id: 'p-1' }, state: 'pending' };
    await previous.table('outbox').add(queued);
    await previous.table('patients').put({ id: 'p-1', practiceId, status: 'active', isActive: true, version: 3 });
    previous.close();

    const store = await openStore({ practiceId, userId, calendar: utcCalendar });
    expect(store.db.verno).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBe(7);
    for (const table of ['clinical_entries', 'perio_exams', 'clinical_notes', 'treatment_plans']) {
      expect(
        store.db
          .table(table)
          .schema.indexes.map((index) => index.name)
          .sort(),
      ).toEqual(['patientId', 'updatedAt']);
    }
    expect(store.db.note_drafts.schema.indexes.map((index) => index.name)).toEqual(['patientId']);
    expect((await store.db.outbox.toArray()).map((entry) => entry.id)).toEqual(['queued-before-7']);
    expect(await store.db.patients.get('p-1')).toMatchObject({ version: 3 });

    const local = localStore(store, await unlockStore(store.db, PASSWORD, { iterations: TEST_ITERATIONS }));
    await local.clinical.addEntry(PATIENT, { tooth: '11', state: 'missing', status: 'existing' });
    expect((await store.db.outbox.toArray()).map((entry) => entry.entity.table)).toEqual([
      'patients',
      'clinical_entries',
    ]);
    store.db.close();
  });
});
