import { APP } from '@dental/domain/constants';
import type { User } from '@dental/domain/users/user';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { clearCurrentPracticeId, writeCurrentPracticeId } from '../practice/current-practice-storage.ts';
import { checkSession, logout as logoutRequest } from './auth-api.ts';

export type AuthStatus = 'checking' | 'authenticated' | 'unauthenticated';

interface AuthState {
  status: AuthStatus;
  user: User | null;
}

interface AuthContextValue extends AuthState {
  /** Called by the sign-in page once the server accepted the credentials. */
  signedIn(user: User): void;
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

  const applyUser = useCallback((user: User) => {
    writeCurrentPracticeId(user.currentPracticeId);
    setState({ status: 'authenticated', user });
  }, []);

  const clear = useCallback(() => {
    clearCurrentPracticeId();
    setState({ status: 'unauthenticated', user: null });
  }, []);

  const refreshUser = useCallback(async () => {
    const result = await checkSession();
    if (result.kind === 'signed-in') {
      applyUser(result.user);
      return;
    }
    if (result.kind === 'failed')
      console.error(`${result.message} (${window.location.href}, ${new Date().toISOString()})`);
    clear();
  }, [applyUser, clear]);

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
      ...state,
      signedIn: applyUser,
      refreshUser,
      updateUser: applyUser,
      logout: async () => {
        await logoutRequest();
        clear();
      },
    }),
    [state, applyUser, refreshUser, clear],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
