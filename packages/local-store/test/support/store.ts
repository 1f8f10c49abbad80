import 'fake-indexeddb/auto';
import type { PermissionSubject } from '@dental/domain/permissions/can';
import type { PatientInput } from '../../src/commands/patients.ts';
import { unlockStore } from '../../src/crypto/keys.ts';
import type { StoreKey } from '../../src/crypto/store-key.ts';
import type { StoreHandle } from '../../src/db/handle.ts';
import { openStore } from '../../src/db/open.ts';
import { type LocalStore, localStore } from '../../src/local-store.ts';
import type { PracticeCalendar } from '../../src/types.ts';

export const PASSWORD = 'correct horse battery staple';
/** The floor: tests exercise the real PBKDF2 path without paying 600k iterations each time. */
export const TEST_ITERATIONS = 100_000;

/** The tests' practice runs on UTC, so day and time are plain slices of the instant. */
export const utcCalendar: PracticeCalendar = {
  dayOf: (iso) => new Date(iso).toISOString().slice(0, 10),
  timeOf: (iso) => new Date(iso).toISOString().slice(11, 16),
};

export const FIXED_NOW = '2026-11-20T15:00:00.000Z';

let nextUser = 1000;

/** A store of its own per test (a fresh user id), so tests never see each other's rows. */
export interface StoreOptions {
  practiceId?: number;
  userId?: number;
  actor?: PermissionSubject;
}

/** An opened, still locked store: for the key tests, which unlock it themselves. */
export async function aStore(options: StoreOptions = {}): Promise<StoreHandle> {
  nextUser += 1;
  return openStore({
    practiceId: options.practiceId ?? 1,
    userId: options.userId ?? nextUser,
    calendar: utcCalendar,
    clock: () => new Date(FIXED_NOW),
    ...(options.actor ? { actor: options.actor } : {}),
  });
}

/**
 * An unlocked store: `local` is the public surface every test drives it through; `store` and `key`
 * are its insides, for looking at what is on disk and for the internal modules' own tests.
 */
export interface TestStore {
  local: LocalStore;
  store: StoreHandle;
  key: StoreKey;
}

export async function anUnlockedStore(options: StoreOptions = {}): Promise<TestStore> {
  const store = await aStore(options);
  const key = await unlockStore(store.db, PASSWORD, { iterations: TEST_ITERATIONS });
  return { local: localStore(store, key), store, key };
}

export function aPatientInput(overrides: Partial<PatientInput> = {}): PatientInput {
  return {
    firstName: 'Evangelina',
    lastName: 'Thistlewood',
    phone: '416-555-0142',
    email: 'evangelina.thistlewood@example.ca',
    dateOfBirth: '1984-03-09',
    address: '77 Quillfeather Crescent',
    city: 'Toronto',
    province: 'ON',
    zipCode: 'M5V 2T6',
    medicalHistory: { allergies: ['penicillin'] },
    ...overrides,
  };
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Every table as raw JSON, binary as base64: what someone with the disk would see. */
export async function rawDump(store: StoreHandle): Promise<string> {
  const tables: Record<string, unknown[]> = {};
  for (const table of store.db.tables) tables[table.name] = await table.toArray();
  return JSON.stringify(tables, (_key, value: unknown) => {
    if (value instanceof ArrayBuffer) return base64(new Uint8Array(value));
    if (value instanceof Uint8Array) return base64(value);
    return value;
  });
}
