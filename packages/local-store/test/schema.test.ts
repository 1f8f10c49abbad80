import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { unlockStore } from '../src/crypto/keys.ts';
import { openStore } from '../src/db/open.ts';
import { SCHEMA_VERSION, SCHEMA_VERSIONS, storeName } from '../src/db/schema.ts';
import { localStore } from '../src/local-store.ts';
import { FakeServer } from './support/fake-server.ts';
import { CLIENT_SCHEMA } from './support/pusher.ts';
import { anUnlockedStore, aPatientInput, PASSWORD, TEST_ITERATIONS, utcCalendar } from './support/store.ts';

describe('schema versions', () => {
  it('a new version keeps every outbox entry and row of the current one', async () => {
    const { local, store } = await anUnlockedStore();
    const queued = [];
    for (let n = 0; n < 3; n += 1) queued.push((await local.patients.create(aPatientInput())).entry.id);
    const name = store.db.name;
    store.db.close();

    // A later build: the shipped versions untouched, one appended with a new index and an upgrade.
    const next = SCHEMA_VERSIONS.length + 1;
    const upgraded = new Dexie(name);
    for (const { version, stores } of SCHEMA_VERSIONS) upgraded.version(version).stores(stores);
    upgraded
      .version(next)
      .stores({
        appointments:
          '&id, appointmentDate, day, treatmentRoom, providerId, patientId, status, updatedAt, [day+treatmentRoom]',
      })
      .upgrade((tx) => tx.table('meta').put({ key: 'schemaVersion', value: next }));
    await upgraded.open();
    expect(upgraded.verno).toBe(next);
    expect((await upgraded.table('outbox').toArray()).map((entry: { id: string }) => entry.id)).toEqual(queued);
    expect(await upgraded.table('patients').count()).toBe(3);
    upgraded.close();

    // A tab still running this build meets the newer database: Dexie 4 opens it
    // as long as the tables it knows are unchanged, and the queued changes are all still there.
    const oldTab = await openStore({ practiceId: store.practiceId, userId: store.userId, calendar: utcCalendar });
    expect((await oldTab.db.outbox.toArray()).map((entry) => entry.id)).toEqual(queued);
    const oldLocal = localStore(oldTab, await unlockStore(oldTab.db, PASSWORD));
    expect(await oldLocal.patients.all()).toHaveLength(3);
    oldTab.db.close();
  });

  it('version 5 adds the recalls table to a version 4 store, keeping its queue and rows', async () => {
    const practiceId = 1;
    const userId = 9_500 + Math.floor(Math.random() * 1000);
    const name = storeName(practiceId, userId);
    // The store as the previous build left it: versions 1 to 4, a patient row and a queued change.
    const previous = new Dexie(name);
    for (const { version, stores } of SCHEMA_VERSIONS.filter(({ version }) => version <= 4)) {
      previous.version(version).stores(stores);
    }
    await previous.open();
    expect(previous.verno).toBe(4);
    expect(previous.tables.map((table) => table.name)).not.toContain('recalls');
    const queued = { id: 'queued-before-5', practiceId, entity: { table: 'patients', id: 'p-1' }, state: 'pending' };
    await previous.table('outbox').add(queued);
    await previous.table('patients').put({ id: 'p-1', practiceId, status: 'active', isActive: true, version: 3 });
    previous.close();

    const store = await openStore({ practiceId, userId, calendar: utcCalendar });
    expect(store.db.verno).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(5);
    expect(store.db.recalls.schema.indexes.map((index) => index.name).sort()).toEqual([
      'dueDate',
      'patientId',
      'updatedAt',
    ]);
    expect((await store.db.outbox.toArray()).map((entry) => entry.id)).toEqual(['queued-before-5']);
    expect(await store.db.patients.get('p-1')).toMatchObject({ version: 3 });

    // The new table takes a recall at once, after the entry already queued.
    const local = localStore(store, await unlockStore(store.db, PASSWORD, { iterations: TEST_ITERATIONS }));
    const patientId = '11111111-1111-4111-8111-111111111111';
    const { recall } = await local.recalls.create({
      patientId,
      recallTypeId: 1,
      dueDate: '2027-05-23',
      priority: 'normal',
    });
    expect((await local.recalls.ofPatient(patientId)).map((shown) => shown.id)).toEqual([recall.id]);
    expect((await store.db.outbox.toArray()).map((entry) => entry.entity.table)).toEqual(['patients', 'recalls']);
    store.db.close();
  });

  it('version 6 adds the family links and sent forms tables to a version 5 store, keeping its queue and rows', async () => {
    const practiceId = 1;
    const userId = 10_500 + Math.floor(Math.random() * 1000);
    const name = storeName(practiceId, userId);
    // The store as the previous build left it: versions 1 to 5, a patient, a recall and a queued change.
    const previous = new Dexie(name);
    for (const { version, stores } of SCHEMA_VERSIONS.filter(({ version }) => version <= 5)) {
      previous.version(version).stores(stores);
    }
    await previous.open();
    expect(previous.verno).toBe(5);
    expect(previous.tables.map((table) => table.name)).not.toContain('family_relationships');
    expect(previous.tables.map((table) => table.name)).not.toContain('form_sends');
    const queued = { id: 'queued-before-6', practiceId, entity: { table: 'patients', id: 'p-1' }, state: 'pending' };
    await previous.table('outbox').add(queued);
    await previous.table('patients').put({ id: 'p-1', practiceId, status: 'active', isActive: true, version: 3 });
    await previous.table('recalls').put({ id: 'r-1', practiceId, patientId: 'p-1', dueDate: '2027-01-01', version: 4 });
    previous.close();

    const store = await openStore({ practiceId, userId, calendar: utcCalendar });
    expect(store.db.verno).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(6);
    expect(store.db.family_relationships.schema.indexes.map((index) => index.name).sort()).toEqual([
      'patientId',
      'relatedPatientId',
      'updatedAt',
    ]);
    expect(store.db.form_sends.schema.indexes.map((index) => index.name).sort()).toEqual([
      'patientId',
      'sentAt',
      'updatedAt',
    ]);
    expect((await store.db.outbox.toArray()).map((entry) => entry.id)).toEqual(['queued-before-6']);
    expect(await store.db.patients.get('p-1')).toMatchObject({ version: 3 });
    expect(await store.db.recalls.get('r-1')).toMatchObject({ patientId: 'p-1', version: 4 });

    // The new tables take pulled rows at once.
    const local = localStore(store, await unlockStore(store.db, PASSWORD, { iterations: TEST_ITERATIONS }));
    const server = new FakeServer();
    server.feed.set(practiceId, [
      {
        table: 'family_relationships',
        op: 'upsert',
        id: 'f-1',
        version: 5,
        row: {
          id: 'f-1',
          patientId: 'p-1',
          relatedPatientId: 'p-2',
          relationshipType: 'spouse',
          relatedPatient: { firstName: 'Ada', lastName: 'Byron' },
        },
      },
      {
        table: 'form_sends',
        op: 'upsert',
        id: 's-1',
        version: 6,
        row: {
          id: 's-1',
          patientId: 'p-1',
          templateId: 1,
          title: 'Consent',
          category: 'consent',
          method: 'sms',
          status: 'sent',
          sentAt: '2026-11-20T15:00:00.000Z',
          sentBy: null,
        },
      },
    ]);
    await local.sync.pull({ fetch: server.fetch, clientSchema: CLIENT_SCHEMA });
    expect((await local.family.ofPatient('p-1')).map((relation) => relation.id)).toEqual(['f-1']);
    expect((await local.forms.sentTo('p-1')).map((form) => form.id)).toEqual(['s-1']);
    expect((await store.db.outbox.toArray()).map((entry) => entry.id)).toEqual(['queued-before-6']);
    store.db.close();
  });

  it('reopening the same version keeps the data readable', async () => {
    const { local, store } = await anUnlockedStore();
    await local.patients.create(aPatientInput());
    store.db.close();
    const reopened = await openStore({ practiceId: store.practiceId, userId: store.userId, calendar: utcCalendar });
    const again = await unlockStore(reopened.db, PASSWORD);
    expect((await localStore(reopened, again).patients.all()).map((patient) => patient.firstName)).toEqual([
      'Evangelina',
    ]);
  });
});
