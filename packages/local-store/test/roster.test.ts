import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { StoreHandle } from '../src/db/handle.ts';
import type { LocalStore } from '../src/local-store.ts';
import { putSealedBatch } from '../src/records/records.ts';
import { ROSTER_PAGE_SIZE, ROSTER_REBUILD_AFTER } from '../src/records/roster.ts';
import { anUnlockedStore, aPatientInput } from './support/store.ts';

const COUNT = ROSTER_PAGE_SIZE + 20;
/** Stable UUID-shaped ids, as the server's and the commands' ids are. */
const idOf = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

async function aStoreWithPatients() {
  const { local, store, key } = await anUnlockedStore();
  await putSealedBatch(
    store,
    key,
    'patients',
    Array.from({ length: COUNT }, (_, index) => ({
      ...aPatientInput({ firstName: `First${index}`, lastName: `Last${index}` }),
      id: idOf(index),
      status: 'active',
    })),
  );
  return { local, store, key };
}

/** The first read goes row by row and rebuilds the pages afterwards; wait for them. */
async function withRoster(local: LocalStore, store: StoreHandle) {
  const first = await local.patients.all();
  await vi.waitFor(async () => {
    expect(await store.db.roster.count()).toBe(2);
    expect(await store.db.rosterDirty.count()).toBe(0);
  });
  return first;
}

const byId = <T extends { id: string }>(records: T[]) => [...records].sort((a, b) => a.id.localeCompare(b.id));
const names = (records: { firstName: string }[]) => new Set(records.map((record) => record.firstName));

describe('patient roster pages', () => {
  it('serves the same list from the pages as from the rows', async () => {
    const { local, store } = await aStoreWithPatients();
    const fromRows = await withRoster(local, store);
    expect(fromRows).toHaveLength(COUNT);
    expect(byId(await local.patients.all())).toEqual(byId(fromRows));
  });

  it('shows creations, edits and deletions made after the pages were cut', async () => {
    const { local, store } = await aStoreWithPatients();
    await withRoster(local, store);
    const { patient } = await local.patients.create(aPatientInput({ firstName: 'Newcomer' }));
    await local.patients.update(idOf(3), { firstName: 'Renamed' });
    await store.db.patients.delete(idOf(4));
    expect(await store.db.rosterDirty.count()).toBeGreaterThanOrEqual(3);

    const list = await local.patients.all();
    expect(list).toHaveLength(COUNT);
    const shown = names(list);
    expect(shown.has('Newcomer')).toBe(true);
    expect(shown.has('Renamed')).toBe(true);
    expect(shown.has('First3')).toBe(false);
    expect(shown.has('First4')).toBe(false);
    expect(list.find((record) => record.id === patient.id)?.lastName).toBe('Thistlewood');
  });

  it('falls back to the rows when too much changed, when the table was cleared, or a page is damaged', async () => {
    const { local, store, key } = await aStoreWithPatients();
    await withRoster(local, store);

    await putSealedBatch(
      store,
      key,
      'patients',
      Array.from({ length: ROSTER_REBUILD_AFTER + 1 }, (_, index) => ({
        id: idOf(index),
        firstName: `Again${index}`,
      })),
    );
    expect(names(await local.patients.all()).has('Again0')).toBe(true);
    await vi.waitFor(async () => expect(await store.db.rosterDirty.count()).toBe(0));

    const page = await store.db.roster.get(0);
    if (!page) throw new Error('no roster page');
    const damaged = new Uint8Array(page.sealed.data.slice(0));
    damaged[5] = (damaged[5] ?? 0) ^ 0xff;
    await store.db.roster.put({ ...page, sealed: { ...page.sealed, data: damaged.buffer } });
    const afterDamage = await local.patients.all();
    expect(afterDamage).toHaveLength(COUNT);
    expect(afterDamage.some((record) => record.decryptionError)).toBe(false);

    await store.db.patients.clear();
    expect(await local.patients.all()).toEqual([]);
  });
});
