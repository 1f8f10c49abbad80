import { type DentalDb, getMeta } from '../db.ts';
import { markMoment } from '../timing.ts';

/** OWASP's PBKDF2-SHA-256 figure; used when the device can derive it in about half a second. */
export const TARGET_ITERATIONS = 600_000;
/** The floor on slow devices, so unlocking never takes several seconds at the front desk. */
export const MIN_ITERATIONS = 100_000;
export const CALIBRATION_BUDGET_MS = 500;
const CALIBRATION_SAMPLE = 100_000;
const SALT_BYTES = 16;

/** The password does not unwrap this store's key. Nothing was changed or deleted. */
export class WrongPasswordError extends Error {
  constructor() {
    super('The password does not unlock the data saved on this device.');
    this.name = 'WrongPasswordError';
  }
}

export class StoreLockedError extends Error {
  constructor() {
    super('The local store is locked. Sign in again to unlock it.');
    this.name = 'StoreLockedError';
  }
}

/**
 * The unlocked data key of one store. Both keys are non-extractable; the wrapping key is kept so a
 * password change can rewrap without asking for the old password again.
 */
export class StoreKey {
  #dataKey: CryptoKey | null;
  #wrappingKey: CryptoKey | null;

  constructor(dataKey: CryptoKey, wrappingKey: CryptoKey) {
    this.#dataKey = dataKey;
    this.#wrappingKey = wrappingKey;
  }

