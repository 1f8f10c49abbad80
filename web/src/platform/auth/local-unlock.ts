import type { User } from '@dental/domain/users/user';

/** Loaded on demand so the storage library stays out of the sign-in page's first download. */
const keyring = () => import('@dental/local-store/keyring');

/**
 * Opens this user's local data with the password just accepted. Null when the data on this device
 * was locked with a password that has since been replaced by an administrator: it stays on the
 * device untouched, and the offline areas say so.
 */
export async function unlockLocalData(
  user: User,
  password: string,
  deviceSecret: string | null,
): Promise<CryptoKey | null> {
  const { WrongPasswordError, unlockUserKey } = await keyring();
  try {
    return await unlockUserKey(user.id, password, { deviceSecret });
  } catch (error) {
    if (error instanceof WrongPasswordError) return null;
    throw error;
  }
}

/** After a password change: the same local key, now opened by the new password. */
export async function unlockAfterPasswordChange(
  user: User,
  newPassword: string,
  previousPassword: string | null,
  deviceSecret: string | null,
): Promise<CryptoKey | null> {
  const withNew = await unlockLocalData(user, newPassword, deviceSecret);
  if (withNew || !previousPassword || !deviceSecret) return withNew;
  const withOld = await unlockLocalData(user, previousPassword, deviceSecret);
  if (!withOld) return null;
  const { changeKeyringPassword } = await keyring();
  await changeKeyringPassword(user.id, deviceSecret, newPassword);
  return withOld;
}
