import { Center, Loader, Stack, Text } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { useAuth } from '../features/auth/auth-context.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { PageErrorBoundary } from './error-boundary.tsx';
import { loadShell } from './screen-chunks.ts';

// The shell loads after sign-in, so the sign-in page (the first screen) stays small.
const AppLayout = lazy(() => loadShell().then((module) => ({ default: module.AppLayout })));

export function FullScreenLoading() {
  return (
    <Center h="100vh">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed">Loading...</Text>
      </Stack>
    </Center>
  );
}

/** Signed-in pages: the sign-in page stands in for any of them until the user is known and has a usable password. */
export function AppGate({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  if (status === 'checking') return <FullScreenLoading />;
  if (!user || user.mustResetPassword) return <LoginPage />;
  return (
    <PageErrorBoundary>
      <Suspense fallback={<FullScreenLoading />}>
        <AppLayout>{children}</AppLayout>
      </Suspense>
    </PageErrorBoundary>
  );
}
