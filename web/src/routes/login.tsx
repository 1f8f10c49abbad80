import { HOME_PATH, safeReturnPath } from '@dental/domain/navigation/return-path';
import { createRoute, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAuth } from '../platform/auth/auth-context.tsx';
import { LoginPage } from '../platform/auth/login-page.tsx';
import { FullScreenLoading } from './gates/app-gate.tsx';
import { rootRoute } from './root.tsx';
import { preloadLanding } from './screens.ts';
import { loginSearch } from './search-params.ts';

function LoginRoute() {
  const { status, user, arriving } = useAuth();
  const { redirect = HOME_PATH } = useSearch({ from: '/login' });
  const navigate = useNavigate();
  const signedIn = user !== null && !user.mustResetPassword && !arriving;
  // Signed in already, or just now: go where the sign-in link asked, as the sign-in page itself does.
  useEffect(() => {
    if (signedIn) void navigate({ href: safeReturnPath(redirect), replace: true });
  }, [signedIn, redirect, navigate]);
  if (status === 'checking' || signedIn) return <FullScreenLoading />;
  return <LoginPage returnTo={redirect} preloadLanding={preloadLanding} />;
}

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: loginSearch,
  component: LoginRoute,
});
