import { APP } from '@dental/domain/constants';
import type { User } from '@dental/domain/users/user';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { clearCurrentPracticeId, writeCurrentPracticeId } from '../practice/current-practice-storage.ts';
import { checkSession, logout as logoutRequest } from './auth-api.ts';
import { rememberProfile } from './offline-profiles.ts';

export type AuthStatus = 'checking' | 'authenticated' | 'unauthenticated';

export interface SignIn {
  user: User;
  /** Unwraps this user's local data on this device; null until the password or session provides it. */
  userKey: CryptoKey | null;
  /** Signed in against the local data only: the server could not be reached. */
  offline: boolean;
  deviceSecret: string | null;
}

interface AuthState extends Partial<Omit<SignIn, 'user'>> {
  status: AuthStatus;
  user: User | null;
  arriving?: boolean;
}

interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  userKey: CryptoKey | null;
  offline: boolean;
  deviceSecret: string | null;
  /**
   * Signed in, but the sign-in page still shows its second of success (spec 2.5): the app is drawn
   * hidden beneath it meanwhile, so the screen it leads to is ready when it is revealed.
   */
  arriving: boolean;
  /** The password was accepted: the app may be drawn hidden until `signedIn`. */
  arrive(signIn: SignIn): void;
  /** Called by the sign-in page once the server (or, offline, the local key) accepted the password. */
  signedIn(signIn: SignIn): void;
  /** The local data was unlocked with the password after the session was restored without it. */
  setUserKey(userKey: CryptoKey): void;
  refreshUser(): Promise<void>;
  /** Ends the session on the server first; rejects if the server could not be told. */
  logout(): Promise<void>;
  updateUser(user: User): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Fired by anything that learns the session is gone; clears the user, the practice and its stored id. */
export const AUTH_RESET_EVENT = 'dentalflow:auth-reset';

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'checking', user: null });

  const enter = useCallback((signIn: SignIn, arriving: boolean) => {
    writeCurrentPracticeId(signIn.user.currentPracticeId);
    if (!signIn.offline) rememberProfile(signIn.user);
    setState({ status: 'authenticated', ...signIn, arriving });
  }, []);
  const arrive = useCallback((signIn: SignIn) => enter(signIn, true), [enter]);
  const signedIn = useCallback((signIn: SignIn) => enter(signIn, false), [enter]);

  const clear = useCallback(() => {
    clearCurrentPracticeId();
    setState({ status: 'unauthenticated', user: null });
  }, []);

  const refreshUser = useCallback(async () => {
    const result = await checkSession();
    if (result.kind === 'signed-in') {
      // A reload while the session lives reopens the local data through the session's secret.
      const userKey = result.deviceSecret
        ? await import('@dental/local-store/keyring')
            .then(({ unlockUserKeyWithSession }) =>
              unlockUserKeyWithSession(result.user.id, result.deviceSecret as string),
            )
            .catch(() => null)
        : null;
      setState((current) => {
        writeCurrentPracticeId(result.user.currentPracticeId);
        rememberProfile(result.user);
        return {
          status: 'authenticated',
          user: result.user,
          userKey: userKey ?? (current.user?.id === result.user.id ? (current.userKey ?? null) : null),
          offline: false,
          deviceSecret: result.deviceSecret,
        };
      });
      return;
    }
    if (result.kind === 'failed')
      console.error(`${result.message} (${window.location.href}, ${new Date().toISOString()})`);
    clear();
  }, [clear]);

  useEffect(() => {
    const slow = window.setTimeout(
      () => console.warn('Authentication is taking longer than 15 seconds.'),
      APP.authLoadingWarningMs,
    );
    void refreshUser().finally(() => window.clearTimeout(slow));
    window.addEventListener(AUTH_RESET_EVENT, clear);
    return () => {
      window.clearTimeout(slow);
      window.removeEventListener(AUTH_RESET_EVENT, clear);
    };
  }, [refreshUser, clear]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.user,
      userKey: state.userKey ?? null,
      offline: state.offline ?? false,
      deviceSecret: state.deviceSecret ?? null,
      arriving: state.arriving ?? false,
      arrive,
      signedIn,
      setUserKey: (userKey) => setState((current) => ({ ...current, userKey })),
      refreshUser,
      updateUser: (user) => {
        writeCurrentPracticeId(user.currentPracticeId);
        rememberProfile(user);
        setState((current) => ({ ...current, user }));
      },
      logout: async () => {
        const userId = state.user?.id;
        if (!state.offline) await logoutRequest();
        if (userId !== undefined) {
          await import('@dental/local-store/keyring')
            .then(({ forgetSession }) => forgetSession(userId))
            .catch(() => undefined);
        }
        clear();
      },
    }),
    [state, arrive, signedIn, refreshUser, clear],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
