import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createPatient } from '../src/commands/patients.ts';
import { WrongPasswordError } from '../src/crypto/kdf.ts';
import { unlockStoreWithUserKey } from '../src/crypto/keys.ts';
import {
  changeKeyringPassword,
  forgetSession,
  unlockUserKey,
  unlockUserKeyWithSession,
} from '../src/crypto/user-keyring.ts';
import { readPatients } from '../src/records/reads.ts';
import { aPatientInput, aStore, PASSWORD, TEST_ITERATIONS } from './support/store.ts';

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
/** Same form as the server's session device secret: 32 random bytes, base64url. */
const SECRET = base64url(crypto.getRandomValues(new Uint8Array(32)));
let nextUser = 9000;

describe('user keyring: one password derivation unlocks every practice store of the user', () => {
  it('opens two practice stores with one user key, and again after a reload through the session copy', async () => {
    const userId = ++nextUser;
    const userKey = await unlockUserKey(userId, PASSWORD, { iterations: TEST_ITERATIONS, deviceSecret: SECRET });
    const toronto = await aStore({ practiceId: 1, userId });
    const calgary = await aStore({ practiceId: 2, userId });
    const torontoKey = await unlockStoreWithUserKey(toronto.db, userKey);
    await createPatient(toronto, torontoKey, aPatientInput());
    await unlockStoreWithUserKey(calgary.db, userKey);

    const afterReload = await unlockUserKeyWithSession(userId, SECRET);
    expect(afterReload).not.toBeNull();
    const reopened = await unlockStoreWithUserKey(toronto.db, afterReload as CryptoKey);
    expect((await readPatients(toronto, reopened)).map((p) => p.lastName)).toEqual(['Thistlewood']);
  });

  it('the user key cannot be exported', async () => {
    const userKey = await unlockUserKey(++nextUser, PASSWORD, { iterations: TEST_ITERATIONS });
    expect(userKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', userKey)).rejects.toThrow();
  });

  it('a wrong password throws and changes nothing; the right one still works', async () => {
    const userId = ++nextUser;
    await unlockUserKey(userId, PASSWORD, { iterations: TEST_ITERATIONS });
    await expect(unlockUserKey(userId, 'wrong password')).rejects.toBeInstanceOf(WrongPasswordError);
    await expect(unlockUserKey(userId, PASSWORD)).resolves.toBeDefined();
  });

  it('after logout only the password opens the data', async () => {
    const userId = ++nextUser;
    await unlockUserKey(userId, PASSWORD, { iterations: TEST_ITERATIONS, deviceSecret: SECRET });
    await forgetSession(userId);
    expect(await unlockUserKeyWithSession(userId, SECRET)).toBeNull();
    await expect(unlockUserKey(userId, PASSWORD)).resolves.toBeDefined();
  });

  it('another session secret does not open it', async () => {
    const userId = ++nextUser;
    await unlockUserKey(userId, PASSWORD, { iterations: TEST_ITERATIONS, deviceSecret: SECRET });
    expect(await unlockUserKeyWithSession(userId, base64url(crypto.getRandomValues(new Uint8Array(32))))).toBeNull();
  });

  it('a password change keeps the same user key, so every store still opens', async () => {
    const userId = ++nextUser;
    const userKey = await unlockUserKey(userId, PASSWORD, { iterations: TEST_ITERATIONS, deviceSecret: SECRET });
    const store = await aStore({ practiceId: 1, userId });
    await createPatient(store, await unlockStoreWithUserKey(store.db, userKey), aPatientInput());
    expect(await changeKeyringPassword(userId, SECRET, 'a brand new passphrase')).toBe(true);
    await expect(unlockUserKey(userId, PASSWORD)).rejects.toBeInstanceOf(WrongPasswordError);
    const renewed = await unlockUserKey(userId, 'a brand new passphrase');
    expect(await readPatients(store, await unlockStoreWithUserKey(store.db, renewed))).toHaveLength(1);
  });
});
