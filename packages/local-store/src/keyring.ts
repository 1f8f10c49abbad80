/**
 * The user's key on this device, apart from the store: the sign-in page loads only this (and the
 * IndexedDB wrapper it keeps the key in) to check a password offline and unwrap the user's key.
 */
export { WrongPasswordError } from './crypto/kdf.ts';
export {
  changeKeyringPassword,
  forgetSession,
  type UserKeyOptions,
  unlockUserKey,
  unlockUserKeyWithSession,
} from './crypto/user-keyring.ts';
