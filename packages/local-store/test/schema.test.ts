import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { unlockStore } from '../src/crypto/keys.ts';
import { SCHEMA_VERSIONS } from '../src/db.ts';
import { createPatient } from '../src/patient-commands.ts';
import { readPatients } from '../src/reads.ts';
import { openStore } from '../src/store.ts';
import { anUnlockedStore, aPatientInput, PASSWORD, utcCalendar } from './support/store.ts';

describe('schema versions', () => {
  it('a new version keeps every outbox entry and row of the current one', async () => {
    const { store, key } = await anUnlockedStore();
    const queued = [];
    for (const phone of ['416-555-0001', '416-555-0002', '416-555-0003']) {
      queued.push((await createPatient(store, key, aPatientInput({ phone }))).entry.id);
    }
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
    const oldKey = await unlockStore(oldTab.db, PASSWORD);
    expect(await readPatients(oldTab, oldKey)).toHaveLength(3);
    oldTab.db.close();
  });

  it('reopening the same version keeps the data readable', async () => {
    const { store, key } = await anUnlockedStore();
    await createPatient(store, key, aPatientInput());
    store.db.close();
    const reopened = await openStore({ practiceId: store.practiceId, userId: store.userId, calendar: utcCalendar });
    const again = await unlockStore(reopened.db, PASSWORD);
    expect((await readPatients(reopened, again)).map((patient) => patient.firstName)).toEqual(['Evangelina']);
  });
});
