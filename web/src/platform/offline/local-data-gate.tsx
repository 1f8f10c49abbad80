import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Center, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useAuth } from '../auth/auth-context.tsx';
import { unlockLocalData } from '../auth/local-unlock.ts';
import { useLocalData } from './local-data.tsx';

/** The offline areas read from the encrypted store: they render only once it is open. */
export function LocalDataGate({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const local = useLocalData();
  const auth = useAuth();
  const [password, setPassword] = useState('');
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  async function unlock(event: FormEvent) {
    event.preventDefault();
    if (!auth.user) return;
    setBusy(true);
    const key = await unlockLocalData(auth.user, password, auth.deviceSecret);
    setBusy(false);
    if (key) auth.setUserKey(key);
    else setFailed(true);
  }

  if (local.status === 'ready') return <>{children}</>;
  if (local.status === 'opening') {
    return (
      <Center py="xl">
        <Loader aria-label={t`Opening the data saved on this device`} />
      </Center>
    );
  }
  if (local.status === 'error') {
    const failure = local.error;
    return (
      <Alert color="red" title={t`Failed to decrypt data`}>
        <Trans>
          The data saved on this device could not be opened ({failure}). Nothing was deleted. Sign out and in again.
        </Trans>
      </Alert>
    );
  }
  return (
    <Center py="xl">
      <Paper withBorder p="xl" radius="md" maw={440} w="100%">
        <form onSubmit={unlock}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              <Trans>Unlock the data on this device</Trans>
            </Title>
            <Text size="sm">
              <Trans>Patient data saved on this device is encrypted. Enter your password to open it.</Trans>
            </Text>
            <Text size="sm" c="dimmed">
              <Trans>
                If an administrator has reset your password since you last used this device, enter your previous
                password.
              </Trans>
            </Text>
            <PasswordInput
              label={t`Your password`}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            {failed && (
              <Text size="sm" c="red.8">
                <Trans>This password does not open the data saved on this device.</Trans>
              </Text>
            )}
            <Button type="submit" loading={busy} disabled={!password}>
              <Trans>Unlock</Trans>
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
