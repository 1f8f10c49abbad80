import Dexie, { type EntityTable } from 'dexie';
import { chooseIterations, deriveWrappingKey, MIN_ITERATIONS, SALT_BYTES, WrongPasswordError } from './kdf.ts';

/**
 * One random key per user on this device (AES-KW), wrapping each practice store's data key.
 * It is itself kept wrapped twice: by a PBKDF2 key from the password (so the device unlocks
 * offline), and by the server session's device secret (so a reload while signed in does not ask
 * for the password). Logging out forgets the session copy; only the password opens it then.
 */
interface KeyringEntry {
  key: 'salt' | 'iterations' | 'passwordWrapped' | 'sessionWrapped';
  value: unknown;
}

class KeyringDb extends Dexie {
  declare readonly entries: EntityTable<KeyringEntry, 'key'>;
  constructor(userId: number) {
    super(`dentalflow-u${userId}-keyring`);
    this.version(1).stores({ entries: '&key' });
  }
}

const USAGES: KeyUsage[] = ['wrapKey', 'unwrapKey'];

async function withKeyring<T>(userId: number, work: (db: KeyringDb) => Promise<T>): Promise<T> {
  const db = new KeyringDb(userId);
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

function sessionKey(deviceSecret: string): Promise<CryptoKey> {
  const raw = Uint8Array.from(atob(deviceSecret.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  return crypto.subtle.importKey('raw', raw, 'AES-KW', false, USAGES);
}

function unwrapUserKey(wrapped: ArrayBuffer, by: CryptoKey, extractable: boolean): Promise<CryptoKey> {
  return crypto.subtle.unwrapKey('raw', wrapped, by, 'AES-KW', 'AES-KW', extractable, USAGES);
}

async function get(db: KeyringDb, key: KeyringEntry['key']): Promise<unknown> {
  return (await db.entries.get(key))?.value;
}

export interface UserKeyOptions {
  /** The session's device secret, to remember the key for reloads during this session. */
  deviceSecret?: string | null;
  /** Only for a new keyring; the floor still applies. Defaults to chooseIterations(). */
  iterations?: number;
}

/** Unlocks (or on first use creates) the user's key with the password. Wrong password: nothing changes. */
export async function unlockUserKey(
  userId: number,
  password: string,
  options: UserKeyOptions = {},
): Promise<CryptoKey> {
  return withKeyring(userId, async (db) => {
    const [salt, iterations, wrapped] = await Promise.all([
      get(db, 'salt'),
      get(db, 'iterations'),
      get(db, 'passwordWrapped'),
    ]);
    let extractable: CryptoKey;
    if (salt instanceof Uint8Array && typeof iterations === 'number' && wrapped instanceof ArrayBuffer) {
      const byPassword = await deriveWrappingKey(password, new Uint8Array(salt), iterations);
      try {
        extractable = await unwrapUserKey(wrapped, byPassword, true);
      } catch {
        throw new WrongPasswordError();
      }
    } else {
      const count = Math.max(MIN_ITERATIONS, options.iterations ?? (await chooseIterations()));
      const freshSalt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
      extractable = await crypto.subtle.generateKey({ name: 'AES-KW', length: 256 }, true, USAGES);
      const byPassword = await deriveWrappingKey(password, freshSalt, count);
      await db.entries.bulkPut([
        { key: 'salt', value: freshSalt },
        { key: 'iterations', value: count },
        { key: 'passwordWrapped', value: await crypto.subtle.wrapKey('raw', extractable, byPassword, 'AES-KW') },
      ]);
    }
    if (options.deviceSecret) {
      const bySession = await sessionKey(options.deviceSecret);
      await db.entries.put({
        key: 'sessionWrapped',
        value: await crypto.subtle.wrapKey('raw', extractable, bySession, 'AES-KW'),
      });
    }
    // The copy this tab keeps cannot be exported, even by script on this page.
    const raw = await crypto.subtle.exportKey('raw', extractable);
    return crypto.subtle.importKey('raw', raw, 'AES-KW', false, USAGES);
  });
}

/** After a reload while the session lives: the key again without asking for the password. */
export async function unlockUserKeyWithSession(userId: number, deviceSecret: string): Promise<CryptoKey | null> {
  return withKeyring(userId, async (db) => {
    const wrapped = await get(db, 'sessionWrapped');
    if (!(wrapped instanceof ArrayBuffer)) return null;
    try {
      return await unwrapUserKey(wrapped, await sessionKey(deviceSecret), false);
    } catch {
      return null;
    }
  });
}

/** Logout: the session copy goes; the password copy stays for the next (possibly offline) sign-in. */
export async function forgetSession(userId: number): Promise<void> {
  await withKeyring(userId, (db) => db.entries.delete('sessionWrapped'));
}

/** After the user changes the password: rewraps the user key, using the session copy to open it. */
export async function changeKeyringPassword(
  userId: number,
  deviceSecret: string,
  newPassword: string,
): Promise<boolean> {
  return withKeyring(userId, async (db) => {
    const [wrapped, iterations] = await Promise.all([get(db, 'sessionWrapped'), get(db, 'iterations')]);
    if (!(wrapped instanceof ArrayBuffer)) return false;
    const extractable = await unwrapUserKey(wrapped, await sessionKey(deviceSecret), true);
    const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
    const count = typeof iterations === 'number' ? iterations : MIN_ITERATIONS;
    const byPassword = await deriveWrappingKey(newPassword, salt, count);
    await db.entries.bulkPut([
      { key: 'salt', value: salt },
      { key: 'iterations', value: count },
      { key: 'passwordWrapped', value: await crypto.subtle.wrapKey('raw', extractable, byPassword, 'AES-KW') },
    ]);
    return true;
  });
}
