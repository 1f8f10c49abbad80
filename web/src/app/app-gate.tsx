import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAuth } from '../features/auth/auth-context.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { AppLayout } from '../shell/app-layout.tsx';

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
  return <AppLayout>{children}</AppLayout>;
}
