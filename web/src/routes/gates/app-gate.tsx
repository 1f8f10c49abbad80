import { Trans } from '@lingui/react/macro';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { PageErrorBoundary } from '../../app/error-boundary.tsx';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { LoginPage } from '../../platform/auth/login-page.tsx';
import { loadShell, preloadLanding } from '../screens.ts';
import classes from './app-gate.module.css';

// The shell loads after sign-in, so the sign-in page (the first screen) stays small.
const AppLayout = lazy(() => loadShell().then((module) => ({ default: module.AppLayout })));

export function FullScreenLoading() {
  return (
    <Center h="100vh">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed">
          <Trans>Loading...</Trans>
        </Text>
      </Stack>
    </Center>
  );
}

/**
 * Signed-in pages: the sign-in page stands in for any of them until the user is known and has a usable
 * password. In the sign-in page's second of success the app is already drawn, hidden and inert beneath
 * it, so the screen appears ready; both keep their places in the tree, so neither starts over.
 */
export function AppGate({ children }: { children: ReactNode }) {
  const { status, user, arriving } = useAuth();
  if (status === 'checking') return <FullScreenLoading />;
  const usable = user !== null && !user.mustResetPassword;
  return (
    <>
      {usable && (
        <div className={arriving ? classes.arriving : undefined} inert={arriving} aria-hidden={arriving || undefined}>
          <PageErrorBoundary>
            <Suspense fallback={<FullScreenLoading />}>
              <AppLayout>{children}</AppLayout>
            </Suspense>
          </PageErrorBoundary>
        </div>
      )}
      {(!usable || arriving) && <LoginPage preloadLanding={preloadLanding} />}
    </>
  );
}
