import type { Practice } from '@dental/domain/practices/practice';
import type { User } from '@dental/domain/users/user';

/**
 * Profiles of users who signed in on this device, so they can sign in again without the server
 * (the local data key proves the password). Names, role and practice list only: no patient data.
 */
const PROFILES_KEY = 'dentalflow-offline-profiles';
const PRACTICES_KEY = 'dentalflow-offline-practices';

/** The local storage entries a device needs to sign in without the server; Hard Refresh keeps them. */
export const OFFLINE_SIGN_IN_KEYS: readonly string[] = [PROFILES_KEY, PRACTICES_KEY, 'dentalflow-preferences'];

function read<T>(key: string): Record<string, T> {
  try {
    return JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, T>;
  } catch {
    return {};
  }
}

function write<T>(key: string, value: Record<string, T>): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Without storage the device simply cannot sign in offline; online use is unaffected.
  }
}

export function rememberProfile(user: User): void {
  write(PROFILES_KEY, { ...read<User>(PROFILES_KEY), [user.username.toLowerCase()]: user });
}

export function profileFor(username: string): User | undefined {
  return read<User>(PROFILES_KEY)[username.trim().toLowerCase()];
}

export function rememberPractices(userId: number, practices: Practice[]): void {
  write(PRACTICES_KEY, { ...read<Practice[]>(PRACTICES_KEY), [String(userId)]: practices });
}

export function practicesFor(userId: number): Practice[] {
  return read<Practice[]>(PRACTICES_KEY)[String(userId)] ?? [];
}