  get dataKey(): CryptoKey {
    if (!this.#dataKey) throw new StoreLockedError();
    return this.#dataKey;
  }

  get wrappingKey(): CryptoKey {
    if (!this.#wrappingKey) throw new StoreLockedError();
    return this.#wrappingKey;
  }

  get locked(): boolean {
    return this.#dataKey === null;
  }

  replaceWrappingKey(wrappingKey: CryptoKey): void {
    if (this.locked) throw new StoreLockedError();
    this.#wrappingKey = wrappingKey;
  }

  lock(): void {
    this.#dataKey = null;
    this.#wrappingKey = null;
  }
}

/** Sign-out: drops the key so nothing in this tab can read the store until the next unlock. */
export function lock(key: StoreKey): void {
  key.lock();
}

async function deriveWrappingKey(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', salt, iterations, hash: 'SHA-256' },
    material,
    { name: 'AES-KW', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  );
}

/**
 * Times a smaller derivation and scales it (PBKDF2 is linear in iterations), so the check costs a
 * sixth of a full derive on first unlock.
 */
export async function chooseIterations(now: () => number = () => performance.now()): Promise<number> {
  const started = now();
  await deriveWrappingKey('calibration', crypto.getRandomValues(new Uint8Array(SALT_BYTES)), CALIBRATION_SAMPLE);
  const projected = (now() - started) * (TARGET_ITERATIONS / CALIBRATION_SAMPLE);
  markMoment('calibrated', { sampleMs: now() - started });
  return projected < CALIBRATION_BUDGET_MS ? TARGET_ITERATIONS : MIN_ITERATIONS;
}

interface Keyring {
  wrappedKey: ArrayBuffer;
  salt: Uint8Array<ArrayBuffer>;
  iterations: number;
}

async function readKeyring(db: DentalDb): Promise<Keyring | null> {
  const [wrappedKey, salt, iterations] = await Promise.all([
    getMeta(db, 'wrappedKey'),
    getMeta(db, 'salt'),
    getMeta(db, 'iterations'),
  ]);
  if (!(wrappedKey instanceof ArrayBuffer) || !(salt instanceof Uint8Array) || typeof iterations !== 'number') {
    return null;
  }
  return { wrappedKey, salt: new Uint8Array(salt), iterations };
}

function unwrapDataKey(keyring: Keyring, wrappingKey: CryptoKey, extractable: boolean): Promise<CryptoKey> {
  return crypto.subtle.unwrapKey('raw', keyring.wrappedKey, wrappingKey, 'AES-KW', 'AES-GCM', extractable, [
    'encrypt',
    'decrypt',
  ]);
}

async function unlockExisting(keyring: Keyring, password: string): Promise<StoreKey> {
  const wrappingKey = await deriveWrappingKey(password, keyring.salt, keyring.iterations);
  try {
    return new StoreKey(await unwrapDataKey(keyring, wrappingKey, false), wrappingKey);
  } catch {
    // AES-KW checks integrity on unwrap, so a wrong password fails here and only here.
    throw new WrongPasswordError();
  }
}

async function wrapWithPassword(dataKey: CryptoKey, password: string, iterations: number) {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const wrappingKey = await deriveWrappingKey(password, salt, iterations);
  const wrappedKey = await crypto.subtle.wrapKey('raw', dataKey, wrappingKey, 'AES-KW');
  return { keyring: { wrappedKey, salt, iterations }, wrappingKey };
}

function keyringEntries(keyring: Keyring) {
  return [
    { key: 'wrappedKey', value: keyring.wrappedKey },
    { key: 'salt', value: keyring.salt },
    { key: 'iterations', value: keyring.iterations },
  ];
}

export interface UnlockOptions {
  /** Only used when the store has no key yet; the floor still applies. Defaults to chooseIterations(). */
  iterations?: number;
}

/**
 * Unlocks the store with the user's password, creating its data key on first use. A wrong
 * password throws WrongPasswordError and writes nothing.
 */
export async function unlockStore(db: DentalDb, password: string, options: UnlockOptions = {}): Promise<StoreKey> {
  const existing = await readKeyring(db);
  if (existing) return unlockExisting(existing, password);

  const iterations = Math.max(MIN_ITERATIONS, options.iterations ?? (await chooseIterations()));
  const dataKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  const { keyring, wrappingKey } = await wrapWithPassword(dataKey, password, iterations);
  // Two tabs may unlock a new store at once: only the first keyring written is kept.
  const won = await db.transaction('rw', db.meta, async () => {
    if (await db.meta.get('wrappedKey')) return false;
    await db.meta.bulkPut(keyringEntries(keyring));
    return true;
  });
  if (!won) {
    const stored = await readKeyring(db);
    if (!stored) throw new WrongPasswordError();
    return unlockExisting(stored, password);
  }
  // Re-import through unwrap so the key this tab holds is non-extractable.
  return new StoreKey(await unwrapDataKey(keyring, wrappingKey, false), wrappingKey);
}

/** After a password change: the same data key, wrapped for the new password with a new salt. */
export async function rewrapKey(
  db: DentalDb,
  key: StoreKey,
  newPassword: string,
  options: UnlockOptions = {},
): Promise<void> {
  const current = await readKeyring(db);
  if (!current) throw new StoreLockedError();
  const iterations = Math.max(MIN_ITERATIONS, options.iterations ?? current.iterations);
  const exportable = await unwrapDataKey(current, key.wrappingKey, true);
  const { keyring, wrappingKey } = await wrapWithPassword(exportable, newPassword, iterations);
  await db.transaction('rw', db.meta, () => db.meta.bulkPut(keyringEntries(keyring)));
  key.replaceWrappingKey(wrappingKey);
}

/**
 * Unlocks a practice's store with the user's key (see user-keyring.ts) instead of a password, so
 * one password derivation at sign-in opens every practice the user works in. The store still has
 * its own random data key; only its wrapping differs.
 */
export async function unlockStoreWithUserKey(db: DentalDb, userKey: CryptoKey): Promise<StoreKey> {
  const unwrap = async (wrapped: ArrayBuffer) => {
    try {
      return new StoreKey(
        await crypto.subtle.unwrapKey('raw', wrapped, userKey, 'AES-KW', 'AES-GCM', false, ['encrypt', 'decrypt']),
        userKey,
      );
    } catch {
      throw new WrongPasswordError();
    }
  };
  const existing = await getMeta(db, 'userWrappedKey');
  if (existing instanceof ArrayBuffer) return unwrap(existing);

  const dataKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  const wrapped = await crypto.subtle.wrapKey('raw', dataKey, userKey, 'AES-KW');
  const stored = await db.transaction('rw', db.meta, async () => {
    const raced = await db.meta.get('userWrappedKey');
    if (raced?.value instanceof ArrayBuffer) return raced.value;
    await db.meta.put({ key: 'userWrappedKey', value: wrapped });
    return wrapped;
  });
  return unwrap(stored);
}
