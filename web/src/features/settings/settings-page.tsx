import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useConnection } from '../../platform/api/connection.ts';
import { useAuth } from '../../platform/auth/auth-context.tsx';
import { FeesTab } from './fees-tab.tsx';
import { PracticeTab } from './practice-tab.tsx';
import { SecurityTab } from './security-tab.tsx';
import { UsersTab } from './users-tab.tsx';

export const SETTINGS_TABS = ['practice', 'users', 'holidays', 'provincial-fees', 'security'] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];

const isTab = (value: unknown): value is SettingsTab => SETTINGS_TABS.includes(value as SettingsTab);

function HolidaysCard() {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={3}>
          <Trans>Statutory holidays</Trans>
        </Title>
        <Text size="sm">
          <Trans>
            This is where the practice chooses which statutory holidays it closes on. The schedule will show them, and
            booking on a closed holiday will be refused like a closed day.
          </Trans>
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>Coming soon.</Trans>
        </Text>
      </Stack>
    </Paper>
  );
}

/** /settings (issue 21): one tab per area, chosen by ?tab=; online only. */
export function SettingsPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const { online } = useConnection();
  const search = useSearch({ strict: false }) as { tab?: string };
  const navigate = useNavigate();
  const tab: SettingsTab = isTab(search.tab) ? search.tab : 'practice';
  const practiceId = user?.currentPracticeId ?? 1;
  return (
    <Stack gap="md">
      <Title order={1}>
        <Trans>Settings</Trans>
      </Title>
      {!online && (
        <Alert color="yellow">
          <Trans>Settings need a connection to the server.</Trans>
        </Alert>
      )}
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(value) => {
          if (isTab(value)) void navigate({ to: '/settings', search: { tab: value } });
        }}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="practice">{t`Practice`}</Tabs.Tab>
          <Tabs.Tab value="users">{t`Users`}</Tabs.Tab>
          <Tabs.Tab value="holidays">{t`Holidays`}</Tabs.Tab>
          <Tabs.Tab value="provincial-fees">{t`Provincial fees`}</Tabs.Tab>
          <Tabs.Tab value="security">{t`Security`}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="practice">
          <PracticeTab key={practiceId} practiceId={practiceId} />
        </Tabs.Panel>
        <Tabs.Panel value="users">
          <UsersTab practiceId={practiceId} />
        </Tabs.Panel>
        <Tabs.Panel value="holidays">
          <HolidaysCard />
        </Tabs.Panel>
        <Tabs.Panel value="provincial-fees">
          <FeesTab key={practiceId} practiceId={practiceId} />
        </Tabs.Panel>
        <Tabs.Panel value="security">
          <SecurityTab practiceId={practiceId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
