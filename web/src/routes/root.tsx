import { createRootRoute, Outlet } from '@tanstack/react-router';
import { useAuth } from '../platform/auth/auth-context.tsx';
import { LoginPage } from '../platform/auth/login-page.tsx';
import { AppGate, FullScreenLoading } from './gates/app-gate.tsx';
import { NotFoundPage } from './placeholders/not-found-page.tsx';
import { preloadLanding } from './screens.ts';

function NotFoundGate() {
  const { status, user, arriving } = useAuth();
  if (status === 'checking') return <FullScreenLoading />;
  // Signed out, any unknown path is the sign-in page (spec 2.1); it redirects after its second of success.
  if (!user || user.mustResetPassword || arriving) return <LoginPage preloadLanding={preloadLanding} />;
  return (
    <AppGate>
      <NotFoundPage />
    </AppGate>
  );
}

export const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: NotFoundGate });
