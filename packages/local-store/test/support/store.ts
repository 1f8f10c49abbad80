import 'fake-indexeddb/auto';
import type { PermissionSubject } from '@dental/domain/permissions/can';
import { anAppointment } from '@dental/domain/testing/appointments';
import { aPatient } from '@dental/domain/testing/patients';
import type { AppointmentInput } from '../../src/commands/appointments.ts';
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

/**
 * The new-patient form's input, built by the domain's `aPatient`: Evangelina Thistlewood, allergic to
 * penicillin, whom the tests find by name in descriptions and whose allergy the permission rules read.
 * Her history names nothing else, so the communication preference takes the schema's default (email).
 * Her phone and email differ per call, so patients never clash; tests that read them pass their own.
 */
export function aPatientInput(overrides: Partial<PatientInput> = {}): PatientInput {
  // The command adds the practice and isActive itself: the form never sends them.
  const {
    practiceId: _practice,
    isActive: _active,
    ...fields
  } = aPatient({
    firstName: 'Evangelina',
    lastName: 'Thistlewood',
    medicalHistory: { allergies: ['penicillin'] },
  });
  // The domain builder types a body as its schema's input (any JSON object); the command checks it at run time.
  return { ...(fields as unknown as PatientInput), ...overrides };
}

/** The booking form's input, built by the domain's `anAppointment` (the doctor, id 2, in Room 1, a 30-minute cleaning). */
export function anAppointmentInput(
  over: Partial<AppointmentInput> & Pick<AppointmentInput, 'patientId' | 'appointmentDate'>,
): AppointmentInput {
  return anAppointment(over) as unknown as AppointmentInput;
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
