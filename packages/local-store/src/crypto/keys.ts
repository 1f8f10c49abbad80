import { getMeta } from '../db/meta.ts';
import type { DentalDb } from '../db/schema.ts';
import { chooseIterations, deriveWrappingKey, MIN_ITERATIONS, SALT_BYTES, WrongPasswordError } from './kdf.ts';
import { StoreKey, StoreLockedError } from './store-key.ts';

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
